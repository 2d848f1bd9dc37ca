/**
 * One round of a side-by-side comparison: ours first in even rounds, the peer first in odd ones,
 * so neither side always runs on the warmer caches or the busier machine. Shared by the
 * benchmarks that compare whole tools (docs, graph, scale).
 */
export async function inTurn<A, B>(
  round: number,
  ours: () => Promise<A>,
  theirs: () => Promise<B>,
): Promise<[A, B]> {
  if (round % 2 === 0) {
    const a = await ours();
    return [a, await theirs()];
  }
  const b = await theirs();
  return [await ours(), b];
}
