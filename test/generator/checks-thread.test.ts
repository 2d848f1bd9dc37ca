/**
 * When `--only docs` on a big document checks it on a thread of its own: the setting decides,
 * else the load against the cores (generator/validate-worker.ts).
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { checksThreadWanted, othersRunnableNow } from '../../generator/validate-worker.js';

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

  it.each([
    // 1-minute load, cores, other tasks runnable now, wanted
    [2.4, 2, 0, true], // the minute's average still holds the previous run: idle now
    [2.4, 2, 1, false], // another task runs: no core to spare
    [17.3, 2, 5, false],
    [1.2, 2, 7, true], // the average says spare (as before)
    [1.5, 1, 0, false], // one core: never spare beside the caller
    [40, 32, 30, true],
    [40, 32, 31, false],
  ] as const)(
    'load %d on %d cores with %d others runnable now → %s',
    (load, cores, others, wanted) => {
      expect(checksThreadWanted(undefined, load, cores, others)).toBe(wanted);
      // the setting still decides over both
      expect(checksThreadWanted('1', load, cores, others)).toBe(false);
    },
  );

  it('reads the runnable tasks from /proc/loadavg where there is one', () => {
    const others = othersRunnableNow();
    if (existsSync('/proc/loadavg')) {
      expect(Number.isInteger(others)).toBe(true);
      expect(others).toBeGreaterThanOrEqual(0);
    } else expect(others).toBeUndefined();
  });
});
