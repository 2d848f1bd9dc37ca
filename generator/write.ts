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
  const sink = outputSink(outputs, 'check');
  for (const out of outputs) sink.add(out.dir, out.files);
  return sink.finish();
}

export function writeOutputs(outputs: OutputDir[]): void {
  const sink = outputSink(outputs, 'write');
  try {
    for (const out of outputs) sink.add(out.dir, out.files);
  } catch (error) {
    sink.abort();
    throw error;
  }
  sink.finish();
}

/**
 * Where files go as emitters produce them, so no stage has to hold every output at once.
 * `write`: each directory is staged beside the real one as files arrive; `finish` swaps them
 * all in (nothing on disk changes before), `abort` removes the staging. `check`: each file is
 * compared as it arrives; `finish` adds the files on disk nobody produced and returns the
 * differences. Files of a directory may arrive in any number of batches.
 */
export interface OutputSink {
  add(dir: string, files: GeneratedFile[]): void;
  finish(): Difference[];
  abort(): void;
}

export function outputSink(
  dirs: { dir: string; partial?: boolean }[],
  mode: 'write' | 'check',
): OutputSink {
  const seen = new Map<string, Set<string>>(dirs.map((d) => [d.dir, new Set<string>()]));
  const diffs: Difference[] = [];
  const staged = new Map<string, string>();
  /** folders of the staging made so far: one mkdir per folder, not one per file */
  const made = new Set<string>();
  const stage = (out: { dir: string; partial?: boolean }) => {
    const temp = join(dirname(out.dir), `.${basename(out.dir)}.tmp-${process.pid}`);
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp, { recursive: true });
    staged.set(out.dir, temp);
    if (out.partial && existsSync(out.dir)) {
      for (const path of listFiles(out.dir)) copyInto(join(out.dir, path), join(temp, path));
    }
  };
  const abort = () => {
    for (const temp of staged.values()) rmSync(temp, { recursive: true, force: true });
    staged.clear();
  };
  if (mode === 'write') {
    try {
      dirs.forEach(stage);
    } catch (error) {
      abort();
      throw error;
    }
  }
  return {
    add(dir, files) {
      const names = seen.get(dir);
      if (!names) throw new Error(`${dir} is not an output directory of this run`);
      for (const f of files) {
        names.add(f.path);
        if (mode === 'check') {
          const full = join(dir, f.path);
          if (!existsSync(full)) diffs.push({ file: full, kind: 'missing' });
          else if (!readFileSync(full).equals(toBytes(f.contents)))
            diffs.push({ file: full, kind: 'changed' });
        } else {
          const full = join(staged.get(dir)!, f.path);
          const folder = dirname(full);
          if (!made.has(folder)) {
            mkdirSync(folder, { recursive: true });
            made.add(folder);
          }
          // Written as given: no Buffer copy of the text or bytes first (GitHub's docs: 25 MB).
          writeFileSync(full, f.contents);
        }
      }
    },
    finish() {
      if (mode === 'check') {
        for (const out of dirs) {
          if (out.partial) continue;
          const names = seen.get(out.dir)!;
          for (const path of listFiles(out.dir))
            if (!names.has(path)) diffs.push({ file: join(out.dir, path), kind: 'extra' });
        }
        return diffs.sort((a, b) => a.file.localeCompare(b.file));
      }
      for (const [dir, temp] of staged) {
        const old = `${temp}.old`;
        if (existsSync(dir)) renameSync(dir, old);
        renameSync(temp, dir);
        rmSync(old, { recursive: true, force: true });
      }
      staged.clear();
      return [];
    },
    abort,
  };
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
