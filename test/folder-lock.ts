/**
 * A lock between the processes of a test run (Vitest's forks, other runs on the machine): the
 * lock is a folder (mkdir is atomic) holding its holder's pid; a holder that died loses it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Waits until `lock` is ours. */
export async function acquireLock(lock: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return;
    } catch {
      if (!holderAlive(lock)) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export function releaseLock(lock: string): void {
  rmSync(lock, { recursive: true, force: true });
}

function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return true; // the holder is between mkdir and writing its pid
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
