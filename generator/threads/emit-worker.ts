/**
 * The second thread of a generate. The emitters that load TypeScript (openapi-typescript's types,
 * the code emitters whose `.ts` files the package compile reads) stay on the main thread, the
 * only one that loads it; the others that must run (not served by the cache: the validators,
 * the reference, the documents) run here meanwhile.
 * Emitters are pure functions of the model, which is plain data, so the worker gets a structured
 * clone of it. The document checks (validateDocument) are an item of the shared queue too
 * (VALIDATE); a run whose document fails them stops there. Each emitter's result is posted as soon
 * as it is done, so the main thread writes it and neither thread holds every output at once.
 *
 * The worker runs the CLI's own module (TMS_GEN_ENTRY, set by bin/tms-gen.js); without it (the
 * CLI imported from elsewhere, e.g. a test) everything runs on the main thread.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createHash } from 'node:crypto';
import { cacheKey, openCache } from '../cache/index.js';
import { compileStep, type Compiled } from '../compile/compile-step.js';
import { problemOf, type ContractProblem } from '../common/contract-error.js';
import type { GeneratedFile } from '../common/generated-file.js';
import type { EmitContext, Emitter } from '../emit/emitter.js';
import { emitters } from '../emit/index.js';
import { collectIfLarge, emitMemory, markMemory } from './heap.js';
import { validateDocument } from '../load/index.js';

export type EmitSuccess = {
  name: string;
  files: GeneratedFile[];
  ms: number;
  warnings: string[];
  /** steps of the emitter served by the cache (EmitContext.memo) */
  reusedSteps: string[];
};
export type EmitFailure = { name: string; failure: ContractProblem };
export type EmitResult = EmitSuccess | EmitFailure;

/** Where a code emitter's TypeScript goes through the package compile, and the cache. */
export interface CompileJob {
  banner: string;
  /** the cache folder and generator digest, when the run uses a cache */
  cache?: { dir: string; generator: string };
  /** per emitter, the cache key its output and compiled files are stored under */
  keys: Record<string, string>;
}

export interface EmitJob {
  ctx: Omit<EmitContext, 'warn'>;
  compile: CompileJob;
  /** the emitters to run (and VALIDATE when the document checks are to run), shared with the
   * main thread through `queue` */
  order: string[];
  queue: SharedArrayBuffer;
  /**
   * The items the worker may take, when `ctx.model` is a slice of the model that serves only
   * those (validators-targets.ts, `validatorsSlice`); absent: any. The worker stops at the first
   * item it may not take: the main thread, which holds the whole model, takes it.
   */
  lane?: string[];
  /** the items the worker never takes (they load TypeScript: EmitterSchedule.loadsTypeScript) */
  mainOnly: string[];
}

export type WorkerMessage =
  | { kind: 'validation'; problems: ContractProblem[]; warnings: string[] }
  | { kind: 'result'; result: EmitResult; compiled?: Compiled; compileFailure?: string }
  | { kind: 'done' };

/**
 * The queue item that stands for the document checks (validateDocument): seconds on a large
 * document, taken by whichever thread is free (the worker right after its first emitter), so
 * the checks never hold up the longest emitter. Nothing is swapped in before they pass.
 */
export const VALIDATE = '#validate';

/**
 * Refuses a lane that holds the document checks (VALIDATE): a worker with a lane holds only a
 * slice of the model (`validatorsSlice`), and the checks would check that partial document.
 */
export function checkLane(lane: readonly string[] | undefined): void {
  if (lane?.includes(VALIDATE))
    throw new Error(
      `the document checks (${VALIDATE}) may not be in a worker's lane: a worker with a lane holds only the validators' slice of the model, not the whole document`,
    );
}

/**
 * The items of the queue the worker may take: those of its lane when it has one, else any but
 * the main thread's own (`mainOnly`: they load TypeScript, which the worker never does).
 */
export function workerMay(job: Pick<EmitJob, 'lane' | 'mainOnly'>): (name: string) => boolean {
  const lane = job.lane && new Set(job.lane);
  const mainOnly = new Set(job.mainOnly);
  return (name) => (lane ? lane.has(name) : !mainOnly.has(name));
}

/**
 * The emitters both threads take work from, without messages: the main thread from the front
 * (types first: it loads TypeScript there), the worker from the back (the validators last in
 * the order, so first for it), until they meet. Whoever finishes early takes more, so the two
 * cores stay busy whatever each emitter costs on a given document. A stop flag ends it early
 * (a failure, a document that does not pass its checks).
 */
