/**
 * Brings the words of the game told back (`risk.told.*`: ./en.ts, ./fr.ts) when the
 * first of its told-back modules loads: each imports this file before its
 * first `t` (the story, the evening's card, the year). Not in the catalogue,
 * so not in the first bundle ($lib/i18n/lazy.ts).
 */
import { bringWords } from '$lib/i18n/index.svelte';
import { riskToldEn } from './en';
import { riskToldFr } from './fr';

bringWords('risk.told', { en: riskToldEn, fr: riskToldFr });
