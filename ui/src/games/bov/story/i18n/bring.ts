/**
 * Brings a campaign's told-back words (`bov_story.*`: ./en.ts, ./fr.ts) when
 * the first of its told-back modules loads: each imports this file before
 * its first `t` (the story, the evening's card, the year). Not in the
 * catalogue, so not in the first bundle ($lib/i18n/lazy.ts).
 */
import { bringWords } from '$lib/i18n/index.svelte';
import { bovStoryEn } from './en';
import { bovStoryFr } from './fr';

bringWords('bov_story', { en: bovStoryEn, fr: bovStoryFr });
