/**
 * The output cache: what an emitter (or the package step, per file) produced, stored under a
 * key that names everything the output depends on — the generator itself (its build, templates
 * and dependency versions), the run's settings, and the digest of the model slice the emitter
 * reads (generator/model/digest.ts). Content-addressed: an entry is never updated, only written
 * under a new key, so a hit is a copy of what a cold run would produce, byte for byte.
 *
 * Safe to delete at any time (the next run is cold). Each entry is one file, written to a
 * temporary name and renamed; its first line holds the SHA-256 of the rest, so a truncated or
 * damaged entry is a miss (and is removed), never wrong output. Entries not used for a while
 * are pruned once the folder passes a size budget.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { GeneratedFile } from './emit/emitter.js';

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
  get(key: string): CachedOutput | undefined;
  put(key: string, output: CachedOutput): void;
  /** keeps the folder under its budget, oldest use first */
  prune(): void;
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
    get(key) {
      const file = entry(key);
      let raw: Buffer;
      try {
        raw = readFileSync(file);
      } catch {
        return undefined;
      }
      const output = decode(raw);
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
    put(key, output) {
      const file = entry(key);
      const temp = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(temp, encode(output));
        renameSync(temp, file);
      } catch {
        rmSync(temp, { force: true });
      }
    },
    prune() {
      try {
        const entries = readdirSync(dir)
          .map((name) => {
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
 * `<sha256 of payload>\n<payload>`; payload: JSON of `{ warnings, files: [path, kind, text][] }`
 * (kind `s` text, `b` binary as base64).
 */
function encode(output: CachedOutput): Buffer {
  const payload = Buffer.from(
    JSON.stringify({
      warnings: output.warnings,
      files: output.files.map((f) =>
        typeof f.contents === 'string'
          ? [f.path, 's', f.contents]
          : [f.path, 'b', Buffer.from(f.contents).toString('base64')],
      ),
    }),
  );
  const digest = createHash('sha256').update(payload).digest('hex');
  return Buffer.concat([Buffer.from(`${digest}\n`), payload]);
}

function decode(raw: Buffer): CachedOutput | undefined {
  const newline = raw.indexOf(10);
  if (newline !== 64) return undefined;
  const payload = raw.subarray(newline + 1);
  if (createHash('sha256').update(payload).digest('hex') !== raw.toString('latin1', 0, 64))
    return undefined;
  try {
    const { warnings, files } = JSON.parse(payload.toString('utf8')) as {
      warnings: string[];
      files: [string, 's' | 'b', string][];
    };
    return {
      warnings,
      files: files.map(([path, kind, text]) => ({
        path,
        contents: kind === 's' ? text : new Uint8Array(Buffer.from(text, 'base64')),
      })),
    };
  } catch {
    return undefined;
  }
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
