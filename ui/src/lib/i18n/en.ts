/**
 * English message catalogue: every string a player can see lives here.
 *
 * Keys are nested by screen. Placeholders are written `{name}` and are
 * filled by `t(key, { name })`. Another locale (French first) copies this
 * shape: see `Catalogue` in ./index.svelte.ts.
 */
export const en = {
  app: {
    title: 'Bagless',
    tagline: 'Campaign diary for Assassin’s Creed: Brotherhood of Venice',
    loading: 'Loading…',
    back_to_library: 'Back to the library',
    nav_label: 'Main navigation',
  },
  library: {
    heading: 'Your campaigns',
    empty: 'No campaign yet. Start one when your brotherhood gathers at the table.',
    new_campaign: 'New campaign',
    open: 'Open the diary',
    count: '{count} campaigns',
  },
  diary: {
    heading: 'Campaign diary',
    placeholder: 'The diary of campaign {name} will appear here.',
    undo: 'Undo the last entry',
  },
  errors: {
    generic: 'Something went wrong: {message}',
    not_in_app: 'This page only works inside the Bagless application.',
  },
} as const;