export class SharedQueue {
  /** [front, back, lock, stopped] */
  private readonly cells: Int32Array;
  constructor(
    readonly order: string[],
    readonly buffer = new SharedArrayBuffer(16),
    fresh = true,
  ) {
    this.cells = new Int32Array(buffer);
    if (fresh) Atomics.store(this.cells, 1, order.length);
  }
  /** The next item from `end`; none when the queue is empty, stopped, or the item is not `may`'s. */
  take(end: 'front' | 'back', may?: (name: string) => boolean): string | undefined {
    while (Atomics.compareExchange(this.cells, 2, 0, 1) !== 0);
    let index = -1;
    if (Atomics.load(this.cells, 3) === 0 && this.cells[0] < this.cells[1]) {
      const at = end === 'front' ? this.cells[0] : this.cells[1] - 1;
      if (!may || may(this.order[at])) index = end === 'front' ? this.cells[0]++ : --this.cells[1];
    }
    Atomics.store(this.cells, 2, 0);
    return index < 0 ? undefined : this.order[index];
  }
  stop(): void {
    Atomics.store(this.cells, 3, 1);
  }
}

/** One emitter, then the compile of its TypeScript (code emitters), then the cache entries. */
export async function runOne(
  emitter: Emitter,
  ctx: Omit<EmitContext, 'warn'>,
  compile: CompileJob,
): Promise<Extract<WorkerMessage, { kind: 'result' }>> {
  const warnings: string[] = [];
  const reusedSteps: string[] = [];
  const t = performance.now();
  const cache = compile.cache ? openCache(compile.cache.dir) : undefined;
  const memo = cache && compile.cache ? { cache, generator: compile.cache.generator } : undefined;
  const step = <T extends string | Uint8Array>(bytes: boolean) =>
    memo
      ? async (name: string, input: string, compute: () => Promise<T>): Promise<T> => {
          const key = cacheKey(
            'step',
            memo.generator,
            emitter.name,
            name,
            createHash('sha256').update(input).digest('hex'),
          );
          const hit = memo.cache.get(key, { bytes })?.files[0]?.contents;
          if (hit !== undefined && typeof hit === (bytes ? 'object' : 'string')) {
            reusedSteps.push(`${emitter.name}/${name}`);
            return hit as T;
          }
          const made = await compute();
          memo.cache.put(key, { files: [{ path: name, contents: made }], warnings: [] });
          return made;
        }
      : undefined;
  /** how many pieces `memoFiles` served (reported as one reused step per emitter) */
  let piecesReused = 0;
  const pieces: EmitContext['memoFiles'] = memo
    ? (name, input, compute) => {
        const key = cacheKey('piece', memo.generator, emitter.name, name, input);
        // as bytes: a piece only goes to disk (its words are never read again)
        const hit = memo.cache.get(key, { bytes: true });
        if (hit) {
          piecesReused++;
          warnings.push(...hit.warnings);
          return hit.files;
        }
        // the piece's own warnings are stored with it (compute is synchronous: they are the
        // ones added meanwhile), so a reused piece still says them
        const before = warnings.length;
        const made = compute();
        memo.cache.put(key, { files: made, warnings: warnings.slice(before) });
        return made;
      }
    : undefined;
  markMemory(`${emitter.name} start`);
  let files: GeneratedFile[];
  try {
    files = await emitter.emit({
      ...ctx,
      warn: (m) => warnings.push(m),
      memo: step<string>(false),
      memoBytes: step<Uint8Array>(true),
      memoFiles: ctx.slices ? pieces : undefined,
      memory: emitMemory,
    });
  } catch (error) {
    return {
      kind: 'result',
      result: { name: emitter.name, failure: problemOf(error, emitter.name) },
    };
  }
  if (piecesReused > 0) reusedSteps.push(`${emitter.name}/${piecesReused} pieces`);
  const result: EmitSuccess = {
    name: emitter.name,
    files,
    ms: performance.now() - t,
    warnings,
    reusedSteps,
  };
  markMemory(`${emitter.name} emitted`);
  let compiled: Compiled | undefined;
  if (emitter.root === 'code') {
    try {
      compiled = compileStep(files, compile.banner, memo);
    } catch (error) {
      // A generated file TypeScript cannot declare on its own: an emitter bug, reported as such.
      return { kind: 'result', result, compileFailure: (error as Error).message };
    }
  }
  if (compiled) markMemory(`${emitter.name} compiled`);
  const key = compile.keys[emitter.name];
  if (memo && key) {
    memo.cache.put(key, { files, warnings });
    if (compiled) memo.cache.put(`${key}.compiled`, { files: compiled.files, warnings: [] });
  }
  return { kind: 'result', result, compiled };
}

