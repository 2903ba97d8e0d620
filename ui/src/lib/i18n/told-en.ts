/** The told-back screens every game shares (issue 57), English: `told.*` (charts, the evening's summary, the year). */
export const toldEn = {
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
