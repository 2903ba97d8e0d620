/** Les écrans du récit communs à tous les jeux (issue 57), en français : les clés de ./told-en.ts (voir la note de typographie de ./fr.ts). */
import type { Catalogue } from './index.svelte';

export const toldFr: Catalogue['told'] = {
  chart: {
    image: '{label} (graphique\u202f; ses chiffres sont dans le tableau qui suit)',
    mark: '{label}\u00a0: {series}, {point}, {value}',
    marks: 'Ce qui s’est passé',
    thinned: '{caption} ({shown} points sur {all} : chaque haut et chaque bas gardés)',
    mark_in_table: '{label} ({series})',
  },
};
