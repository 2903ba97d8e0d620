import { fireEvent, render, screen as dom, within } from '@testing-library/svelte';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameTold, YearTold } from '$lib/ipc';
import type { Story } from '$lib/ipc/types/risk/Story';
import type { Evening as EveningView } from '$lib/ipc/types/risk/Evening';
import type { Year as YearView } from '$lib/ipc/types/risk/Year';
import { screen, view } from '../fixtures';
import { BROTHERHOODS } from '../map/layout';

const ipc = vi.hoisted(() => ({ gameStory: vi.fn(), riskOpen: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/risk/ipc', async (original) => ({ ...(await original<typeof import('$games/risk/ipc')>()), ...ipc }));

const StoryScreen = (await import('./Story.svelte')).default;
const Evening = (await import('./Evening.svelte')).default;
const Year = (await import('./Year.svelte')).default;

const BROTHERHOOD_LIST: Story['brotherhoods'] = [
  { colour: 'red', name: 'Ana', neutral: false },
  { colour: 'grey', name: 'Bruno', neutral: false },
  { colour: 'white', name: null, neutral: true },
];

/** A story of `turns` turns after the deal: red gains one territory from grey every other turn. */
function story(turns: number, more: Partial<Story> = {}): Story {
  const points: Story['turns'] = [];
  for (let turn = 0; turn <= turns; turn += 1) {
    const gained = Math.min(13, Math.floor(turn / 2));
    points.push({
      turn,
      player: turn === 0 ? null : (['red', 'grey', 'white'] as const)[(turn - 1) % 3],
      seq: 10 + turn * 5,
      territories: [14 + gained, 14 - gained, 14],
      assassins: [30 + turn, 30, 20],
      in_progress: turn === turns && turns % 2 === 1,
    });
  }
  return {
    brotherhoods: BROTHERHOOD_LIST,
    board: 42,
    turns: points,
    conquests: [{ turn: 2, seq: 21, player: 'red', from: 'alaska', territory: 'kamchatka', previous_owner: 'grey' }],
    missions: [{ turn: 3, seq: 27, player: 'red', fragment: 1, name: { en: 'Help Jacob', fr: 'Aidez Jacob' }, assassins: 8 }],
    eliminations: [],
    events: 10 + turns * 5,
    won: null,
    ...more,
  };
}

function told(s: Story): GameTold {
  return { game: 'risk', id: 'g1', name: 'Saturday night', since: null, told: s };
}

async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function open(s: Story): Promise<HTMLElement> {
  ipc.gameStory.mockResolvedValue(told(s));
  ipc.riskOpen.mockResolvedValue(screen(view()));
  const { container } = render(StoryScreen, { gameId: 'g1' });
  await dom.findByTestId('risk-story-title');
  // The table twin comes in the frame after the charts.
  if (s.turns.length > 0) await dom.findByTestId('risk-story-table');
  return container;
}

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
});

describe('the story of a game', () => {
  it('draws a line per brotherhood in its map colour, and the table twin holds the same figures', async () => {
    const container = await open(story(6));
    expect(ipc.gameStory).toHaveBeenCalledWith('g1');
    const lines = dom.getAllByTestId('risk-story-territories-line');
    expect(lines.map((l) => l.dataset.colour)).toEqual(['red', 'grey', 'white']);
    expect(lines.map((l) => l.getAttribute('stroke'))).toEqual(['red', 'grey', 'white'].map((c) => BROTHERHOODS[c as 'red'].fill));
    const rows = dom.getAllByTestId('risk-story-row');
    expect(rows).toHaveLength(7);
    expect(rows.map((r) => r.dataset.territories)).toEqual(story(6).turns.map((p) => p.territories.join(' ')));
    // Turn 6: red 17, grey 11, the neutral 14; assassins 36, 30, 20.
    const cells = within(rows[6]).getAllByRole('cell').map((c) => c.textContent?.trim());
    expect(cells).toEqual(['neutral white', '17', '36', '11', '30', '14', '20', '']);
    // The conquest and the mission are marked on their turns, in words.
    expect(rows[2].textContent).toContain('Ana took Kamchatka from Bruno');
    expect(rows[3].textContent).toContain('Ana accomplished the mission of fragment 1, “Help Jacob” (+8 assassins)');
    expect(dom.getByTestId('risk-story-summary').textContent).toContain('6 turns, 1 conquest, 1 mission accomplished.');
    expect(dom.queryByTestId('risk-story-territories-thinned')).toBeNull();
    // The conquests' ticks: one path per brotherhood that took a territory, a tick per conquest.
    const ticks = [...dom.getByTestId('risk-story-territories').querySelectorAll('path.tick')] as SVGPathElement[];
    expect(ticks.map((tick) => tick.dataset.colour)).toEqual(['red']);
    expect(ticks[0].getAttribute('d')?.match(/M/g)).toHaveLength(1);
    expect(await violations(container)).toEqual([]);
  });

  it('moves from turn to turn with the keyboard, and the readout says each brotherhood’s figure', async () => {
    await open(story(6));
    const slider = dom.getByTestId('risk-story-territories-slider');
    expect(slider.getAttribute('tabindex')).toBe('0');
    expect(dom.getByTestId('risk-story-territories-readout').textContent).toBe('turn 6: Ana 17, Bruno 11, neutral white 14');
    await fireEvent.keyDown(slider, { key: 'Home' });
    expect(dom.getByTestId('risk-story-territories-readout').textContent).toBe('the deal: Ana 14, Bruno 14, neutral white 14');
    await fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuenow')).toBe('2');
    // Both charts share the cursor; the assassins' says theirs.
    expect(dom.getByTestId('risk-story-assassins-readout').textContent).toBe('turn 2: Ana 32, Bruno 30, neutral white 20');
    expect(dom.getAllByTestId('risk-story-row')[2].className).toContain('here');
  });

  it('thins a game of 1,353 turns to the chart and pages its table, the page following the cursor', async () => {
    await open(story(1353));
    const chart = dom.getByTestId('risk-story-territories');
    expect(chart.dataset.turns).toBe('1354');
    const points = Number(chart.dataset.points);
    expect(points).toBeLessThanOrEqual(732);
    // At least a point for each stretch of four units of the picture.
    expect(points).toBeGreaterThanOrEqual(183);
    expect(dom.getByTestId('risk-story-territories-thinned').textContent).toContain('1,354 turns');
    // The cursor starts on the last turn: its page, 25 turns a page.
    let rows = dom.getAllByTestId('risk-story-row');
    expect(rows.map((r) => r.dataset.turn)).toEqual(Array.from({ length: 4 }, (_, i) => String(1350 + i)));
    expect(dom.getByTestId('risk-story-summary').textContent).toContain('Turn 1,353 is under way.');
    await fireEvent.click(dom.getByTestId('risk-story-first'));
    rows = dom.getAllByTestId('risk-story-row');
    expect(rows).toHaveLength(25);
    expect(rows[0].dataset.turn).toBe('0');
    await fireEvent.click(dom.getByTestId('risk-story-next'));
    expect(dom.getAllByTestId('risk-story-row')[0].dataset.turn).toBe('25');
    await fireEvent.keyDown(dom.getByTestId('risk-story-assassins-slider'), { key: 'Home' });
    await fireEvent.keyDown(dom.getByTestId('risk-story-assassins-slider'), { key: 'PageUp' });
    expect(dom.getAllByTestId('risk-story-row')[0].dataset.turn).toBe('0');
    expect(dom.getAllByTestId('risk-story-row')[10].className).toContain('here');
  });

  it('names the winner of a game over', async () => {
    await open(story(4, { won: { ending: 'sigma_drawn', winners: ['red'], names: ['Ana'] } }));
    expect(dom.getByTestId('risk-story-won').textContent).toContain('Winner: Ana');
  });
});

describe('the evening’s card and the year', () => {
  const evening: EveningView = {
    events: 120,
    turns: 9,
    first_turn: 4,
    last_turn: 12,
    conquests: 5,
    rolls: 17,
    trades: 1,
    cards_traded: 3,
    trade_assassins: 4,
    cards_drawn: 3,
    missions: [],
    eliminations: [],
    brotherhoods: [
      { colour: 'red', name: 'Ana', neutral: false, territories_before: 14, territories: 18, assassins_before: 30, assassins: 35, conquests: 4, lost: 0 },
      { colour: 'grey', name: 'Bruno', neutral: false, territories_before: 14, territories: 10, assassins_before: 30, assassins: 22, conquests: 1, lost: 5 },
    ],
    won: null,
  };

  it('tells the evening’s figures as the rules crate gave them', async () => {
    const { container } = render(Evening, { told: { game: 'risk', id: 'g1', name: 'Saturday night', since: '2026-12-01T18:00:00Z', told: evening } });
    expect(dom.getByTestId('risk-evening-turns').textContent?.trim()).toBe('9 turns played (turns 4 to 12)');
    expect(dom.getByTestId('risk-evening-conquests').textContent?.trim()).toBe('5 conquests, 17 rolls of the dice');
    expect(dom.getByTestId('risk-evening-trades').textContent?.trim()).toBe('1 trade (3 cards, +4 assassins)');
    expect(dom.getByTestId('risk-evening-drawn').textContent?.trim()).toBe('3 territory cards drawn');
    const lines = dom.getAllByTestId('risk-evening-brotherhood').map((l) => l.textContent?.trim());
    expect(lines).toEqual(['▲ Ana: 14 → 18 territories', '◆ Bruno: 14 → 10 territories']);
    expect(await violations(container)).toEqual([]);
  });

  it('tells the year’s games and wins by player', async () => {
    const year: YearView = {
      games: 3,
      finished: 2,
      turns: 1204,
      players: [
        { name: 'Ana', games: 3, wins: 2 },
        { name: 'Bruno', games: 2, wins: 0 },
      ],
      played: [],
    };
    const yearTold: YearTold = { game: 'risk', told: year };
    const { container } = render(Year, { told: yearTold });
    expect(dom.getByTestId('risk-year-games').textContent?.trim()).toBe('3 games (2 finished), 1,204 turns played');
    const rows = dom.getAllByTestId('risk-year-player').map((r) => [r.dataset.name, r.dataset.games, r.dataset.wins]);
    expect(rows).toEqual([
      ['Ana', '3', '2'],
      ['Bruno', '2', '0'],
    ]);
    expect(await violations(container)).toEqual([]);
  });
});
