/**
 * Garbage collection between emitters. V8 collects lazily: on GitHub's document a thread's heap
 * grew to ~650 MB between emitters while what it still used was ~115 MB, so the process peaked
 * at 1.2 GB where 0.8 GB sufficed. After an emitter's output is written (and dropped), a full
 * collection when the heap is large costs ~0.1-0.3 s and returns that memory. `gc` is exposed the
 * way test runners do it (Jest's --logHeapUsage): the flag set at run time, the function taken
 * from a fresh context; where that is refused, nothing happens.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

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
