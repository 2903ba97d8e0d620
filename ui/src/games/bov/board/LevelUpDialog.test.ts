import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import LevelUpDialog from './LevelUpDialog.svelte';
import type { BoardCommand, PendingSkill } from '$lib/ipc';

const typed: PendingSkill = {
  assassin: 'daria',
  assassin_name: 'Dariâ',
  level: 2,
  options: [],
  postponed: false,
  hq_levels: [1, 2, 3, 4],
  max_name_chars: 60,
};
const known: PendingSkill = {
  assassin: 'claudio',
  assassin_name: 'Claudio',
  level: 1,
  options: [
    { level: 1, name: 'Blade Dance', hq_level_required: null },
    { level: 1, name: 'Rooftop Run', hq_level_required: 2 },
  ],
  postponed: true,
  hq_levels: [1, 2, 3, 4],
  max_name_chars: 60,
};

function setup() {
  const onact = vi.fn<(command: BoardCommand) => Promise<void>>(async () => {});
  render(LevelUpDialog, { pending: [typed, known], onact, onclose: () => {} });
  return onact;
}

describe('the level-up dialog', () => {
  it('sends a typed skill with the HQ level it requires', async () => {
    const onact = setup();
    await fireEvent.input(screen.getByTestId('skill-name-daria-2'), { target: { value: 'Smoke and Mirrors' } });
    await fireEvent.change(screen.getByTestId('skill-hq-daria-2'), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId('skill-choose-daria-2'));
    expect(onact).toHaveBeenCalledWith({
      type: 'choose_skill',
      assassin: 'daria',
      level: 2,
      name: 'Smoke and Mirrors',
      hq_level_required: 3,
    });
  });

  it('holds a typed name to the length the view gives', () => {
    render(LevelUpDialog, { pending: [{ ...typed, max_name_chars: 12 }], onact: vi.fn(), onclose: () => {} });
    expect(screen.getByTestId('skill-name-daria-2').getAttribute('maxlength')).toBe('12');
  });

  it('offers the pack cards when it knows them, and lets a choice be put off once', async () => {
    const onact = setup();
    expect(screen.queryByTestId('skill-name-claudio-1')).toBeNull();
    await fireEvent.click(screen.getByLabelText('Rooftop Run'));
    await fireEvent.click(screen.getByTestId('skill-choose-claudio-1'));
    expect(onact).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'choose_skill', assassin: 'claudio', name: 'Rooftop Run' }),
    );
    // Already put off: no second "decide later".
    expect(screen.queryByTestId('skill-later-claudio-1')).toBeNull();
    await fireEvent.click(screen.getByTestId('skill-later-daria-2'));
    expect(onact).toHaveBeenLastCalledWith({ type: 'postpone_skill', assassin: 'daria', level: 2 });
  });

  it('shows a refusal from the rules inside the dialog', async () => {
    const { IpcError } = await import('$lib/ipc');
    const onact = vi.fn(async () => {
      throw new IpcError('rules', 'refused', [
        { game: 'bov', code: 'skill_name', message: 'Type the skill card’s name.', params: {}, section: 'LEVELING UP AND SKILLS' },
      ]);
    });
    render(LevelUpDialog, { pending: [typed], onact, onclose: () => {} });
    await fireEvent.click(screen.getByTestId('skill-choose-daria-2'));
    expect((await screen.findByTestId('error')).textContent).toContain('skill card’s name');
  });
});
