/**
 * The dice race's words, in each language: brought from its folder (the
 * test builds' game is in no catalogue every build holds), under its kind
 * (`$lib/i18n`'s `bringWords`), then said with `t`/`tDynamic` as any game's.
 */
import { bringWords, tDynamic } from '$lib/i18n/index.svelte';
import { KIND } from './go';

export const en = {
  box: 'Dice race (a test game)',
  new: {
    name: 'Name of the race',
    players: 'Players, one per line',
    target: 'Total to reach',
    create: 'Start the race',
  },
  board: {
    target: 'First to {target} wins.',
    player: 'Player',
    total: 'Total',
    to_roll: '{name} to roll.',
    won: '{name} wins the race!',
    roll: 'Roll the die',
    undo: 'Undo',
    redo: 'Redo',
    history: 'History',
  },
  history: {
    game_created: 'The race begins: {players}, to {target}.',
    rolled: '{player} rolls a {face}.',
    won: '{player} wins the race.',
  },
  seat: {
    total: 'Your total: {total} of {target}.',
    your_roll: 'Your roll.',
    to_roll: '{name} to roll.',
    won: '{name} wins the race.',
    roll: 'Roll the die',
  },
};

export const fr: typeof en = {
  box: 'Course de dés (un jeu de test)',
  new: {
    name: 'Nom de la course',
    players: 'Joueurs, un par ligne',
    target: 'Total à atteindre',
    create: 'Lancer la course',
  },
  board: {
    target: 'Le premier à {target} gagne.',
    player: 'Joueur',
    total: 'Total',
    to_roll: 'À {name} de lancer.',
    won: '{name} gagne la course\u00a0!',
    roll: 'Lancer le dé',
    undo: 'Annuler',
    redo: 'Rétablir',
    history: 'Historique',
  },
  history: {
    game_created: 'La course commence\u00a0: {players}, jusqu’à {target}.',
    rolled: '{player} fait {face}.',
    won: '{player} gagne la course.',
  },
  seat: {
    total: 'Votre total\u00a0: {total} sur {target}.',
    your_roll: 'À vous de lancer.',
    to_roll: 'À {name} de lancer.',
    won: '{name} gagne la course.',
    roll: 'Lancer le dé',
  },
};

/** Brings the race's words (once its shelf entry is made). */
export function bring(): void {
  bringWords(KIND, { en, fr });
}

/** A message of the race's words, `key` under its kind, in the language shown. */
export function w(key: string, params: Readonly<Record<string, string | number>> = {}): string {
  return tDynamic(`${KIND}.${key}`, params) ?? key;
}
