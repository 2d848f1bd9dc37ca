/** Summary figures the benches share, so every results file means the same by the same word. */

/**
 * The median of `values`: the middle one, or the mean of the two middle ones for an even count;
 * NaN for none (a results line then says NaN rather than a made-up figure).
 */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
