/**
 * README: the told-back screens' charts (issue 57), with d3-scale and
 * d3-shape only. Import them from the told-back screens alone (a story, an
 * evening's card, a year), which are lazy chunks: never from a first screen.
 *
 *   import { LineChart, BarChart, TableTwin, type Axis, type Series, type Mark } from '$lib/charts';
 *
 *   const axis: Axis = { name: t('…memory'), points: [1, 2, 3] };       // numbers: spaced by value;
 *                                                                         // words: evenly (ordinal)
 *   const series: Series[] = [
 *     { id: 'ezio', label: 'Ezio', colour: '#8c2f23', values: [0, 4, 9], step: true },
 *     { id: 'maria', label: 'Maria', colour: '#1f5f8b', values: [null, 2, 7], dash: '4 3' },
 *   ];
 *   const marks: Mark[] = [{ series: 'ezio', index: 2, label: t('…level_up', { level: 'II' }) }];
 *
 *   <LineChart id="xp" label={t('…xp_by_memory')} {axis} {series} {marks} onpick={(m) => …} />
 *   <BarChart id="wins" label={t('…wins')} axis={{ name: t('…player'), points: names }} series={[…]} />
 *
 * - `id` must be unique on the page; the twin table's id is `${id}-table`.
 * - Colours come from the caller (each game has its own); give series a
 *   `dash` too, so that they differ by more than colour.
 * - Values: one per axis point, `null` for none (the line breaks there).
 * - Numbers are written in the players' locale (`formatNumber`), or with
 *   `format`; axis points by `axis.format` (dates: `formatDateTime`).
 * - Each mark is a button over its point: Tab reaches it, its name says what
 *   it was, on which series, where, and the value; Enter or a click calls
 *   `onpick(mark)`.
 * - Accessibility: the SVG is `role="img"`, named by `label` and pointing to
 *   its twin (`aria-details`), a real `<table>` with the same numbers, read
 *   aloud and not shown (`twinShow="print"` prints it, `"always"` shows it;
 *   `twin={false}` to draw your own `TableTwin` with the same data).
 * - Thousands of points: each path keeps, per pixel column, its first,
 *   lowest, highest and last points (`thin` in ./model.ts), so at most four
 *   per column (2,560 for the default 640-pixel width) whatever the length,
 *   with every peak kept; the twin keeps every point. Marks are all drawn.
 * - The SVG uses attributes only (no CSS classes needed to draw, no
 *   foreignObject): the evening's picture copies it onto a canvas as is.
 */
export { default as LineChart } from './LineChart.svelte';
export { default as BarChart } from './BarChart.svelte';
export { default as TableTwin } from './TableTwin.svelte';
export { formatDateTime, formatNumber, thin, type Axis, type Mark, type Series } from './model';
