/**
 * The output cache: what an emitter (or the package step, per file) produced, stored under a
 * key that names everything the output depends on — the generator itself (its build, templates
 * and dependency versions), the run's settings, and the digest of the model slice the emitter
 * reads (generator/model/digest.ts). Content-addressed: an entry is never updated, only written
 * under a new key, so a hit is a copy of what a cold run would produce, byte for byte.
 *
 * Safe to delete at any time (the next run is cold). Each entry is one file, written to a
 * temporary name and renamed; its first line holds the length and a CRC-32 of the rest, so a
 * truncated or damaged entry is a miss (and is removed), never wrong output. Entries not used
 * for a while are pruned once the folder passes a size budget. The folder also holds the
 * writer's manifests of the output directories and its trash/ of replaced trees
 * (generator/write/index.ts): deleting them only costs time too.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  futimesSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
  writevSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { GeneratedFile } from '../common/generated-file.js';

/** The folder when none is given: beside the project's other tool caches. */
export const DEFAULT_CACHE_DIR = join('node_modules', '.cache', 'tms-gen-outputs');
/** Above this, the least recently used entries go (after a run, never during one). */
const BUDGET_BYTES = 512 * 1024 * 1024;

/** What one emitter run produced: its files and the warnings it gave. */
export interface CachedOutput {
  files: GeneratedFile[];
  warnings: string[];
}

export interface OutputCache {
  /** whether an entry is there (it may still turn out damaged: `get` says) */
  has(key: string): boolean;
  /**
   * The entry, or undefined when missing or damaged (then removed). `bytes`: every file's
   * contents as bytes (slices of the entry as read), for output that only goes to disk.
   */
  get(key: string, opts?: { bytes?: boolean }): CachedOutput | undefined;
  put(key: string, output: CachedOutput): void;
  /**
   * What an entry holds without reading its files: their paths and sizes, and the warnings
   * (for files left on disk from a run that wrote this very entry, write/index.ts keep). Only the
   * header is read and checked (its length against the file's); undefined when missing or not
   * an entry. Counts as a use (the prune keeps it).
   */
  head(key: string): EntryHead | undefined;
  /** keeps the folder under its budget, oldest use first */
  prune(): void;
}

export interface EntryHead {
  warnings: string[];
  files: { path: string; bytes: number }[];
}

/** A cache in `dir`, or none when it cannot be used (not writable): every lookup then misses. */
export function openCache(dir: string): OutputCache | undefined {
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    return undefined;
  }
  const entry = (key: string) => join(dir, `${key}.entry`);
  return {
    has: (key) => existsSync(entry(key)),
    get(key, opts) {
      const file = entry(key);
      let raw: Buffer;
      try {
        raw = readFileSync(file);
      } catch {
        return undefined;
      }
      const output = decode(raw, opts?.bytes === true);
      if (!output) {
        rmSync(file, { force: true });
        return undefined;
      }
      try {
        const now = new Date();
        utimesSync(file, now, now);
      } catch {
        // a read-only cache still serves hits
      }
      return output;
    },
    head(key) {
      const file = entry(key);
      let fd: number | undefined;
      try {
        fd = openSync(file, 'r');
        const head = readHead(fd, fstatSync(fd).size);
        if (head) {
          const now = new Date();
          futimesSync(fd, now, now);
        }
        return head;
      } catch {
        return undefined;
      } finally {
        if (fd !== undefined) closeSync(fd);
      }
    },
    put(key, output) {
      const file = entry(key);
      const temp = `${file}.${process.pid}.tmp`;
      try {
        writeParts(temp, encode(output));
        renameSync(temp, file);
      } catch {
        rmSync(temp, { force: true });
      }
    },
    prune() {
      try {
        const entries = readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isFile()) // the writer's trash/ folder empties itself (write/index.ts)
          .map(({ name }) => {
            const stat = statSync(join(dir, name));
            return { name, bytes: stat.size, used: stat.mtimeMs };
          })
          .sort((a, b) => b.used - a.used);
        let total = 0;
        for (const e of entries) {
          total += e.bytes;
          if (total > BUDGET_BYTES || e.name.endsWith('.tmp'))
            rmSync(join(dir, e.name), { force: true });
        }
      } catch {
        // another run pruned at the same time
      }
    },
  };
}

/**
 * An entry: `tms-cache 2 <checksum> <payload bytes>\n<payload>`; payload: the header's length
 * in bytes and a line break, the header (JSON of `{ warnings, files: [path, kind, bytes][] }`,
 * kind `s` text as UTF-8, `b` binary), then each file's bytes in order. The files' bytes are
 * never escaped, copied into one buffer or parsed: an entry of a large document's docs is written
 * from the texts' own UTF-8 and read back as slices of one read. The checksum is CRC-32
 * (zlib's, several times SHA-256's speed): it is there to catch a truncated or damaged file, not an
 * adversary (who could as well edit the generator).
 */
const MAGIC = 'tms-cache 2';

function checksum(parts: Uint8Array[]): string {
  if (typeof crc32 === 'function') {
    let sum = 0;
    for (const p of parts) sum = crc32(p, sum);
    return `crc32:${sum.toString(16)}`;
  }
  const hash = createHash('sha256');
  for (const p of parts) hash.update(p);
  return `sha256:${hash.digest('hex')}`;
}

