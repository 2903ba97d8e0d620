/** Assassin Nation's words, French: the same keys as ./en.ts. */
import type { Catalogue } from '$lib/i18n/index.svelte';

export const nationFr: Catalogue['nation'] = {
  box: 'Assassin Nation',
};
