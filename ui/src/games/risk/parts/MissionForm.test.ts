/**
 * ACCOMPLIR DES MISSIONS on the holder's phone (issue 55): the mission of
 * one of its own fragments, "un ou plusieurs territoires", sent as entered.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import MissionForm from './MissionForm.svelte';

const territories = [
  { id: 'egypt', name: { en: 'Egypt', fr: 'Égypte' } },
  { id: 'congo', name: { en: 'Congo', fr: 'Congo' } },
  { id: 'east_africa', name: { en: 'East Africa', fr: 'Afrique de l’Est' } },
] as const;

const bounds = { turns_fewest: 0, turns_most: 20, assassins_fewest: 1, assassins_most: 50 };

describe('the mission form on a phone', () => {
  it('takes the turns and assassins the seat view bounds (issue 55)', () => {
    const own = { turns_fewest: 1, turns_most: 9, assassins_fewest: 2, assassins_most: 40 };
    render(MissionForm, { fragment: 4, territories: [...territories], bounds: own, busy: false, save: vi.fn() });
    const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
    expect([field('seat-mission-turns').min, field('seat-mission-turns').max]).toEqual(['1', '9']);
    expect([field('seat-mission-assassins').min, field('seat-mission-assassins').max]).toEqual(['2', '40']);
  });

  it('takes as many territories as the card names and sends the mission', async () => {
    const save = vi.fn().mockResolvedValue(true);
    render(MissionForm, { fragment: 4, territories: [...territories], bounds, busy: false, save });
    for (const [i, id] of ['egypt', 'congo', 'east_africa'].entries()) {
      if (i > 0) await fireEvent.click(screen.getByTestId('seat-mission-add'));
      await fireEvent.change(screen.getByTestId(`seat-mission-territory-${i}`), { target: { value: id } });
    }
    await fireEvent.input(screen.getByTestId('seat-mission-turns'), { target: { value: '2' } });
    await fireEvent.input(screen.getByTestId('seat-mission-assassins'), { target: { value: '5' } });
    await fireEvent.submit(screen.getByTestId('seat-mission-form-4'));
    expect(save).toHaveBeenCalledWith({ territories: ['egypt', 'congo', 'east_africa'], turns: 2, assassins: 5 });
  });
});
