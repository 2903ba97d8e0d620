/**
 * Every word module ./lazy.ts types, in each language, where it is brought:
 * for the catalogue's tests (French completeness and typography, every key
 * a component uses). Never imported by the app: its words come with their
 * screens' chunks. Typed so that a French word missing from a module, or a
 * module missing here, fails the type check.
 */
import { bovStoryEn } from '$games/bov/story/i18n/en';
import { bovStoryFr } from '$games/bov/story/i18n/fr';
import { nationToldEn } from '$games/nation/told/i18n/en';
import { nationToldFr } from '$games/nation/told/i18n/fr';
import { riskToldEn } from '$games/risk/told/i18n/en';
import { riskToldFr } from '$games/risk/told/i18n/fr';
import { toldEn, toldErrorsEn } from '$lib/told/i18n/en';
import { toldErrorsFr, toldFr } from '$lib/told/i18n/fr';
import type { Words } from './index.svelte';
import type { LazyWords } from './lazy';

export const lazyWords: { en: LazyWords; fr: Words<LazyWords> } = {
  en: { told: toldEn, app_errors: { codes: toldErrorsEn }, bov_story: bovStoryEn, risk: { told: riskToldEn }, nation: { told: nationToldEn } },
  fr: { told: toldFr, app_errors: { codes: toldErrorsFr }, bov_story: bovStoryFr, risk: { told: riskToldFr }, nation: { told: nationToldFr } },
};
