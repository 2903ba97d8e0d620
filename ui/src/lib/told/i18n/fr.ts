/** Les écrans du récit communs à tous les jeux (issue 57), en français : les clés de ./en.ts (voir la note de typographie de $lib/i18n/fr.ts). */
import type { Words } from '$lib/i18n/index.svelte';
import type { toldEn, toldErrorsEn } from './en';

export const toldFr: Words<typeof toldEn> = {
  evening: {
    closing: 'Avant que Bagless ne se ferme : ce qui a été joué ce soir.',
    close_now: 'Fermer Bagless',
    back: 'Retour',
    span: 'Du {since} au {until}',
    span_opened: 'Depuis l’ouverture de Bagless ({since}) jusqu’au {until}',
    since_label: 'Depuis',
    since_show: 'Afficher',
    since_reset: 'Depuis l’ouverture de Bagless',
    bad_time: 'Ce n’est pas une date et une heure : choisissez un jour et une heure dans le champ.',
    future_time: 'Cette heure n’est pas encore venue : choisissez-en une avant maintenant.',
    count: '{count} {count|partie jouée|parties jouées}',
    nothing: 'Aucune partie n’a été jouée pendant ce temps.',
    loading: 'La soirée se rassemble…',
    played: 'Partie jouée pendant ce temps.',
    print: 'Imprimer',
    picture: 'Enregistrer en image',
    picture_title: 'Enregistrer l’image de la soirée',
    picture_filter: 'Image PNG',
    picture_saving: 'L’image se dessine…',
    saved: 'L’image a été enregistrée : {path}',
    picture_heading: 'Bagless : cette soirée, racontée',
  },
  year: {
    heading: 'L’année, racontée',
    hint: 'Ce que chaque partie enregistrée dans la bibliothèque donne, boîte par boîte.',
    nothing: 'Rien n’est encore enregistré : jouez une partie et revenez.',
    loading: 'L’année s’additionne…',
  },
  chart: {
    image: '{label} (graphique\u202f; ses chiffres sont dans le tableau qui suit)',
    mark: '{label}\u00a0: {series}, {point}, {value}',
    marks: 'Ce qui s’est passé',
    thinned: '{caption} ({shown} points sur {all} : chaque haut et chaque bas gardés)',
    mark_in_table: '{label} ({series})',
  },
};

/** L’image de la soirée refusée ou non enregistrée : `app_errors.codes.*`. */
export const toldErrorsFr: Words<typeof toldErrorsEn> = {
  picture_not_png: 'L’image n’a pas pu être dessinée : rien n’a été enregistré.',
  picture_not_a_file: 'Une image s’enregistre dans un fichier, pas dans un dossier ni un périphérique : choisissez un nom de fichier.',
  picture_failed: 'L’image n’a pas pu être enregistrée là : choisissez un autre dossier.',
};
