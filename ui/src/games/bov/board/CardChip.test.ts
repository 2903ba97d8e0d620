import { render } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { CardDef } from '$lib/ipc';
import CardChip from './CardChip.svelte';

const armor: CardDef = {
  id: 'added-7',
  name: 'Leather Armor',
  kind: 'grey_equipment',
  fits: 'armor',
  health_bonus: 1,
  removal_mark: true,
  added: true,
};

describe('a card on a board', () => {
  it('names its kind and the health it adds, a spaced dot between them', () => {
    const { container } = render(CardChip, { card: armor, ondrop: () => {} });
    // Svelte drops a block's leading space: "White equipment· +1♥" before.
    expect(container.querySelector('.kind')!.textContent).toBe('White equipment · +1♥');
  });

  it('names its kind alone when it adds no health', () => {
    const { container } = render(CardChip, { card: { ...armor, health_bonus: 0 }, ondrop: () => {} });
    expect(container.querySelector('.kind')!.textContent).toBe('White equipment');
  });
});
