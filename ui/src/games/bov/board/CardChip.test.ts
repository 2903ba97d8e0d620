import { render } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { CardDef } from '$lib/ipc';
import CardChip from './CardChip.svelte';

/** A card the players added, that gives health where it is worn. */
const brigandine: CardDef = { id: 'added-9', name: 'Brigandine', kind: 'grey_equipment', fits: 'armor', health_bonus: 2, removal_mark: false, added: true };

describe('a card on a board', () => {
  it('names its kind and the health it adds, a spaced dot between them', () => {
    const { container } = render(CardChip, { card: brigandine, ondrop: () => {} });
    // Svelte drops a block's leading space: "White equipment· +2♥" before.
    expect(container.querySelector('.kind')!.textContent).toBe('White equipment · +2♥');
  });

  it('names its kind alone when it adds no health', () => {
    const { container } = render(CardChip, { card: { ...brigandine, health_bonus: 0 }, ondrop: () => {} });
    expect(container.querySelector('.kind')!.textContent).toBe('White equipment');
  });
});
