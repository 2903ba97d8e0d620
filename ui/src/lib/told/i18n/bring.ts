/**
 * Brings the told-back screens' words (`told.*`, and the evening picture's
 * `app_errors.codes.picture_*`: ./en.ts, ./fr.ts) when the first
 * module that says them loads: each of them imports this file before its
 * first `t` (the evening, the year, the charts). Not in the catalogue, so
 * not in the first bundle ($lib/i18n/lazy.ts).
 */
import { bringWords } from '$lib/i18n/index.svelte';
import { toldEn, toldErrorsEn } from './en';
import { toldErrorsFr, toldFr } from './fr';

bringWords('told', { en: toldEn, fr: toldFr });
// The evening picture's refusals, said as any error (`appErrorMessage`).
bringWords('app_errors.codes', { en: toldErrorsEn, fr: toldErrorsFr });
