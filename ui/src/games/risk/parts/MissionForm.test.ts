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

describe('the mission form on a phone', () => {
  it('takes as many territories as the card names and sends the mission', async () => {
    const save = vi.fn().mockResolvedValue(true);
    render(MissionForm, { fragment: 4, territories: [...territories], busy: false, save });
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
