/**
 * TMS_GEN_THREADS as the threading rules see it (generator/threads/setting.ts): 1 and 2 are
 * the only values that mean something; anything else is as if it were unset.
 */
import { describe, expect, it } from 'vitest';
import { threadsSetting } from '../../generator/threads/setting.js';

describe('threadsSetting', () => {
  it.each([
    ['1', 1],
    ['2', 2],
    [undefined, undefined],
    ['', undefined],
    ['3', undefined],
    ['0', undefined],
    ['yes', undefined],
    [' 2', undefined],
    ['2.0', undefined],
  ] as const)('TMS_GEN_THREADS=%j → %j', (value, setting) => {
    expect(threadsSetting({ TMS_GEN_THREADS: value })).toBe(setting);
  });

  it('reads the process environment by default', () => {
    const before = process.env.TMS_GEN_THREADS;
    try {
      process.env.TMS_GEN_THREADS = '1';
      expect(threadsSetting()).toBe(1);
      delete process.env.TMS_GEN_THREADS;
      expect(threadsSetting()).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.TMS_GEN_THREADS;
      else process.env.TMS_GEN_THREADS = before;
    }
  });
});
