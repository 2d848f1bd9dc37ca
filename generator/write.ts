/**
 * Putting generated files on disk, all or nothing; or, in `--check` mode, comparing them with
 * what is on disk without writing.
 *
 * Each output directory is built complete in a sibling temp directory and swapped in with
 * renames, so a failed or interrupted run leaves the previous output as it was, and files an
 * emitter no longer produces disappear instead of going stale.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { GeneratedFile } from './emit/emitter.js';

export interface OutputDir {
  dir: string;
  files: GeneratedFile[];
  /** when true, the directory holds only some emitters' files: write them, leave the rest */
  partial?: boolean;
}

export interface Difference {
  file: string;
  kind: 'changed' | 'missing' | 'extra';
}

export function checkOutputs(outputs: OutputDir[]): Difference[] {
  const diffs: Difference[] = [];
  for (const out of outputs) {
    const expected = new Map(out.files.map((f) => [f.path, toBytes(f.contents)]));
    for (const [path, bytes] of expected) {
      const full = join(out.dir, path);
      if (!existsSync(full)) diffs.push({ file: full, kind: 'missing' });
      else if (!readFileSync(full).equals(bytes)) diffs.push({ file: full, kind: 'changed' });
    }
    if (!out.partial) {
      for (const path of listFiles(out.dir))
        if (!expected.has(path)) diffs.push({ file: join(out.dir, path), kind: 'extra' });
    }
  }
  return diffs.sort((a, b) => a.file.localeCompare(b.file));
}

export function writeOutputs(outputs: OutputDir[]): void {
  // Stage everything first: nothing on disk changes until every directory is complete.
  const staged: { dir: string; temp: string }[] = [];
  try {
    for (const out of outputs) {
      const temp = join(dirname(out.dir), `.${basename(out.dir)}.tmp-${process.pid}`);
      rmSync(temp, { recursive: true, force: true });
      mkdirSync(temp, { recursive: true });
      if (out.partial && existsSync(out.dir)) {
        for (const path of listFiles(out.dir)) copyInto(join(out.dir, path), join(temp, path));
      }
      for (const f of out.files) {
        const full = join(temp, f.path);
        mkdirSync(dirname(full), { recursive: true });
        writeFileSync(full, toBytes(f.contents));
      }
      staged.push({ dir: out.dir, temp });
    }
  } catch (error) {
    for (const s of staged) rmSync(s.temp, { recursive: true, force: true });
    throw error;
  }
  for (const { dir, temp } of staged) {
    const old = `${temp}.old`;
    if (existsSync(dir)) renameSync(dir, old);
    renameSync(temp, dir);
    rmSync(old, { recursive: true, force: true });
  }
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full));
    }
  };
  walk(dir);
  return out;
}

function copyInto(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, readFileSync(from));
}

function toBytes(contents: string | Uint8Array): Buffer {
  return typeof contents === 'string' ? Buffer.from(contents, 'utf8') : Buffer.from(contents);
}
