/**
 * The words kept out of the catalogues, brought with the chunk of the
 * screens that say them (`bringWords`, ./index.svelte.ts), where they go:
 * the told-back screens' (issue 57), whose words grew the first bundle by
 * some 3 KB gzipped. Types only: `t()` checks their keys and params as the
 * catalogue's, and nothing of them is in the first bundle. The tests read
 * the words themselves from ./lazy-words.ts.
 */
import type { bovStoryEn } from '$games/bov/story/i18n/en';
import type { nationToldEn } from '$games/nation/told/i18n/en';
import type { riskToldEn } from '$games/risk/told/i18n/en';
import type { toldEn, toldErrorsEn } from '$lib/told/i18n/en';

export type LazyWords = {
  /** $lib/told/i18n/bring.ts */
  told: typeof toldEn;
  /** $lib/told/i18n/bring.ts: the evening picture's refusals, beside the catalogue's */
  app_errors: { codes: typeof toldErrorsEn };
  /** $games/bov/story/i18n/bring.ts */
  bov_story: typeof bovStoryEn;
  /** $games/risk/told/i18n/bring.ts */
  risk: { told: typeof riskToldEn };
  /** $games/nation/told/i18n/bring.ts */
  nation: { told: typeof nationToldEn };
};
