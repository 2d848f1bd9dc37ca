/**
 * What several test files need built (a packed tarball, an app with them installed) is built
 * once per run: the first file to ask builds it in the run's folder (test/setup/run-folder.ts),
 * the others wait for it and read its result; a failed build fails every file that asks, with
 * the builder's error.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { acquireLock, releaseLock } from './folder-lock.js';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** `build(folder)`'s result (JSON), built in `name`'s folder by the first file of the run to ask. */
export async function oncePerRun<T>(
  name: string,
  build: (folder: string) => Promise<T>,
): Promise<T> {
  const root = runFolder();
  const done = join(root, `${name}.json`);
  const lock = join(root, `${name}.lock`);
  await acquireLock(lock);
  try {
    if (!existsSync(done)) {
      const folder = join(root, name);
      rmSync(folder, { recursive: true, force: true }); // a builder that died left it half made
      let outcome: Outcome<T>;
      try {
        outcome = { ok: true, value: await build(folder) };
      } catch (error) {
        outcome = { ok: false, error: String((error as Error)?.stack ?? error) };
      }
      writeFileSync(`${done}.tmp`, JSON.stringify(outcome));
      renameSync(`${done}.tmp`, done);
    }
  } finally {
    releaseLock(lock);
  }
  const outcome = JSON.parse(readFileSync(done, 'utf8')) as Outcome<T>;
  if (!outcome.ok) throw new Error(`${name}, built once for the run, failed: ${outcome.error}`);
  return outcome.value;
}

function runFolder(): string {
  const provided = inject('runFolder');
  if (!provided)
    throw new Error(
      'no run folder: run with vitest.config.ts, whose global setup (test/setup/run-folder.ts) makes it',
    );
  return provided;
}
