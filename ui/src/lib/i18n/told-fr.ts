/** Les liens vers les écrans du récit (issue 57), en français : les clés de ./told-en.ts (voir la note de typographie de ./fr.ts). */
import type { Words } from './index.svelte';
import type { toldLinksEn } from './told-en';

export const toldLinksFr: Words<typeof toldLinksEn> = {
  evening: {
    heading: 'Cette soirée, racontée',
    open: 'Cette soirée',
  },
  year: {
    open: 'L’année',
  },
};
