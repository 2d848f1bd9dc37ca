/**
 * The output cache as the run uses it (generator/cache/): one key per emitter (the generator,
 * the run's settings and the model slice the emitter reads), the document checks' verdict, and
 * the model snapshot that spares a load when only descriptions changed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  cacheKey,
  DEFAULT_CACHE_DIR,
  generatorDigest,
  openCache,
  type OutputCache,
} from '../cache/index.js';
import {
  loadFromSnapshot,
  readSourceBytes,
  snapshotKey,
  snapshotOf,
  storeSnapshot,
  type SnapshotLoad,
  type SourceBytes,
} from '../cache/model-snapshot.js';
import type { Emitter } from '../emit/emitter.js';
import { DEFAULT_LIMITS, type LoadLimits } from '../load/index.js';
import {
  digestsAfterDescriptionEdit,
  modelDigests,
  type ModelDigests,
  type RememberedDigests,
} from '../model/digest.js';
import type { ApiModel } from '../model/types.js';
import type { CliOptions } from './options.js';

/** The toolkit's root (its package.json, templates): two levels up from generator/run/. */
const TOOLKIT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunCache {
  dir: string;
  generator: string;
  store: OutputCache;
  /** the model snapshot's key, and the snapshot when this run may start from it */
  snapshot: { key: string; loaded?: SnapshotLoad; source?: SourceBytes; serialized?: Buffer };
  /** per emitter, the key its output is stored under */
  keys: Record<string, string>;
  /** the document checks' verdict's key */
  verdictKey?: string;
  digests?: ModelDigests;
}

/** The cache, when the run keeps one; `fullLoad`: not from the model snapshot. */
export function openRunCache(opts: CliOptions, fullLoad: boolean): RunCache | undefined {
  const dir = opts.noCache ? undefined : cacheFolder(opts.cacheDir);
  const generator = dir ? generatorDigest(TOOLKIT_ROOT) : undefined;
  const store = dir && generator ? openCache(dir) : undefined;
  if (!dir || !generator || !store) return undefined;
  // the loader's limits as it resolves them (the snapshot's key holds them)
  const limits: LoadLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const key = snapshotKey(generator, opts.contract, limits);
  // A lenient load changes the document it read (load/lenient.ts): no snapshot is used or kept.
  const loaded =
    fullLoad || opts.lenient ? undefined : loadFromSnapshot(store, key, opts.contract, limits);
  // the document's bytes as the full load reads them, for the snapshot stored after it
  const source = loaded || opts.lenient ? undefined : readSourceBytes(opts.contract, limits);
  return { dir, generator, store, snapshot: { key, loaded, source }, keys: {} };
}

/** The cache folder: the one given, else node_modules/.cache/… of a project that has node_modules. */
function cacheFolder(given: string | undefined): string | undefined {
  if (given) return given;
  return existsSync('node_modules') ? DEFAULT_CACHE_DIR : undefined;
}

/** Serialized now, before any emitter has the model; stored once the run has passed. */
export function takeSnapshot(
  cache: RunCache | undefined,
  model: ApiModel,
  warnings: string[],
  files: { tree: boolean }[] | undefined,
): void {
  if (cache?.snapshot.source && files)
    cache.snapshot.serialized = snapshotOf(model, warnings, files);
}

/** Computes each selected emitter's key from the model slice it reads (Emitter.reads). */
export function computeKeys(
  cache: RunCache,
  model: ApiModel,
  selected: Emitter[],
  settings: Record<string, string>,
  cacheVerdict: boolean,
): ModelDigests {
  const { store, generator } = cache;
  // the walk without prose is skipped for a model seen before but for operations' words
  const rememberedKey = (withoutOperationDescriptions: string) =>
    cacheKey('without-prose', generator, withoutOperationDescriptions);
  const remembered: RememberedDigests = {
    get: (known) => {
      const digest = store.get(rememberedKey(known))?.files[0]?.contents;
      return typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest) ? digest : undefined;
    },
    put: (known, withoutProse) =>
      store.put(rememberedKey(known), {
        files: [{ path: 'without-prose', contents: withoutProse }],
        warnings: [],
      }),
  };
  // from a snapshot: the model's serialization is the snapshot's but for operations' words
  const known = cache.snapshot.loaded?.withoutOperationDescriptions;
  const digests =
    (known ? digestsAfterDescriptionEdit(model, known, remembered) : undefined) ??
    modelDigests(model, remembered);
  // The document checks' verdict (a pass, with its warnings) is cached too: the loader's
  // limits and rules ran already; swagger-parser's validation of a large document is seconds.
  if (cacheVerdict) cache.verdictKey = cacheKey('validate', generator, digests.withoutProse);
  const text = JSON.stringify(settings);
  for (const e of selected)
    cache.keys[e.name] = cacheKey('emit', generator, e.name, text, digests[e.reads ?? 'whole']);
  cache.digests = digests;
  return digests;
}

/** The stored verdict of the document checks, when they passed before on this model. */
export function knownVerdict(cache: RunCache | undefined): { warnings: string[] } | undefined {
  return cache?.verdictKey ? cache.store.get(cache.verdictKey) : undefined;
}

export function storeVerdict(cache: RunCache | undefined, warnings: string[]): void {
  if (cache?.verdictKey) cache.store.put(cache.verdictKey, { files: [], warnings });
}

/** After a run that passed: the model snapshot for the next, and the cache pruned. */
export function closeRunCache(cache: RunCache | undefined, contract: string): void {
  if (!cache) return;
  const { key, source, serialized } = cache.snapshot;
  if (serialized && source)
    storeSnapshot(
      cache.store,
      key,
      contract,
      source,
      serialized,
      cache.digests?.withoutOperationDescriptions,
    );
  cache.store.prune();
}
