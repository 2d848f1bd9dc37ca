/**
 * When `--only docs` on a big document checks it on a thread of its own: the setting decides,
 * else the load against the cores (generator/validate-worker.ts).
 */
import { describe, expect, it } from 'vitest';
import { checksThreadWanted } from '../../generator/validate-worker.js';

describe('checksThreadWanted', () => {
  it.each([
    // threads setting, 1-minute load, cores, wanted
    ['1', 0, 2, false],
    ['1', 0, 64, false],
    ['2', 30, 2, true],
    ['2', 0, 1, true],
    [undefined, 0, 2, true],
    [undefined, 1.99, 2, true],
    [undefined, 2, 2, false],
    [undefined, 17.3, 2, false],
    [undefined, 17.3, 32, true],
    ['', 0.5, 2, true],
    ['4', 3, 2, false],
  ] as const)('TMS_GEN_THREADS=%s, load %d on %d cores → %s', (threads, load, cores, wanted) => {
    expect(checksThreadWanted(threads, load, cores)).toBe(wanted);
  });
});
