/**
 * The one shape every emitter has: model in, files out, no disk I/O. The writer
 * (generator/write/) puts files on disk atomically or compares them in `--check` mode.
 */
import type { GeneratedFile } from '../common/generated-file.js';
import type { ModelSlice } from '../model/digest.js';
import type { ApiModel } from '../model/types.js';

export type { GeneratedFile };

/** Where an emitter's files go: the code output (`generated/`) or the docs site (`docs/`). */
export type OutputRoot = 'code' | 'docs';

export interface EmitContext {
  model: ApiModel;
  /** the code output directory, relative to the working directory (default `generated`) */
  outDir: string;
  /** the docs output directory (default `docs`) */
  docsDir: string;
  /** import specifier of the runtime folder from inside `outDir` (e.g. `../runtime`) */
  runtimeImport: string;
  /** the command that regenerates, for banners */
  command: string;
  /** `--try-it-server`: where the reference's try-it sends requests (docs) */
  tryItServer?: string;
  /** messages that are not failures (e.g. something an emitter could not express) */
  warn(message: string): void;
  /**
   * When the CLI keeps a cache (generator/cache/index.ts): the result of a costly step of this
   * emitter, `compute()`, looked up by the text it depends on (`input`); computed and stored on
   * a miss. The step must be a function of `input` alone. Absent: the emitter computes.
   */
  memo?(step: string, input: string, compute: () => Promise<string>): Promise<string>;
  /**
   * `memo` for a step whose result is bytes (a text as UTF-8 that is spliced, never decoded:
   * operation-words.ts), read back as the bytes stored.
   */
  memoBytes?(step: string, input: string, compute: () => Promise<Uint8Array>): Promise<Uint8Array>;
  /**
   * When the CLI keeps a cache: files made by one piece of an emitter (a docs page), looked up
   * by `key`, a text naming everything the piece reads (built from `slices`); computed and
   * stored on a miss. The piece must be a function of what `key` names. Absent: it computes.
   */
  memoFiles?(step: string, key: string, compute: () => GeneratedFile[]): GeneratedFile[];
  /**
   * Digests of the model's slices (model/digest.ts), for `memoFiles` keys: the model without
   * any operation's description, and each operation's description by operation id.
   */
  slices?: { withoutOperationDescriptions: string; operationDescriptions: Record<string, string> };
  /**
   * When set, files the emitter may hand over as soon as they are made, instead of in its result
   * (the CLI writes them while the rest are made). Set only where nothing stores the emitter's
   * output whole (no cache) and the emitter runs on the CLI's thread.
   */
  writeEarly?(files: GeneratedFile[]): void;
  /**
   * The run's memory policy (generator/threads/heap.ts, supplied by the orchestrator): an emitter
   * says where its long steps make garbage; the run decides whether to collect. Absent: nothing.
   */
  memory?: EmitMemory;
}

/** Points in an emitter's work where the run may return memory (EmitContext.memory). */
export interface EmitMemory {
  /** for a step that keeps allocating: a function to call often, which collects when the heap has grown `factor` times past what the last collection left */
  bound(factor?: number): () => void;
  /** a large intermediate result is garbage now */
  settle(): void;
  /** a labelled point for the memory log (TMS_GEN_MEMLOG=1) */
  mark(label: string): void;
}

/**
 * An emitter: what it makes (`emit`) and the facts the run plans by (generator/run/), so the
 * run names no emitter. Adding an artifact is adding an emitter folder and a line in index.ts.
 */
export interface Emitter {
  /** short name used by `--only` and in the summary */
  name: string;
  root: OutputRoot;
  /** emitters whose output this one imports (for `--only`; they run too) */
  needs?: string[];
  /** runs whenever any emitter of this root runs (the runtime every code output imports) */
  joins?: OutputRoot;
  /**
   * The digest of the model its output is keyed by in the cache (model/digest.ts): 'whole'
   * (the default) unless its output carries no prose, or no operation's description
   * (test/generator/cache-slices.test.ts holds each emitter to what it declares).
   */
  reads?: ModelSlice;
  /** how the run schedules it on its threads (generator/run/schedule.ts) */
  schedule?: EmitterSchedule;
  /**
   * Hands its pages to the writer as they are made (EmitContext.writeEarly), when nothing
   * stores its output whole and it runs on the run's own thread.
   */
  streamsPages?: boolean;
  emit(ctx: EmitContext): GeneratedFile[] | Promise<GeneratedFile[]>;
}

/**
 * Where an emitter runs. Both threads take from one queue ordered by `rank` (the main thread
 * from the front, the worker from the back).
 */
export interface EmitterSchedule {
  /** place in the queue, from the front: the costliest on large documents first (default: after every ranked one) */
  rank?: number;
  /** a run that includes it has work enough for a second thread (one without it stays on one) */
  worthAThread?: boolean;
  /**
   * It needs the TypeScript compiler: openapi-typescript, or the package compile of the `.ts`
   * files it writes. Only the main thread loads the compiler (loading it costs a thread as much
   * CPU as a small document's whole package compile), so the worker never takes this emitter.
   */
  loadsTypeScript?: boolean;
  /**
   * Last in the queue, so the worker's first item. With `slice`, on a document of at least
   * `aloneFrom` operations, the worker takes only this emitter and gets only `slice(model)`
   * (a whole model's clone costs the worker its size).
   */
  worker?: { slice?(model: ApiModel): ApiModel; aloneFrom?: number };
  /**
   * After a description edit its output is the cached text with the new words spliced in
   * (operation-words.ts): nearly free to make, and as large as ever to write. A light run
   * (run/serve.ts) makes it first, so that the writer thread writes it while the rest is made.
   */
  spliced?: boolean;
}
