/**
 * When `--only docs` on a big document checks it on a thread of its own: the setting decides,
 * else the load against the cores (generator/threads/validate-worker.ts).
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { checksThreadWanted, othersRunnableNow } from '../../generator/threads/validate-worker.js';

describe('checksThreadWanted', () => {
  it.each([
    // threads setting, 1-minute load, cores, wanted
    ['1', 0, 2, false],
    ['1', 0, 64, false],
    ['2', 30, 2, true],
    ['2', 0, 1, true],
    [undefined, 0, 2, false], // the writer thread has the second core
    [undefined, 0, 1, false],
    [undefined, 0, 3, true],
    [undefined, 1.99, 3, true],
    [undefined, 2, 3, false],
    [undefined, 17.3, 2, false],
    [undefined, 17.3, 32, true],
    ['', 0.5, 4, true],
    ['4', 3, 4, false],
  ] as const)('TMS_GEN_THREADS=%s, load %d on %d cores → %s', (threads, load, cores, wanted) => {
    expect(checksThreadWanted(threads, load, cores)).toBe(wanted);
  });

  it.each([
    // 1-minute load, cores, other tasks runnable now, wanted
    [3.4, 3, 0, true], // the minute's average still holds the previous run: idle now
    [3.4, 3, 1, false], // another task runs: no core to spare beside the writer's
    [0, 2, 0, false], // two cores: never, however idle
    [17.3, 4, 5, false],
    [1.2, 4, 7, true], // the average says spare
    [40, 32, 29, true],
    [40, 32, 30, false],
  ] as const)(
    'load %d on %d cores with %d others runnable now → %s',
    (load, cores, others, wanted) => {
      expect(checksThreadWanted(undefined, load, cores, others)).toBe(wanted);
      // the setting still decides over both
      expect(checksThreadWanted('1', load, cores, others)).toBe(false);
    },
  );

  it.each([
    // 1-minute load, cores, other tasks runnable now, wanted with a docs writer, without
    [0, 2, 0, false, true], // two cores: the writer's or the checks'
    [1.5, 2, 0, false, true],
    [2.4, 2, 0, false, true], // the average lags; nothing else runs now
    [2.4, 2, 1, false, false],
    [0, 1, 0, false, false],
    [2.5, 3, 1, false, true],
  ] as const)(
    'load %d on %d cores, %d others now: %s when docs are written, %s when not',
    (load, cores, others, withDocs, without) => {
      expect(checksThreadWanted(undefined, load, cores, others, true)).toBe(withDocs);
      expect(checksThreadWanted(undefined, load, cores, others, false)).toBe(without);
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
