/**
 * When a big document's checks get a thread of their own: the setting decides, else a fixed
 * rule on the cores (generator/threads/validate-worker.ts), never the machine's momentary load.
 */
import { describe, expect, it } from 'vitest';
import { threadsSetting } from '../../generator/threads/setting.js';
import { checksThreadWanted } from '../../generator/threads/validate-worker.js';

describe('checksThreadWanted', () => {
  it.each([
    // threads setting, cores, docs written, wanted
    ['1', 2, true, false],
    ['1', 64, false, false],
    ['2', 2, true, true],
    ['2', 1, false, true],
    [undefined, 1, false, false],
    [undefined, 1, true, false],
    [undefined, 2, true, false], // the writer thread has the second core
    [undefined, 2, false, true],
    [undefined, 3, true, true],
    [undefined, 32, true, true],
    ['', 4, true, true],
    ['4', 4, true, true],
  ] as const)('TMS_GEN_THREADS=%s on %d cores, docs %s → %s', (threads, cores, docs, wanted) => {
    const setting = threadsSetting({ TMS_GEN_THREADS: threads });
    expect(checksThreadWanted(setting, cores, docs)).toBe(wanted);
  });
});
