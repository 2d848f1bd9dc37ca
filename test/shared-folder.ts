/**
 * The shared folder beside the repository (the API description and the spec corpora): found
 * through TMS_SHARED, default `../shared` from the repository root. Tests that read it say they
 * are skipped, and why, when it is missing; with CI=true a missing folder is a failure instead.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** The shared folder's absolute path (it may not exist). */
export function sharedDir(): string {
  return resolve(REPO, process.env.TMS_SHARED ?? join('..', 'shared'));
}

/** A path inside the shared folder. */
export function sharedPath(...parts: string[]): string {
  return join(sharedDir(), ...parts);
}

/**
 * Whether `parts` exists in the shared folder. When it does not: outside CI, prints why the
 * tests of `what` are skipped and returns false; with CI=true, throws (CI may not skip them).
 */
export function haveShared(what: string, ...parts: string[]): boolean {
  const path = sharedPath(...parts);
  if (existsSync(path)) return true;
  const why = `${path} is missing (set TMS_SHARED to the shared folder; default ../shared)`;
  if (process.env.CI && process.env.CI !== 'false')
    throw new Error(`${what}: ${why}; with CI set these tests may not be skipped`);
  console.warn(`\n!!! SKIPPING ${what}: ${why}. CI fails instead of skipping.\n`);
  return false;
}
