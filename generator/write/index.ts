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
import { backgroundWriter } from './background-writer.js';
import { oldCopy, readManifest, reuseInto, writeManifest } from './reuse.js';
import {
  startWriterThread,
  unchanged,
  type ManifestRecord,
  type PlacedFile,
  type WriterFile,
} from './writer-thread.js';
import type { GeneratedFile } from '../common/generated-file.js';

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
  /**
   * `origin`: the output cache's key of the entry these files are (generator/cache/index.ts), kept
   * in the manifest beside each file so that a later run can `keep` them. `early`: pages
   * handed over while the rest is still being made go to the writer thread however few they
   * are (the thread then works while this one computes; see BACKGROUND_MIN_FILES).
   * Returns the files' size in bytes as written (text as UTF-8): for the files the writer thread
   * takes, told by their encoding (no second pass over the text).
   */
  add(dir: string, files: GeneratedFile[], origin?: string, early?: boolean): number;
  /**
   * Leaves the files of cached outputs where they are, unread: true when, for every group, the
   * manifest says each path was placed by a run from that very entry (`origin`) and the copy
   * on disk is still the one it recorded (inode, size, modification time). The files then go
   * into the new tree at the swap as those left in place by the writer do. False (nothing
   * done): add them.
   */
  keep(dir: string, groups: { paths: string[]; origin: string }[]): boolean;
  /**
   * Resolves when every file added so far is on disk (rejects with the first write error).
   * With `background` writes, call it before `finish` and before `abort`.
   */
  settled(): Promise<void>;
  finish(): Difference[];
  abort(): void;
}

/** Options of outputSink. */
export interface SinkOptions {
  /**
   * Write the staged files on a thread of their own instead of the calling one: the open,
   * write and close of thousands of files (a large document's docs) then overlap with whatever
   * the caller does next (the CLI validates the document meanwhile).
   */
  background?: boolean;
  /**
   * With background writes: a folder (the output cache's) where the sink keeps, per complete
   * output directory, a manifest of the files it put there (ManifestRecord). A file whose
   * bytes are the ones the manifest records, and whose copy on disk is still the one it
   * recorded (same inode, size and modification time), is not written: it stays where it is
   * until the swap, which moves its folder in whole or links it (reuseInto). A
   * one-description edit of a large document leaves most of its files as they were.
   * Until then the old tree is untouched, so a failed run still leaves it as it was.
   */
  manifests?: string;
}

export function outputSink(
  dirs: { dir: string; partial?: boolean }[],
  mode: 'write' | 'check',
  opts: SinkOptions = {},
): OutputSink {
  return mode === 'check' ? new CheckingSink(dirs) : new WritingSink(dirs, opts);
}

/** `check` mode: each file compared with the disk as it arrives; nothing written. */
class CheckingSink implements OutputSink {
  private readonly seen: Map<string, Set<string>>;
  private readonly diffs: Difference[] = [];

  constructor(private readonly dirs: { dir: string; partial?: boolean }[]) {
    this.seen = new Map(dirs.map((d) => [d.dir, new Set<string>()]));
  }

  add(dir: string, files: GeneratedFile[]): number {
    const names = namesOf(this.seen, dir);
    let bytes = 0;
    for (const f of files) {
      names.add(f.path);
      const full = join(dir, f.path);
      const contents = toBytes(f.contents);
      bytes += contents.length;
      if (!existsSync(full)) this.diffs.push({ file: full, kind: 'missing' });
      else if (!readFileSync(full).equals(contents))
        this.diffs.push({ file: full, kind: 'changed' });
    }
    return bytes;
  }

  keep(): boolean {
    return false;
  }

  settled(): Promise<void> {
    return Promise.resolve();
  }

  finish(): Difference[] {
    for (const out of this.dirs) {
      if (out.partial) continue;
      const names = this.seen.get(out.dir)!;
      for (const path of listFiles(out.dir))
        if (!names.has(path)) this.diffs.push({ file: join(out.dir, path), kind: 'extra' });
    }
    return this.diffs.sort((a, b) => a.file.localeCompare(b.file));
  }

