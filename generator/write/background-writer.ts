/**
 * The caller's side of the writer thread (writer-thread.ts): files handed over in batches of
 * bytes, written while the caller computes, with a bound on the bytes waiting.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Worker } from 'node:worker_threads';
import {
  startWriterThread,
  type ManifestRecord,
  type PlacedFile,
  type WriterAnswer,
  type WriterFile,
  type WriterMessage,
} from './writer-thread.js';

/** About how many bytes of files go to the writer thread in one message. */
const BATCH_BYTES = 1 << 20;
/**
 * At most about this many bytes wait for the writer thread. GitHub's docs (25 MB in all) fit:
 * the CLI then checks the document while the writer writes them all, instead of writing three
 * quarters on its own thread first; their pages' text is garbage once encoded, so the bytes in
 * waiting do not raise the peak.
 */
const MAX_BACKLOG = 32 << 20;

export interface BackgroundWriter {
  /** hands the files over; their size in bytes (text as UTF-8, as encoded for the thread) */
  write(files: WriterFile[]): number;
  /** the manifest records of the files settled so far, by their staged path */
  records(): PlacedFile[];
  busy(): boolean;
  settled(): Promise<void>;
  close(): void;
}

/**
 * Files written by a thread of their own: the open, write and close of each file go on while
 * this thread computes (libuv's threadpool would need this thread's event loop between them).
 */
export function backgroundWriter(): BackgroundWriter {
  const encoder = new TextEncoder();
  /** bytes the writer thread has written, counted by it (read here without waiting for it) */
  const written = new BigInt64Array(new SharedArrayBuffer(8));
  let posted = 0;
  const made = new Set<string>();
  let worker: Worker | undefined;
  let sent = 0;
  let answered = 0;
  const pending = new Map<number, (error: string | undefined) => void>();
  const records: PlacedFile[] = [];
  // Started with the first large batch (a thread has a start and a heap of its own).
  const start = () => {
    if (worker) return worker;
    worker = startWriterThread({
      kind: 'tms-gen-writer',
      written: written.buffer as SharedArrayBuffer,
    });
    worker.unref();
    worker.on('message', (m: WriterAnswer) => {
      for (const r of m.records) records.push(r);
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
      let batch: (WriterFile & { contents: Uint8Array })[] = [];
      let buffers: ArrayBuffer[] = [];
      let size = 0;
      let total = 0;
      const send = () => {
        if (batch.length > 0)
          start().postMessage({ kind: 'write', files: batch } satisfies WriterMessage, buffers);
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
          // written, never linked, here: the old copy is reused by the writer thread only;
          // encoded once, for the write, the size and the manifest's digest
          const bytes = typeof f.contents === 'string' ? Buffer.from(f.contents) : f.contents;
          writeFileSync(f.path, bytes);
          total += bytes.length;
          if (f.record) {
            const stat = statSync(f.path, { bigint: true });
            const record: ManifestRecord = [
              bytes.length,
              String(stat.mtimeNs),
              String(stat.ino),
              createHash('sha256').update(bytes).digest('hex'),
            ];
            if (f.origin) record.push(f.origin);
            records.push([f.path, record, false]);
          }
          continue;
        }
        const bytes =
          typeof f.contents === 'string' ? encoder.encode(f.contents) : f.contents.slice();
        posted += bytes.length;
        total += bytes.length;
        batch.push({ ...f, contents: bytes });
        buffers.push(bytes.buffer as ArrayBuffer);
        size += bytes.length;
        if (size >= BATCH_BYTES) send();
      }
      send();
      return total;
    },
    records: () => records.splice(0),
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
        w.postMessage({ kind: 'settle', id } satisfies WriterMessage);
      });
    },
    close() {
      void worker?.terminate();
      worker = undefined;
    },
  };
}
