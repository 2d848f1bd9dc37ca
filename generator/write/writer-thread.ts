/**
 * The writer thread (write/index.ts, backgroundWriter): it makes folders and writes files in
 * the order it is sent them, and answers each `settle` with the first error met so far and the
 * manifest records of what it placed. A module of its own, started as a worker from the CLI's
 * build (writer-thread.mjs beside cli.mjs, bin/build.js) or, from the sources, through tsx. It
 * also empties the cache's trash folder on a thread that does not keep the process alive.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * What the sink knows of a file it put in an output directory: `[bytes, mtimeNs, inode,
 * sha256, origin?]` (origin: the cache entry the bytes are from, OutputSink.keep). The file is
 * taken to be unchanged while its inode, size and modification time (in nanoseconds) are the
 * recorded ones, as git and make take it: an edit changes the time, and a replaced file has
 * another inode.
 */
export type ManifestRecord = [number, string, string, string, string?];
/** A file as the writer placed it: its staged path, record, and whether it was left in place. */
export type PlacedFile = [string, ManifestRecord, boolean];

/** A file for the writer thread; `old`: the current copy it may leave in place instead of writing. */
export interface WriterFile {
  path: string;
  contents: string | Uint8Array;
  /** report the file's manifest record (its stat and digest once in place) */
  record?: boolean;
  old?: { path: string; record: ManifestRecord };
  /** the cache entry the file is from, recorded with it (OutputSink.keep) */
  origin?: string;
}

export type WriterMessage =
  | { kind: 'write'; files: (WriterFile & { contents: Uint8Array })[] }
  | { kind: 'settle'; id: number };
export interface WriterAnswer {
  id: number;
  error?: string;
  records: PlacedFile[];
}

type WorkerJob =
  | { kind: 'tms-gen-writer'; written: SharedArrayBuffer }
  | { kind: 'tms-gen-trash'; paths: string[] };

/**
 * Starts the writer thread, or the trash's: the CLI's build of this module (beside cli.mjs);
 * from the TypeScript sources (tests, a checkout without esbuild), this module through tsx, whose
 * loader a worker's `--import` does not give its own entry on Node 20, so a one-line loader
 * registers it first.
 */
export function startWriterThread(job: WorkerJob): Worker {
  const folder = process.env.TMS_GEN_RUNTIME;
  const built = folder && join(folder, 'writer-thread.mjs');
  if (built && existsSync(built)) return new Worker(pathToFileURL(built), { workerData: job });
  const self = import.meta.url;
  if (!fileURLToPath(self).endsWith('.ts')) return new Worker(new URL(self), { workerData: job });
  const tsx = import.meta.resolve('tsx/esm/api');
  const load = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(self)}); })`;
  return new Worker(load, { eval: true, workerData: job });
}

/** The old copy, when it is still the file the manifest recorded and holds these bytes. */
export function reusable(
  old: WriterFile['old'],
  bytes: Uint8Array,
  hash: string | undefined,
): boolean {
  if (!old || old.record[0] !== bytes.length || old.record[3] !== hash) return false;
  return unchanged(old.path, old.record);
}

/** Whether the file at `path` is still the copy `record` describes. */
export function unchanged(path: string, record: ManifestRecord): boolean {
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

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const withOrigin = (record: ManifestRecord, origin: string | undefined): ManifestRecord =>
  origin
    ? [record[0], record[1], record[2], record[3], origin]
    : [record[0], record[1], record[2], record[3]];

/** The writer's loop: what it was sent, written in order; the first failure stops the rest. */
function serveWrites(port: NonNullable<typeof parentPort>, written: BigInt64Array): void {
  const made = new Set<string>();
  let failure: string | undefined;
  let records: PlacedFile[] = [];
  port.on('message', (message: WriterMessage) => {
    if (message.kind === 'settle') {
      port.postMessage({ id: message.id, error: failure, records } satisfies WriterAnswer);
      records = [];
      return;
    }
    if (failure) return;
    try {
      for (const file of message.files) {
        const hash = file.record ? digest(file.contents) : undefined;
        if (reusable(file.old, file.contents, hash)) {
          // left where it is for now: the sink links it, or moves its whole folder, at the swap
          records.push([file.path, withOrigin(file.old!.record, file.origin), true]);
          Atomics.add(written, 0, BigInt(file.contents.length));
          continue;
        }
        const folder = dirname(file.path);
        if (!made.has(folder)) {
          mkdirSync(folder, { recursive: true });
          made.add(folder);
        }
        writeFileSync(file.path, file.contents);
        if (file.record) {
          const stat = statSync(file.path, { bigint: true });
          const record: ManifestRecord = [
            file.contents.length,
            String(stat.mtimeNs),
            String(stat.ino),
            hash!,
          ];
          records.push([file.path, withOrigin(record, file.origin), false]);
        }
        Atomics.add(written, 0, BigInt(file.contents.length));
      }
    } catch (error) {
      failure = String((error as Error)?.message || error);
    }
  });
}

const job = workerData as WorkerJob | { kind?: undefined } | null;
if (!isMainThread && job?.kind === 'tms-gen-writer')
  serveWrites(parentPort!, new BigInt64Array(job.written));
if (!isMainThread && job?.kind === 'tms-gen-trash')
  for (const path of job.paths) {
    try {
      rmSync(path, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // gone already, or the next run removes it
    }
  }
