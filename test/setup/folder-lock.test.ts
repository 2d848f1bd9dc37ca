/**
 * The lock the package tests take around `npm install` (test/folder-lock.ts): what is left at its
 * path by a run that died must not keep the next runs waiting forever.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, releaseLock } from '../folder-lock.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const lockPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tms-lock-'));
  dirs.push(dir);
  return join(dir, 'x.lock');
};
/** `p`, or a rejection after `ms`; the timer is cleared either way (none left running). */
async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, no) => {
    timer = setTimeout(() => no(new Error('still waiting')), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('the test lock', () => {
  it('takes over a plain file left at its path', async () => {
    const lock = lockPath();
    writeFileSync(lock, '');
    await within(acquireLock(lock), 5_000);
    expect(existsSync(join(lock, 'pid'))).toBe(true);
    releaseLock(lock);
  });

  it('takes over a folder whose holder never wrote its pid, once that is long ago', async () => {
    const lock = lockPath();
    mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    await within(acquireLock(lock), 5_000);
    releaseLock(lock);
  });

  it('takes over the lock of a holder that died, and waits for one that lives', async () => {
    const lock = lockPath();
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), '2147483646');
    await within(acquireLock(lock), 5_000);
    // now held by this process, which is alive: a second taker waits until it is released
    let second = false;
    const waiting = acquireLock(lock).then(() => (second = true));
    await new Promise((r) => setTimeout(r, 800));
    expect(second).toBe(false);
    releaseLock(lock);
    await within(waiting, 5_000);
    releaseLock(lock);
  });

  it('fails at once, not waiting forever, when the lock cannot be made', async () => {
    const lock = join(lockPath(), 'missing-folder', 'x.lock');
    await expect(within(acquireLock(lock), 5_000)).rejects.toThrow(/ENOENT/);
  });
});