export interface EmitWorker {
  /** runs the job; `onMessage` sees each message as it arrives; resolves after the last */
  run(job: EmitJob, onMessage: (message: WorkerMessage) => void): Promise<void>;
  cancel(): void;
}

/**
 * Started before the contract loads, so its own start-up overlaps the load; only when the run
 * wants one (run/schedule.ts, wantsWorker: the threading rule and TMS_GEN_THREADS, read by
 * threads/setting.ts).
 */
export function startEmitWorker(): EmitWorker | undefined {
  const entry = process.env.TMS_GEN_ENTRY;
  if (!entry) return undefined;
  const worker = new Worker(new URL(entry), {
    workerData: { kind: 'tms-gen-emit' },
    execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
  });
  worker.unref();
  return {
    run(job, onMessage) {
      // only the first name is kept for a failure's report: not the job (the model it carries
      // would stay alive on this thread for the whole run)
      const first = job.order[0] ?? 'cli';
      checkLane(job.lane);
      worker.postMessage(job);
      return new Promise<void>((done) => {
        worker.on('message', (message: WorkerMessage) => {
          onMessage(message);
          if (message.kind === 'done') done();
        });
        worker.once('error', (error) => {
          onMessage({
            kind: 'result',
            result: {
              name: first,
              failure: problemOf(new Error(`worker failed: ${error.message}`), 'cli'),
            },
          });
          done();
        });
      }).finally(() => void worker.terminate());
    },
    cancel: () => void worker.terminate(),
  };
}

/**
 * A result with its files as bytes (the message's own lists, changed in place: the worker posts a
 * message once and reads it no more), their buffers handed over (transferred, not copied): the main
 * thread neither copies the text out of the message nor encodes it to write it, and measures it
 * without scanning it.
 */
function withBytes(message: WorkerMessage): [WorkerMessage, ArrayBuffer[]] {
  if (message.kind !== 'result' || 'failure' in message.result) return [message, []];
  const transfer: ArrayBuffer[] = [];
  const encoder = new TextEncoder();
  // in place: each file's text is garbage once encoded (a large document's validators would
  // otherwise be held as text beside their bytes until posted)
  const bytes = (files: GeneratedFile[]): GeneratedFile[] => {
    files.forEach((f, i) => {
      if (typeof f.contents !== 'string') return;
      const contents = encoder.encode(f.contents);
      transfer.push(contents.buffer as ArrayBuffer);
      files[i] = { path: f.path, contents };
    });
    return files;
  };
  const result = { ...message.result, files: bytes(message.result.files) };
  const compiled = message.compiled && {
    ...message.compiled,
    files: bytes(message.compiled.files),
  };
  return [{ ...message, result, ...(compiled ? { compiled } : {}) }, transfer];
}

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === 'tms-gen-emit') {
  parentPort!.once('message', async (job: EmitJob) => {
    const post = (m: WorkerMessage) => parentPort!.postMessage(...withBytes(m));
    const queue = new SharedQueue(job.order, job.queue, false);
    checkLane(job.lane); // the main thread checked it too (run): never the checks on a slice
    const may = workerMay(job);
    for (let name = queue.take('back', may); name; name = queue.take('back', may)) {
      if (name === VALIDATE) {
        const validation = await validateDocument(job.ctx.model.document as never);
        post({ kind: 'validation', ...validation });
        if (validation.problems.length > 0) queue.stop();
        continue;
      }
      const message = await runOne(
        emitters.find((e) => e.name === name)!,
        job.ctx,
        job.compile,
      );
      // what the emitter left behind (Ajv's compile state: hundreds of MB on Graph's document)
      // goes before the output is encoded beside its text
      collectIfLarge();
      post(message);
      if ('failure' in message.result || message.compileFailure) queue.stop();
      collectIfLarge();
    }
    post({ kind: 'done' });
  });
}
