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
import { Worker } from 'node:worker_threads';
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
  /**
   * Resolves when every file added so far is on disk (rejects with the first write error).
   * With `background` writes, call it before `finish` and before `abort`.
   */
  settled(): Promise<void>;
  finish(): Difference[];
  abort(): void;
}

export function outputSink(
  dirs: { dir: string; partial?: boolean }[],
  mode: 'write' | 'check',
  opts: {
    /**
     * Write the staged files on a thread of their own instead of the calling one: the open,
     * write and close of thousands of files (GitHub's docs: ~2500) then overlap with whatever
     * the caller does next (the CLI validates the document meanwhile).
     */
    background?: boolean;
  } = {},
): OutputSink {
  const seen = new Map<string, Set<string>>(dirs.map((d) => [d.dir, new Set<string>()]));
  const diffs: Difference[] = [];
  const staged = new Map<string, string>();
  /** folders of the staging made so far: one mkdir per folder, not per file */
  const made = new Set<string>();
  const writer = opts.background && mode === 'write' ? backgroundWriter() : undefined;
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
    if (writer?.busy()) throw new Error('outputSink: abort() before the writes settled');
    writer?.close();
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
      const batch: { path: string; contents: string | Uint8Array }[] = [];
      for (const f of files) {
        names.add(f.path);
        if (mode === 'check') {
          const full = join(dir, f.path);
          if (!existsSync(full)) diffs.push({ file: full, kind: 'missing' });
          else if (!readFileSync(full).equals(toBytes(f.contents)))
            diffs.push({ file: full, kind: 'changed' });
        } else if (writer && files.length >= BACKGROUND_MIN_FILES) {
          batch.push({ path: join(staged.get(dir)!, f.path), contents: f.contents });
        } else {
          const full = join(staged.get(dir)!, f.path);
          const folder = dirname(full);
          if (!made.has(folder)) {
            mkdirSync(folder, { recursive: true });
            made.add(folder);
          }
          // A string is written as UTF-8 without a Buffer copy made here first.
          writeFileSync(full, f.contents);
        }
      }
      writer?.write(batch);
    },
    settled: () => writer?.settled() ?? Promise.resolve(),
    finish() {
      if (writer?.busy()) throw new Error('outputSink: finish() before the writes settled');
      writer?.close();
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

/**
 * An emitter's output of fewer files is written on the calling thread: the writer thread pays
 * off on thousands of files (GitHub's docs: 2481), not on our contract's ~100.
 */
const BACKGROUND_MIN_FILES = 500;

/** About how many bytes of files go to the writer thread in one message. */
const BATCH_BYTES = 1 << 20;
/**
 * At most about this many bytes wait for the writer thread. GitHub's docs (25 MB in all) fit:
 * the CLI then checks the document while the writer writes them all, instead of writing three
 * quarters on its own thread first (~0.3 s); their pages' text is garbage once encoded, so the
 * bytes in waiting do not raise the peak (~330 MB either way).
 */
const MAX_BACKLOG = 32 << 20;

interface BackgroundWriter {
  write(files: { path: string; contents: string | Uint8Array }[]): void;
  busy(): boolean;
  settled(): Promise<void>;
  close(): void;
}

/**
 * The writer thread's code: it makes folders and writes files in the order it is sent them and
 * answers each `settle` with the first error met so far. Plain CommonJS text (a worker started
 * with `eval`), so it runs the same from the TypeScript sources and from the CLI's bundle.
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const written = new BigInt64Array(workerData.written);
const made = new Set();
let failure;
parentPort.on('message', (message) => {
  if (message.kind === 'settle') {
    parentPort.postMessage({ id: message.id, error: failure });
    return;
  }
  if (failure) return;
  try {
    for (const file of message.files) {
      const folder = dirname(file.path);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      writeFileSync(file.path, file.contents);
      Atomics.add(written, 0, BigInt(file.contents.length));
    }
  } catch (error) {
    failure = String(error && error.message || error);
  }
});
`;

/**
 * Files written by a thread of their own: the open, write and close of each file go on while
 * this thread computes (libuv's threadpool would need this thread's event loop between them).
 */
function backgroundWriter(): BackgroundWriter {
  const encoder = new TextEncoder();
  /** bytes the writer thread has written, counted by it (read here without waiting for it) */
  const written = new BigInt64Array(new SharedArrayBuffer(8));
  let posted = 0;
  const made = new Set<string>();
  let worker: Worker | undefined;
  let sent = 0;
  let answered = 0;
  const pending = new Map<number, (error: string | undefined) => void>();
  // Started with the first large batch (a thread costs ~30 ms to start and ~25 MB).
  const start = () => {
    if (worker) return worker;
    worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { written: written.buffer } });
    worker.unref();
    worker.on('message', (m: { id: number; error?: string }) => {
      answered = Math.max(answered, m.id);
      pending.get(m.id)?.(m.error);
      pending.delete(m.id);
    });
    return worker;
  };
  return {
    write(files) {
      // As bytes of their own, handed over (transferred, not copied) in batches of about a
      // megabyte: neither thread holds a second copy of the output's text, and no message is large.
      let batch: { path: string; contents: Uint8Array }[] = [];
      let buffers: ArrayBuffer[] = [];
      let size = 0;
      const send = () => {
        if (batch.length > 0) start().postMessage({ kind: 'write', files: batch }, buffers);
        batch = [];
        buffers = [];
        size = 0;
      };
      for (const f of files) {
        // The bytes handed over and not yet written are held in memory: past MAX_BACKLOG, this
        // thread writes the file itself (the two then share the writing).
        if (posted - Number(Atomics.load(written, 0)) > MAX_BACKLOG) {
          const folder = dirname(f.path);
          if (!made.has(folder)) {
            mkdirSync(folder, { recursive: true });
            made.add(folder);
          }
          writeFileSync(f.path, f.contents);
          continue;
        }
        const bytes =
          typeof f.contents === 'string' ? encoder.encode(f.contents) : f.contents.slice();
        posted += bytes.length;
        batch.push({ path: f.path, contents: bytes });
        buffers.push(bytes.buffer as ArrayBuffer);
        size += bytes.length;
        if (size >= BATCH_BYTES) send();
      }
      send();
    },
    busy: () => worker !== undefined && answered < sent,
    settled() {
      if (!worker) return Promise.resolve();
      const id = ++sent;
      const w = worker;
      w.ref();
      return new Promise<void>((resolve, reject) => {
        pending.set(id, (error) => {
          if (pending.size <= 1) w.unref();
          if (error) reject(new Error(`writing the output failed: ${error}`));
          else resolve();
        });
        w.postMessage({ kind: 'settle', id });
      });
    },
    close() {
      void worker?.terminate();
      worker = undefined;
    },
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
