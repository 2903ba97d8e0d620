/**
 * The told-back screens' words the first bundle needs (issue 57), English:
 * the links to them (`told.*`, from the library and a game's history). The
 * screens' own words are $lib/told/i18n/, brought with their chunk.
 */
export const toldLinksEn = {
  evening: {
    heading: 'This evening, told back',
    /** The link from the library and a game's history. */
    open: 'This evening',
  },
  year: {
    open: 'The year',
  },
} as const;