function encode(output: CachedOutput): Uint8Array[] {
  const bodies = output.files.map((f) =>
    typeof f.contents === 'string'
      ? Buffer.from(f.contents, 'utf8')
      : Buffer.from(f.contents.buffer, f.contents.byteOffset, f.contents.byteLength),
  );
  const header = Buffer.from(
    JSON.stringify({
      warnings: output.warnings,
      files: output.files.map((f, i) => [
        f.path,
        typeof f.contents === 'string' ? 's' : 'b',
        bodies[i].length,
      ]),
    }),
  );
  const payload = [Buffer.from(`${header.length}\n`), header, ...bodies];
  const size = payload.reduce((n, p) => n + p.length, 0);
  return [Buffer.from(`${MAGIC} ${checksum(payload)} ${size}\n`), ...payload];
}

/**
 * An entry's first line and header: `read(at, length)` gives the entry's bytes from `at` (fewer
 * at its end), `size` is its length. Undefined when it is not an entry or the header's sizes
 * do not add up to `size` (the checksum is the caller's to check: `sum` over `payloadStart`…).
 */
function parseHeader(
  read: (at: number, length: number) => Buffer,
  size: number,
):
  | {
      sum: string;
      payloadStart: number;
      bodyStart: number;
      warnings: string[];
      files: [string, 's' | 'b', number][];
    }
  | undefined {
  const start = read(0, 256);
  const firstLine = start.indexOf(10);
  if (firstLine < 0 || firstLine > 200) return undefined;
  const [magic, version, sum, payloadSize] = start.toString('latin1', 0, firstLine).split(' ');
  if (`${magic} ${version}` !== MAGIC || Number(payloadSize) !== size - firstLine - 1)
    return undefined;
  const lengthLine = start.indexOf(10, firstLine + 1);
  if (lengthLine < 0) return undefined;
  const headerLength = Number(start.toString('latin1', firstLine + 1, lengthLine));
  if (!Number.isSafeInteger(headerLength) || headerLength <= 0) return undefined;
  const headerStart = lengthLine + 1;
  try {
    const { warnings, files } = JSON.parse(read(headerStart, headerLength).toString('utf8')) as {
      warnings: string[];
      files: [string, 's' | 'b', number][];
    };
    const bodyStart = headerStart + headerLength;
    if (bodyStart + files.reduce((n, f) => n + f[2], 0) !== size) return undefined;
    return { sum, payloadStart: firstLine + 1, bodyStart, warnings, files };
  } catch {
    return undefined;
  }
}

/** An entry's header, read from its start (parseHeader). */
function readHead(fd: number, size: number): EntryHead | undefined {
  const read = (at: number, length: number) => {
    const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - at)));
    let got = 0;
    while (got < buffer.length) {
      const n = readSync(fd, buffer, got, buffer.length - got, at + got);
      if (n === 0) break;
      got += n;
    }
    return buffer.subarray(0, got);
  };
  const head = parseHeader(read, size);
  return (
    head && {
      warnings: head.warnings,
      files: head.files.map(([path, , bytes]) => ({ path, bytes })),
    }
  );
}

function decode(raw: Buffer, bytes: boolean): CachedOutput | undefined {
  const head = parseHeader((at, length) => raw.subarray(at, at + length), raw.length);
  if (!head || checksum([raw.subarray(head.payloadStart)]) !== head.sum) return undefined;
  let at = head.bodyStart;
  const files: GeneratedFile[] = head.files.map(([path, kind, length]) => {
    const start = at;
    at += length;
    return {
      path,
      contents:
        kind === 's' && !bytes
          ? raw.toString('utf8', start, at)
          : new Uint8Array(raw.buffer, raw.byteOffset + start, length),
    };
  });
  return { warnings: head.warnings, files };
}

/** Writes all of `parts` to a new file (writev in batches: no copy into one buffer). */
function writeParts(file: string, parts: Uint8Array[]): void {
  const fd = openSync(file, 'w');
  try {
    for (let i = 0; i < parts.length; i += 256) {
      const batch = parts.slice(i, i + 256);
      const want = batch.reduce((n, p) => n + p.length, 0);
      const wrote = writevSync(fd, batch);
      if (wrote !== want) {
        // a short write (rare: a full disk, a signal): the rest one part at a time
        let skip = wrote;
        for (const p of batch) {
          if (skip >= p.length) {
            skip -= p.length;
            continue;
          }
          writeFully(fd, p.subarray(skip));
          skip = 0;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

function writeFully(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}

/** The key of one output: the parts, in order, hashed. */
export function cacheKey(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(p).update('\0');
  return hash.digest('hex').slice(0, 40);
}

/**
 * What identifies the generator's own behaviour: every file of the folder the CLI runs from
 * (its bundle, the compiled runtime it copies), its templates, and the installed version of
 * each package it imports. Undefined when the CLI does not run from a build (imported by a
 * test through a TypeScript loader): no cache then, rather than a key that misses a change.
 */
export function generatorDigest(toolkitRoot: string): string | undefined {
  const build = process.env.TMS_GEN_RUNTIME;
  if (!build || !existsSync(build)) return undefined;
  const hash = createHash('sha256');
  const addTree = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) addTree(full);
      else hash.update(entry.name).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  addTree(build);
  addTree(join(toolkitRoot, 'generator', 'templates'));
  const manifest = JSON.parse(readFileSync(join(toolkitRoot, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };
  hash.update(manifest.version);
  const require = createRequire(join(toolkitRoot, 'package.json'));
  for (const name of Object.keys(manifest.dependencies ?? {}).sort()) {
    let version = 'missing';
    try {
      version = (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      // a package without an exported package.json: its name alone
    }
    hash.update(`${name}@${version}\0`);
  }
  return hash.digest('hex');
}
