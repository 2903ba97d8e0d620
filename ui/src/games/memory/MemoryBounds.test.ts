import { fireEvent, render, screen as dom } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemoryView } from '$lib/ipc';
import { assassin, drawn, screen, view } from './fixtures';

const ipc = vi.hoisted(() => ({
  memoryOpen: vi.fn(),
  memoryAct: vi.fn(),
  memoryUndo: vi.fn(),
  memoryRedo: vi.fn(),
  openDiary: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/memory/ipc', async (original) => ({ ...(await original<typeof import('$games/memory/ipc')>()), ...ipc }));
vi.mock('$games/bov/ipc', async (original) => ({ ...(await original<typeof import('$games/bov/ipc')>()), ...ipc }));

const { IpcError } = await import('$lib/ipc');
// Issue 55 (a fresh reader's FORM item): every number field of the memory's
// forms takes its fewest and most from the view (`spend` of each assassin,
// the offers' `adjust_cubes`, `guards`, `faces` and `weapon_dice`, the
// attack's `bonus` and `hits`); the panels write none. The bounds below are
// not the rules' usual ones, so a field that read anything else would show it.
const MemoryGame = (await import('./MemoryGame.svelte')).default;

const field = (testid: string) => dom.getByTestId(testid) as HTMLInputElement;
const bounds = (testid: string) => [field(testid).min, field(testid).max];

async function open(v: MemoryView): Promise<void> {
  ipc.memoryOpen.mockResolvedValue(screen(v));
  render(MemoryGame, { gameId: 'g1' });
  await dom.findByTestId('memory-track');
}

/** The fixture's view with offers of its own. */
function offering(v: MemoryView, more: Partial<MemoryView['offers']>): MemoryView {
  return { ...v, offers: { ...v.offers, ...more } };
}

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
  ipc.openDiary.mockResolvedValue({ assassins: [] });
});

describe('the memory’s number fields take the bounds the view gives', () => {
  it('spends 1 to the most the view gives each assassin, and none where it gives none (ASSASSIN ACTIONS)', async () => {
    await open(
      view({
        assassins: [assassin('alessandra', { spend: { fewest: 2, most: 3 } }), assassin('bastiano', { usable: 1, spend: { fewest: 1, most: 0 } })],
      }),
    );
    expect(bounds('memory-spend-count-alessandra')).toEqual(['2', '3']);
    expect(field('memory-spend-count-alessandra').value).toBe('2');
    expect((dom.getByTestId('memory-spend-alessandra') as HTMLButtonElement).disabled).toBe(false);
    // A cube usable, but the rules take no spend now (an attack to settle):
    // the button is not offered.
    expect((dom.getByTestId('memory-spend-bastiano') as HTMLButtonElement).disabled).toBe(true);
  });

  it('corrects the cubes within the view’s bounds (1. EVENT PHASE)', async () => {
    await open(offering(view(), { adjust_cubes: { fewest: 1, most: 2 } }));
    await fireEvent.click(dom.getByTestId('memory-adjust-open'));
    expect(bounds('memory-adjust-cubes')).toEqual(['1', '2']);
  });

  it('enters a card’s guard counts within the view’s bounds, on the card and when asked alone (ENEMIES)', async () => {
    await open(offering(drawn(), { guards: { fewest: 1, most: 3 } }));
    expect(bounds('memory-card-count-c')).toEqual(['1', '3']);
    ipc.memoryAct.mockRejectedValueOnce(
      new IpcError('rule', 'needs', [
        {
          game: 'memory',
          code: 'value_needed',
          params: { key: 'reinforcement.3.5.calm.d', what: 'reinforcement', players: '3', card: '5', column: 'calm', entrance: 'd' },
          section: '<29> Enemy Reinforcement Step',
          message: 'x',
        },
      ]),
    );
    await fireEvent.click(dom.getByTestId('memory-advance'));
    expect((await dom.findByTestId('memory-values')).dataset.kind).toBe('guards');
    expect(bounds('memory-value-input')).toEqual(['1', '3']);
  });

  it('enters each face within the dice the view knows the weapon rolls, else the view’s most (2. ATTACK)', async () => {
    await open(offering(view(), { faces: { fewest: 0, most: 7 }, weapon_dice: [{ weapon: 'hidden_blade', dice: 3 }] }));
    await fireEvent.click(dom.getByTestId('memory-attacker-alessandra'));
    expect(bounds('memory-face-alessandra-hit')).toEqual(['0', '7']);
    await fireEvent.input(dom.getByTestId('memory-weapon-alessandra'), { target: { value: 'Hidden blade' } });
    expect(bounds('memory-face-alessandra-hit')).toEqual(['0', '3']);
    expect(bounds('memory-face-alessandra-blank')).toEqual(['0', '3']);
    await fireEvent.input(dom.getByTestId('memory-weapon-alessandra'), { target: { value: 'musket' } });
    expect(bounds('memory-face-alessandra-special')).toEqual(['0', '7']);
  });

  it('gives hits and adds a special ability’s within the attack’s bounds (3. WEAPON’S SPECIAL ABILITY, 4. ASSIGN)', async () => {
    const roll = {
      assassin: 'alessandra',
      weapon: 'hidden_blade',
      faces: ['hit', 'special'] as ('hit' | 'special')[],
      by_bagless: false,
      on_target_square: true,
      paid: 'grouped' as const,
      hits: 2,
      special: true,
      riposte: false,
      exposes: false,
      alerts: false,
    };
    const enemies = [
      { enemy: 'elite', health: 3, hits: 0, eliminated: false },
      { enemy: 'agile', health: 1, hits: 0, eliminated: false },
    ];
    const attack = { turn: 1, attackers: [roll], enemies, bonus_hits: 0, riposte: [], stage: 'hits' as const };
    await open(
      view({
        waiting: { type: 'assign_hits' },
        attack: { attack, coordinated: false, total_hits: 2, suggested_hits: [0, 1], bonus_hits: true, bonus: { fewest: 0, most: 5 }, hits: { fewest: 0, most: 7 } },
      }),
    );
    expect(bounds('memory-hits-0')).toEqual(['0', '7']);
    expect(bounds('memory-hits-1')).toEqual(['0', '7']);
    expect(bounds('memory-bonus-hits')).toEqual(['0', '5']);
  });
});
