import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { BovSeatView, MemorySeatView } from '$lib/ipc/seat';
import { assassin, drawn } from '$games/memory/fixtures';
import BovSeat from './BovSeat.svelte';
import MemorySeat from '$games/memory/MemorySeat.svelte';

const daria: BovSeatView = {
  level: 1,
  action_cubes: 3,
  next_memory: '0.2',
  assassin: {
    id: 'daria',
    name: 'Dariâ',
    status: 'injured',
    health: 2,
    max_health: 4,
    armor_bonus: 1,
    apprentice_health: null,
    health_settable: true,
    skills: [{ level: 1, choice: { state: 'chosen', name: 'Swift', hq_level_required: null }, usable: true, apprentice_cannot_use: false }],
    equipped: [
      { slot: 'melee', card: { id: 'sword', name: 'Sword', kind: 'weapon', fits: 'melee', health_bonus: 0, removal_mark: false, added: false } },
      { slot: 'ranged', card: null },
    ],
    inventory: [null, null, null, null, null],
    bag: [],
  },
} as BovSeatView;

describe('a Brotherhood of Venice seat on its phone', () => {
  it('shows the assassin’s own board: health, cubes, equipment, skills', () => {
    render(BovSeat, { view: daria });
    expect(screen.getByTestId('seat-health').dataset.health).toBe('2');
    expect(screen.getByTestId('seat-health').textContent).toContain('2');
    expect(screen.getByTestId('seat-equipment').textContent).toContain('Melee: Sword');
    expect(screen.getByTestId('seat-equipment').textContent).toContain('Ranged: Free');
    expect(screen.getByTestId('seat-skills').textContent).toContain('Swift');
  });

  it('shows a memory in play: the step, the alert, the card drawn, its own cubes', () => {
    const play = drawn({ alert: true });
    const view: MemorySeatView = {
      memory: play.memory,
      turn: play.turn,
      step: play.step,
      alert: play.alert,
      reinforcement: play.reinforcement,
      assassin: assassin('daria', { cubes: 2 }),
    };
    render(MemorySeat, { view });
    expect(screen.getByTestId('seat-memory-step').dataset.step).toBe('reinforcement');
    expect(screen.getByTestId('seat-memory-alert').dataset.alert).toBe('true');
    expect(screen.getByTestId('seat-memory-reinforcement').textContent).toContain('Reinforcement card 5 drawn');
    expect(screen.getByTestId('seat-memory-assassin').textContent).toContain('2 of 3 cubes left');
    expect(screen.getByTestId('seat-memory-column').textContent).toContain('Column in force: calm');
    expect(screen.getByTestId('seat-memory-column').textContent).not.toContain('still come from');
  });

  it('says the card keeps the column it was drawn in when the alert changed after the draw', () => {
    const play = drawn({ alert: true });
    const view: MemorySeatView = {
      memory: play.memory,
      turn: play.turn,
      step: play.step,
      alert: play.alert,
      reinforcement: { ...play.reinforcement!, column: 'calm', column_kept: true },
      assassin: assassin('daria', { cubes: 2 }),
    };
    render(MemorySeat, { view });
    const column = screen.getByTestId('seat-memory-column');
    expect(column.dataset.column).toBe('calm');
    expect(column.dataset.kept).toBe('true');
    expect(column.textContent).toContain('Column in force: calm');
    expect(column.textContent).toContain('its guards still come from the column it was drawn in');
  });
});
