/** Assassin Nation's words, English: `nation.*` in the catalogue. */
export const nationEn = {
  box: 'Assassin Nation',
} as const;
