/**
 * A complete run replaces each output folder whole (write/index.ts): files it did not write
 * there would be deleted. In a user's app, `--out` or `--docs` (default `docs`) may name a
 * folder of theirs; this finds one of their files, so the run can refuse instead.
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_MARK } from '../common/source.js';

/**
 * A file of `dir` when `dir` holds files and none at its top level is tms-gen's; undefined when
 * it is missing, empty, or an earlier run's output.
 */
export function foreignOutputFile(dir: string): string | undefined {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith('.'));
  } catch {
    return undefined;
  }
  if (entries.length === 0) return undefined;
  if (entries.some((e) => e.isFile() && startsWithOurHeader(join(dir, e.name)))) return undefined;
  return join(dir, (entries.find((e) => e.isFile()) ?? entries[0]).name);
}

function startsWithOurHeader(file: string): boolean {
  const head = Buffer.alloc(512);
  let fd;
  try {
    fd = openSync(file, 'r');
    return head.toString('utf8', 0, readSync(fd, head, 0, 512, 0)).includes(GENERATED_MARK);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
