/** RISK Assassin's Creed's words, English: `risk.*` in the catalogue. */
export const riskEn = {
  box: 'RISK Assassin’s Creed',
} as const;
