/** RISK Assassin's Creed's words, French: the same keys as ./en.ts. */
import type { Catalogue } from '$lib/i18n/index.svelte';

export const riskFr: Catalogue['risk'] = {
  box: 'RISK Assassin’s Creed',
};
