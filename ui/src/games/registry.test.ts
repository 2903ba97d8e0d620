/**
 * The shelf: each route draws its game's own screen (issue 31: the window's
 * first screen is asked for before its first frame, by main.ts, through
 * `screenOf`), a route to a kind or screen this version does not know draws
 * nothing, and a game remembered without its kind is a campaign's.
 */
import { describe, expect, it } from 'vitest';
import type { GameRoute } from '$lib/router.svelte';
import { gameOf, screenOf, SHELF, STARTED_IN_LIBRARY } from './registry';

const route = (kind: string, screen: string, params: Record<string, string> = {}): GameRoute => ({
  name: 'game',
  kind,
  screen,
  gameId: 'g1',
  params,
});

describe('the shelf of games', () => {
  it("draws each route with its game's own screen and props", async () => {
    const own: [GameRoute, () => Promise<{ default: unknown }>, Record<string, unknown>][] = [
      [route('bov', 'board'), () => import('$games/bov/screens/Board.svelte'), { campaignId: 'g1' }],
      [route('bov', 'hq'), () => import('$games/bov/screens/Hq.svelte'), { campaignId: 'g1' }],
      [
        route('bov', 'sheet', { kind: 'pack_up' }),
        () => import('$games/bov/screens/Sheet.svelte'),
        { campaignId: 'g1', kind: 'pack_up' },
      ],
      [route('bov', 'history'), () => import('$lib/screens/History.svelte'), { game: 'bov', gameId: 'g1' }],
      [route('risk', ''), () => import('$games/risk/RiskGame.svelte'), { gameId: 'g1' }],
      [route('risk', 'risk_sheet'), () => import('$games/risk/RiskSheet.svelte'), { gameId: 'g1' }],
      [route('risk', 'game_history'), () => import('$lib/screens/History.svelte'), { game: 'risk', gameId: 'g1' }],
      [route('nation', 'nation'), () => import('$games/nation/NationGame.svelte'), { gameId: 'g1' }],
      [route('memory', ''), () => import('$games/memory/MemoryGame.svelte'), { gameId: 'g1' }],
    ];
    for (const [r, expected, props] of own) {
      const shown = screenOf(r);
      expect(shown, `${r.kind}/${r.screen}`).not.toBeNull();
      expect((await shown!.screen.load()).default, `${r.kind}/${r.screen}`).toBe((await expected()).default);
      expect(shown!.screen.props(r)).toEqual(props);
    }
    // Every screen's code is compiled on first import: slow on a loaded machine.
  }, 60_000);

  it("opens a game remembered without its kind as a campaign's diary", async () => {
    const shown = screenOf(route('', ''));
    expect(shown?.name).toBe('diary');
    expect((await shown!.screen.load()).default).toBe((await import('$games/bov/screens/Diary.svelte')).default);
  }, 30_000);

  it('draws nothing for a kind or a screen this version does not know', () => {
    expect(screenOf(route('chess', ''))).toBeNull();
    expect(screenOf(route('risk', 'diary'))).toBeNull();
    expect(screenOf(route('bov', 'toString'))).toBeNull();
    expect(gameOf('constructor')).toBeNull();
  });

  it('starts campaigns first in the library, and only the boxes with a form', () => {
    expect(STARTED_IN_LIBRARY[0]).toBe('bov');
    expect(STARTED_IN_LIBRARY).toEqual(['bov', 'risk', 'nation']);
    for (const kind of Object.keys(SHELF)) expect(Object.keys(gameOf(kind)!.screens).length).toBeGreaterThan(0);
  });
});

describe("each game's seat page, on the shelf", () => {
  it("draws a seat's view with its game's own seat page", async () => {
    const own: [string, () => Promise<{ default: unknown }>][] = [
      ['bov', () => import('$games/bov/BovSeat.svelte')],
      ['risk', () => import('$games/risk/RiskSeat.svelte')],
      ['nation', () => import('$games/nation/NationSeat.svelte')],
      ['memory', () => import('$games/memory/MemorySeat.svelte')],
    ];
    for (const [kind, expected] of own) {
      expect((await gameOf(kind)!.seat!()).default, kind).toBe((await expected()).default);
    }
    expect(Object.keys(SHELF).filter((kind) => gameOf(kind)!.seat === undefined)).toEqual([]);
  }, 60_000);
});

describe('the dice race, a game of the test builds only', () => {
  it('is not on the shelf outside the e2e build', () => {
    expect(import.meta.env.MODE).not.toBe('e2e');
    expect(gameOf('dice_race')).toBeNull();
    expect(STARTED_IN_LIBRARY).not.toContain('dice_race');
  });

  it('brings its own screens, form, history words and seat page, and its words in each language', async () => {
    const { testGames } = await import('./dice_race/shelf');
    const race = (testGames() as Record<string, import('./registry').ShelfGame>).dice_race;
    expect(Object.keys(race.screens)).toEqual(['race', 'game_history']);
    expect((await race.screens.race.load()).default).toBe((await import('./dice_race/DiceRace.svelte')).default);
    expect(race.screens.game_history.props(route('dice_race', 'game_history'))).toEqual({ game: 'dice_race', gameId: 'g1' });
    expect((await race.newGame!()).default).toBe((await import('./dice_race/NewDiceRace.svelte')).default);
    expect((await race.seat!()).default).toBe((await import('./dice_race/DiceSeat.svelte')).default);
    const { t, locale } = await import('$lib/i18n/index.svelte');
    expect(t(race.box as never)).toBe('Dice race (a test game)');
    await locale.set('fr');
    try {
      expect(t(race.box as never)).toBe('Course de dés (un jeu de test)');
    } finally {
      await locale.set('en');
    }
  }, 60_000);
});
