/**
 * A lock between the processes of a test run (Vitest's forks, other runs on the machine): the
 * lock is a folder (mkdir is atomic) holding its holder's pid; a holder that died loses it, and
 * so does anything else found at its path (a file, a folder whose pid never came), which would
 * otherwise keep every later run waiting.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Waits until `lock` is ours; throws at once when it cannot be made (its folder is missing). */
export async function acquireLock(lock: string): Promise<void> {
  while (!taken(lock)) {
    if (!holderAlive(lock)) rmSync(lock, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Whether `lock` is now ours; false while something else is at its path. */
function taken(lock: string): boolean {
  try {
    mkdirSync(lock);
  } catch (error) {
    // anything but "exists" (no parent folder, no right to write) would never clear: waiting on it hangs the run
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch {
    return false; // taken over between the two calls: try again
  }
}

export function releaseLock(lock: string): void {
  rmSync(lock, { recursive: true, force: true });
}

/** How long a holder may take between its mkdir and writing its pid. */
const PID_GRACE_MS = 10_000;

function holderAlive(lock: string): boolean {
  let made: number;
  try {
    const stat = statSync(lock);
    if (!stat.isDirectory()) return false; // not a lock of ours
    made = stat.mtimeMs;
  } catch {
    return false; // gone meanwhile
  }
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // the holder is between mkdir and writing its pid, unless that was long ago
    return Date.now() - made < PID_GRACE_MS;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
