/**
 * Thinning a line of more points than the chart has pixels (the
 * 20,000-event game has 1,354 turns): the points are cut into as many
 * stretches as there is room for (a stretch four units of the picture wide,
 * some six pixels in the window), and of each stretch the lowest and the
 * highest are kept, in their order, so no peak or trough a player would look
 * for is lost; the line's first and last points are kept too. A line of a
 * few hundred points is drawn instead of thousands, each stretch as one rise
 * or fall. A line that fits is kept whole.
 */
export function thinned(values: readonly number[], room: number): number[] {
  const n = values.length;
  const buckets = Math.max(1, Math.floor(room / 4));
  if (n <= room || n <= 4) return values.map((_, i) => i);
  const size = n / buckets;
  const kept: number[] = [0];
  const keep = (i: number) => {
    if (kept[kept.length - 1] !== i) kept.push(i);
  };
  for (let b = 0; b < buckets; b += 1) {
    const start = Math.floor(b * size);
    const end = Math.min(n, Math.floor((b + 1) * size));
    if (end <= start) continue;
    let low = start;
    let high = start;
    for (let i = start; i < end; i += 1) {
      if (values[i] < values[low]) low = i;
      if (values[i] > values[high]) high = i;
    }
    keep(Math.min(low, high));
    keep(Math.max(low, high));
  }
  keep(n - 1);
  return kept;
}

/** The page of `size` rows that holds row `index`. */
export function pageOf(index: number, size: number): number {
  return Math.floor(Math.max(0, index) / size);
}
