/**
 * Garbage collection between emitters. V8 collects lazily: a thread's heap grows between emitters
 * to several times what it still uses, and the process peaks that much higher. After an emitter's
 * output is written (and dropped), a full collection when the heap is large returns that memory for
 * a fraction of a second. `gc` is exposed the way test runners do it (Jest's --logHeapUsage): the
 * flag set at run time, the function taken from a fresh context; where that is refused, nothing
 * happens.
 */
import { writeSync } from 'node:fs';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { threadId } from 'node:worker_threads';
import type { EmitMemory } from '../emit/emitter.js';

/** Below this much used heap a collection would return little: skip it. */
const THRESHOLD_BYTES = 192 * 1024 * 1024;

function exposedGc(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/** Collects when the used heap is over the threshold. Returns whether it did. */
export function collectIfLarge(): boolean {
  if (process.memoryUsage().heapUsed < THRESHOLD_BYTES) return false;
  const gc = exposedGc();
  gc?.();
  return gc !== undefined;
}

/**
 * A bound on a long step's heap: V8 lets a heap that keeps growing (Ajv compiling Microsoft Graph's
 * 40,000 schemas) reach a multiple of what is still alive before a full collection, and that
 * headroom is resident memory. The function returned, called often during the step (it only reads
 * the heap's size), collects when the used heap has grown past `factor` times what the last
 * collection left, and never below `floorBytes`. A full collection costs about a second per GB
 * alive, so with factor 1.5 the step pays at most a collection for every half of its live heap it
 * allocates (most of Ajv's garbage dies young and never counts). Factor 1.5 was the fastest of
 * those measured on Microsoft Graph's document, with a peak close to the lowest.
 */
export function heapBound(factor = 1.5, floorBytes = 512 * 1024 * 1024): () => void {
  const gc = exposedGc();
  // what is alive at the start, measured: the heap V8 has grown to stays resident even after a
  // later collection, so the first limit is the one that matters most
  if (gc && getHeapStatistics().used_heap_size > floorBytes) gc();
  let limit = Math.max(floorBytes, getHeapStatistics().used_heap_size * factor);
  return () => {
    if (!gc) return;
    if (getHeapStatistics().used_heap_size < limit) return;
    gc();
    const alive = getHeapStatistics().used_heap_size;
    limit = Math.max(floorBytes, alive * factor);
    markMemory(`collected: ${Math.round(alive / 1048576)} MB alive`);
  };
}

/**
 * With TMS_GEN_MEMLOG=1, one line on stderr: the thread, a label and this thread's heap use and
 * the process's RSS (for finding what is alive at a run's peak; bench/graph.ts, by hand).
 * `external` already counts the array buffers (Node's process.memoryUsage): they are shown
 * inside it, not added to it (which counted them twice).
 */
export function markMemory(label: string): void {
  if (process.env.TMS_GEN_MEMLOG !== '1') return;
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 1048576);
  // written straight to the descriptor: a worker's process.stderr goes through the main
  // thread, which may be busy for a minute
  writeSync(
    2,
    `[mem] ${new Date().toISOString().slice(11, 19)} thread ${threadId} ${label}: heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)} MB), rss ${mb(m.rss)} MB\n`,
  );
}

/** The run's memory policy as emitters see it (EmitContext.memory): the helpers above. */
export const emitMemory: EmitMemory = {
  bound: (factor) => heapBound(factor),
  settle: () => void collectIfLarge(),
  mark: markMemory,
};