  abort(): void {}
}

function namesOf(seen: Map<string, Set<string>>, dir: string): Set<string> {
  const names = seen.get(dir);
  if (!names) throw new Error(`${dir} is not an output directory of this run`);
  return names;
}

/** `write` mode: each directory staged beside the real one, swapped in by `finish`. */
class WritingSink implements OutputSink {
  private readonly seen: Map<string, Set<string>>;
  private readonly staged = new Map<string, string>();
  /** folders of the staging made so far: one mkdir per folder, not per file */
  private readonly made = new Set<string>();
  private readonly writer: ReturnType<typeof backgroundWriter> | undefined;
  /** per complete output directory, when reusing: what its manifest says is there */
  private readonly previous = new Map<string, Map<string, ManifestRecord>>();
  private readonly reuse: string | undefined;
  /** the records of the files `keep` left in place */
  private readonly kept: PlacedFile[] = [];

  constructor(dirs: { dir: string; partial?: boolean }[], opts: SinkOptions) {
    this.seen = new Map(dirs.map((d) => [d.dir, new Set<string>()]));
    this.writer = opts.background ? backgroundWriter() : undefined;
    this.reuse = this.writer && opts.manifests ? opts.manifests : undefined;
    // what earlier runs left to remove goes while this one computes (see discard)
    if (this.reuse) emptyTrash(this.reuse);
    try {
      dirs.forEach((d) => this.stage(d));
    } catch (error) {
      this.abort();
      throw error;
    }
  }

  private stage(out: { dir: string; partial?: boolean }): void {
    const temp = join(dirname(out.dir), `.${basename(out.dir)}.tmp-${process.pid}`);
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp, { recursive: true });
    this.staged.set(out.dir, temp);
    if (out.partial && existsSync(out.dir)) {
      for (const path of listFiles(out.dir)) copyInto(join(out.dir, path), join(temp, path));
    } else if (this.reuse) {
      this.previous.set(out.dir, readManifest(this.reuse, out.dir));
    }
  }

  add(dir: string, files: GeneratedFile[], origin?: string, early?: boolean): number {
    const names = namesOf(this.seen, dir);
    const before = this.previous.get(dir);
    const threaded =
      this.writer !== undefined &&
      onWriterThread({ files: files.length, early: early === true, reuse: before !== undefined });
    const batch: WriterFile[] = [];
    let bytes = 0;
    for (const f of files) {
      names.add(f.path);
      const full = join(this.staged.get(dir)!, f.path);
      if (threaded)
        batch.push({
          path: full,
          contents: f.contents,
          ...(before
            ? {
                record: true,
                old: oldCopy(dir, f.path, before.get(f.path)),
                ...(origin ? { origin } : {}),
              }
            : {}),
        });
      else bytes += this.writeHere(full, f.contents);
    }
    return bytes + (this.writer?.write(batch) ?? 0);
  }

  /** Writes one file on this thread; its size in bytes. */
  private writeHere(full: string, contents: GeneratedFile['contents']): number {
    const folder = dirname(full);
    if (!this.made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.made.add(folder);
    }
    // A string is written as UTF-8 without a Buffer copy made here first.
    writeFileSync(full, contents);
    return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length;
  }

  keep(dir: string, groups: { paths: string[]; origin: string }[]): boolean {
    const before = this.previous.get(dir);
    const temp = this.staged.get(dir);
    const names = this.seen.get(dir);
    if (!before || !temp || !names) return false;
    const found: PlacedFile[] = [];
    for (const { paths, origin } of groups)
      for (const path of paths) {
        const record = before.get(path);
        if (!record || record[4] !== origin || !unchanged(join(dir, path), record)) return false;
        found.push([join(temp, path), record, true]);
      }
    for (const { paths } of groups) for (const path of paths) names.add(path);
    this.kept.push(...found);
    return true;
  }

  settled(): Promise<void> {
    return this.writer?.settled() ?? Promise.resolve();
  }

  finish(): Difference[] {
    if (this.writer?.busy()) throw new Error('outputSink: finish() before the writes settled');
    this.writer?.close();
    const records = [...this.kept, ...(this.writer?.records() ?? [])];
    for (const [dir, temp] of this.staged) this.swapIn(dir, temp, records);
    this.staged.clear();
    if (this.reuse) emptyTrash(this.reuse);
    return [];
  }

  /** The staged directory in place of the real one (whose old copy goes to the trash). */
  private swapIn(dir: string, temp: string, records: PlacedFile[]): void {
    const old = `${temp}.old`;
    // The files left in place go in now (reuseInto); until the swap is done, a failure
    // puts every moved folder back, so the current tree is as it was.
    const moved = this.previous.has(dir) ? reuseInto(dir, temp, records) : [];
    try {
      if (existsSync(dir)) renameSync(dir, old);
      renameSync(temp, dir);
    } catch (error) {
      if (!existsSync(dir) && existsSync(old)) renameSync(old, dir);
      for (const path of moved) renameSync(join(temp, path), join(dir, path));
      throw error;
    }
    discard(old, this.reuse);
    if (this.reuse && this.previous.has(dir)) writeManifest(this.reuse, dir, temp, records);
  }

  abort(): void {
    if (this.writer?.busy()) throw new Error('outputSink: abort() before the writes settled');
    this.writer?.close();
    for (const temp of this.staged.values()) rmSync(temp, { recursive: true, force: true });
    this.staged.clear();
  }
}

