/**
 * The told-back screens every game shares (issue 57), English: `told.*` (charts, the
 * evening's summary, the year) but the links to them, which the library and a
 * game's history show (the catalogue's: $lib/i18n/told-en.ts). Not in the
 * catalogue: brought by ./bring.ts when a told-back screen's chunk loads.
 */
export const toldEn = {
  evening: {
    /** Shown when the window's close brought the summary. */
    closing: 'Before Bagless closes: what was played this evening.',
    close_now: 'Close Bagless',
    back: 'Back',
    span: 'From {since} to {until}',
    span_opened: 'Since Bagless was opened ({since}), until {until}',
    since_label: 'Since',
    since_show: 'Show',
    since_reset: 'Since Bagless was opened',
    /** The players' time could not be read, or is to come. */
    bad_time: 'That is not a date and time: choose a day and an hour in the field.',
    future_time: 'That time has not come yet: choose one before now.',
    count: '{count} {count|game|games} played',
    nothing: 'No game was played in that time.',
    loading: 'Gathering the evening…',
    /** A game whose box does not yet draw its own card. */
    played: 'Played in that time.',
    print: 'Print',
    picture: 'Save as a picture',
    picture_title: 'Save the evening’s picture',
    picture_filter: 'PNG picture',
    picture_saving: 'Drawing the picture…',
    saved: 'The picture was saved: {path}',
    /** The evening's picture, its header line. */
    picture_heading: 'Bagless: this evening, told back',
  },
  year: {
    heading: 'The year, told back',
    hint: 'What every game recorded in the library adds up to, box by box.',
    nothing: 'Nothing is recorded yet: play a game and come back.',
    loading: 'Adding up the year…',
  },
  chart: {
    /** A chart's image name: its label, and where its figures are to be read. */
    image: '{label} (chart; its figures are in the table that follows)',
    /** A marked point, as a screen reader says it and its tooltip shows it. */
    mark: '{label}: {series}, {point}, {value}',
    /** What the marks tell, the table twin's last column heading. */
    marks: 'What happened',
    thinned: '{caption} ({shown} of {all} points: every high and low kept)',
    mark_in_table: '{label} ({series})',
  },
} as const;

/** The evening's picture refused or not saved: `app_errors.codes.*` (brought there with the evening, beside the catalogue's). */
export const toldErrorsEn = {
  picture_not_png: 'The picture could not be drawn: nothing was saved.',
  picture_not_a_file: 'A picture is saved to a file, not to a folder or a device: choose a file name.',
  picture_failed: 'The picture could not be saved there: choose another folder.',
} as const;
