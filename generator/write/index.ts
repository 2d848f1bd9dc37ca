/**
 * Putting generated files on disk, all or nothing; or, in `--check` mode, comparing them with
 * what is on disk without writing.
 *
 * Each output directory is built complete in a sibling temp directory and swapped in with
 * renames, so a failed or interrupted run leaves the previous output as it was, and files an
 * emitter no longer produces disappear instead of going stale.
 */
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { backgroundWriter } from './background-writer.js';
import {
  startWriterThread,
  type ManifestRecord,
  type PlacedFile,
  type WriterFile,
} from './writer-thread.js';
import type { GeneratedFile } from '../emit/emitter.js';

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
  /**
   * `origin`: the output cache's key of the entry these files are (generator/cache/index.ts), kept
   * in the manifest beside each file so that a later run can `keep` them. `early`: pages
   * handed over while the rest is still being made go to the writer thread however few they
   * are (the thread then works while this one computes; see BACKGROUND_MIN_FILES).
   */
  add(dir: string, files: GeneratedFile[], origin?: string, early?: boolean): void;
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
    /**
     * With background writes: a folder (the output cache's) where the sink keeps, per complete
     * output directory, a manifest of the files it put there (ManifestRecord). A file whose
     * bytes are the ones the manifest records, and whose copy on disk is still the one it
     * recorded (same inode, size and modification time), is not written: it stays where it is
     * until the swap, which moves its folder in whole or links it (reuseInto). A
     * one-description edit of GitHub's document leaves ~6,000 of its ~6,500 files as they were.
     * Until then the old tree is untouched, so a failed run still leaves it as it was.
     */
    manifests?: string;
  } = {},
): OutputSink {
  const seen = new Map<string, Set<string>>(dirs.map((d) => [d.dir, new Set<string>()]));
  const diffs: Difference[] = [];
  const staged = new Map<string, string>();
  /** folders of the staging made so far: one mkdir per folder, not per file */
  const made = new Set<string>();
  const writer = opts.background && mode === 'write' ? backgroundWriter() : undefined;
  /** per complete output directory, when reusing: what its manifest says is there */
  const previous = new Map<string, Map<string, ManifestRecord>>();
  const reuse = writer && opts.manifests ? opts.manifests : undefined;
  /** the records of the files `keep` left in place */
  const kept: PlacedFile[] = [];
  const stage = (out: { dir: string; partial?: boolean }) => {
    const temp = join(dirname(out.dir), `.${basename(out.dir)}.tmp-${process.pid}`);
    rmSync(temp, { recursive: true, force: true });
    mkdirSync(temp, { recursive: true });
    staged.set(out.dir, temp);
    if (out.partial && existsSync(out.dir)) {
      for (const path of listFiles(out.dir)) copyInto(join(out.dir, path), join(temp, path));
    } else if (reuse) {
      previous.set(out.dir, readManifest(reuse, out.dir));
    }
  };
  // what earlier runs left to remove goes while this one computes (see discard)
  if (reuse) emptyTrash(reuse);
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
    add(dir, files, origin, early) {
      const names = seen.get(dir);
      if (!names) throw new Error(`${dir} is not an output directory of this run`);
      const batch: WriterFile[] = [];
      for (const f of files) {
        names.add(f.path);
        if (mode === 'check') {
          const full = join(dir, f.path);
          if (!existsSync(full)) diffs.push({ file: full, kind: 'missing' });
          else if (!readFileSync(full).equals(toBytes(f.contents)))
            diffs.push({ file: full, kind: 'changed' });
        } else if (
          writer &&
          onWriterThread({ files: files.length, early: early === true, reuse: previous.has(dir) })
        ) {
          batch.push({
            path: join(staged.get(dir)!, f.path),
            contents: f.contents,
            ...(previous.has(dir)
              ? {
                  record: true,
                  old: oldCopy(dir, f.path, previous.get(dir)!.get(f.path)),
                  ...(origin ? { origin } : {}),
                }
              : {}),
          });
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
    keep(dir, groups) {
      const before = previous.get(dir);
      const temp = staged.get(dir);
      const names = seen.get(dir);
      if (mode !== 'write' || !before || !temp || !names) return false;
      const found: PlacedFile[] = [];
      for (const { paths, origin } of groups)
        for (const path of paths) {
          const record = before.get(path);
          if (!record || record[4] !== origin || !unchanged(join(dir, path), record)) return false;
          found.push([join(temp, path), record, true]);
        }
      for (const { paths } of groups) for (const path of paths) names.add(path);
      kept.push(...found);
      return true;
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
      const records = [...kept, ...(writer?.records() ?? [])];
      for (const [dir, temp] of staged) {
        const old = `${temp}.old`;
        // The files left in place go in now (reuseInto); until the swap is done, a failure
        // puts every moved folder back, so the current tree is as it was.
        const moved = previous.has(dir) ? reuseInto(dir, temp, records) : [];
        try {
          if (existsSync(dir)) renameSync(dir, old);
          renameSync(temp, dir);
        } catch (error) {
          if (!existsSync(dir) && existsSync(old)) renameSync(old, dir);
          for (const path of moved) renameSync(join(temp, path), join(dir, path));
          throw error;
        }
        discard(old, reuse);
        if (reuse && previous.has(dir)) writeManifest(reuse, dir, temp, records);
      }
      staged.clear();
      if (reuse) emptyTrash(reuse);
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

/**
 * Puts the files the writer left in place (unchanged since the last run) into the staging:
 * a folder all of whose files are such, in the new output and in the current tree alike (no
 * other file there), is moved in whole — one rename instead of a link per file now and an
 * unlink per file when the old tree goes (GitHub's validators: ~4,000 files); the rest are
 * linked one by one. Moving takes the folder out of the current tree just before the swap, as
 * the swap itself does; the caller moves it back if the swap fails. Returns the folders moved.
 */
function reuseInto(dir: string, temp: string, records: PlacedFile[]): string[] {
  const prefix = temp + sep;
  const left = new Set<string>();
  /** per folder (relative, '/'-joined from the path's segments), [files, files left in place] */
  const counts = new Map<string, [number, number]>();
  for (const [path, , inPlace] of records) {
    if (!path.startsWith(prefix)) continue;
    const rel = path.slice(prefix.length);
    if (inPlace) left.add(rel);
    const parts = rel.split(sep);
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join(sep);
      const c = counts.get(folder) ?? [0, 0];
      c[0]++;
      if (inPlace) c[1]++;
      counts.set(folder, c);
    }
  }
  if (left.size === 0) return [];
  const whole = [...counts]
    .filter(([, [all, inPlace]]) => all === inPlace)
    .map(([folder]) => folder)
    .sort((a, b) => a.split(sep).length - b.split(sep).length || (a < b ? -1 : 1));
  const moved: string[] = [];
  const covered = (rel: string) => moved.some((m) => rel.startsWith(m + sep));
  try {
    for (const folder of whole) {
      if (covered(folder)) continue;
      const files = filesIfPlain(join(dir, folder));
      if (!files || files.length !== counts.get(folder)![1]) continue;
      if (!files.every((f) => left.has(join(folder, f)))) continue;
      mkdirSync(dirname(join(temp, folder)), { recursive: true });
      renameSync(join(dir, folder), join(temp, folder));
      moved.push(folder);
    }
    const made = new Set<string>();
    for (const rel of left) {
      if (covered(rel)) continue;
      const target = join(temp, rel);
      if (!made.has(dirname(target))) {
        mkdirSync(dirname(target), { recursive: true });
        made.add(dirname(target));
      }
      try {
        linkSync(join(dir, rel), target);
      } catch {
        copyFileSync(join(dir, rel), target); // links refused: the same bytes, copied
      }
    }
  } catch (error) {
    for (const folder of moved) renameSync(join(temp, folder), join(dir, folder));
    throw error;
  }
  return moved;
}

/** The files under `folder` (relative), or undefined when it holds anything but files and folders. */
function filesIfPlain(folder: string): string[] | undefined {
  const out: string[] = [];
  const walk = (d: string, rel: string): boolean => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = rel ? join(rel, entry.name) : entry.name;
      if (entry.isDirectory()) {
        if (!walk(join(d, entry.name), path)) return false;
      } else if (entry.isFile()) out.push(path);
      else return false;
    }
    return true;
  };
  try {
    return walk(folder, '') ? out : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the file at `path` is still the copy `record` describes. */
function unchanged(path: string, record: ManifestRecord): boolean {
  try {
    const stat = lstatSync(path, { bigint: true });
    return (
      stat.isFile() &&
      Number(stat.size) === record[0] &&
      String(stat.mtimeNs) === record[1] &&
      String(stat.ino) === record[2]
    );
  } catch {
    return false;
  }
}

function manifestFile(folder: string, dir: string): string {
  const id = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 24);
  return join(folder, `output-${id}.manifest`);
}

function readManifest(folder: string, dir: string): Map<string, ManifestRecord> {
  try {
    const parsed = JSON.parse(readFileSync(manifestFile(folder, dir), 'utf8')) as {
      dir: string;
      files: Record<string, ManifestRecord>;
    };
    if (parsed.dir === resolve(dir)) return new Map(Object.entries(parsed.files));
  } catch {
    // none yet, or unreadable: every file is written
  }
  return new Map();
}

/** The copy in the current tree a file may be linked from, when the manifest knows it. */
function oldCopy(dir: string, path: string, record: ManifestRecord | undefined): WriterFile['old'] {
  return record ? { path: join(dir, path), record } : undefined;
}

/** The manifest of `dir` after the swap: the records of its files, staged under `temp`. */
function writeManifest(folder: string, dir: string, temp: string, records: PlacedFile[]): void {
  const files: Record<string, ManifestRecord> = {};
  const prefix = temp + sep;
  for (const [path, record] of records)
    if (path.startsWith(prefix)) files[path.slice(prefix.length)] = record;
  const file = manifestFile(folder, dir);
  const tempFile = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(tempFile, JSON.stringify({ dir: resolve(dir), files }));
    renameSync(tempFile, file);
  } catch {
    rmSync(tempFile, { force: true }); // no manifest: the next run writes every file
  }
}