/**
 * An emitter's output of fewer files is written on the calling thread: the writer thread pays
 * off on thousands of files (GitHub's docs: 2481), not on our contract's ~100.
 */
const BACKGROUND_MIN_FILES = 500;

/**
 * Whether a batch goes to the writer thread (when there is one): a large batch; pages handed
 * over `early`, however few (the thread then creates files while the caller computes); and any
 * batch of a folder whose unchanged files the thread may reuse (only it reads the manifest).
 */
export function onWriterThread(batch: { files: number; early: boolean; reuse: boolean }): boolean {
  return batch.early || batch.reuse || batch.files >= BACKGROUND_MIN_FILES;
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

/**
 * The replaced tree, out of the way: with a cache folder, moved into its `trash/` and removed
 * there by a thread of its own, so the run does not wait for thousands of unlinks (GitHub's
 * output: ~6,500 files; seconds when the disk is busy). What a run could not finish before it
 * ended is removed at the start of the next (emptyTrash), beside the contract's loading.
 * Without a cache folder, or across file systems, it is removed here as before.
 */
function discard(old: string, cacheFolder: string | undefined): void {
  if (!existsSync(old)) return;
  if (cacheFolder) {
    try {
      const trash = join(cacheFolder, TRASH);
      mkdirSync(trash, { recursive: true });
      renameSync(old, join(trash, `${basename(old)}-${Date.now()}`));
      return;
    } catch {
      // another file system: removed here
    }
  }
  rmSync(old, { recursive: true, force: true });
}

/** The cache folder's folder of replaced trees (discard); the cache prune leaves it alone. */
export const TRASH = 'trash';

/**
 * Removes what `trash/` holds on a thread that does not keep the process alive: an exit
 * before it is done leaves the rest for the next run. Two runs removing the same entry at once
 * are harmless (removal ignores what is already gone).
 */
function emptyTrash(cacheFolder: string): void {
  const trash = join(cacheFolder, TRASH);
  let entries: string[];
  try {
    entries = readdirSync(trash).map((name) => join(trash, name));
  } catch {
    return;
  }
  if (entries.length === 0) return;
  const worker = startWriterThread({ kind: 'tms-gen-trash', paths: entries });
  worker.unref();
  worker.on('error', () => undefined);
}
