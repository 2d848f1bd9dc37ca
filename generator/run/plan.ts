/**
 * The run's first steps: what to make (plan) and the model to make it from (load): from the
 * model snapshot when only descriptions changed, else a full load, whose document checks may
 * start on a thread of their own meanwhile.
 */
import { resolve } from 'node:path';
import { banner } from '../common/source.js';
import { DEFAULT_CONTRACT } from '../common/usage.js';
import { formatProblem, type ContractProblem } from '../common/contract-error.js';
import type { Emitter } from '../emit/emitter.js';
import { RUNTIME_IMPORT } from '../emit/package.js';
import { loadContract } from '../load/index.js';
import { startEmitWorker } from '../threads/emit-worker.js';
import { checksThread } from '../threads/validate-worker.js';
import { earlyPages } from './early-pages.js';
import type { CliOptions, RunResult } from './options.js';
import { computeKeys, openRunCache, takeSnapshot, type RunCache } from './run-cache.js';
import { makesTheWhole, selectEmitters, wantsWorker } from './schedule.js';
import { newTally, type Run } from './state.js';
import { outputSink } from '../write/index.js';
import type { DocumentVerdict } from '../threads/validate-worker.js';

export interface Plan {
  opts: CliOptions;
  selected: Emitter[];
  cache: RunCache | undefined;
  /** whether a second thread is worth it (schedule.ts, wantsWorker) */
  wantsWorker: boolean;
  started: number;
}

export function plan(opts: CliOptions, fullLoad: boolean): Plan {
  const started = performance.now();
  const selected = selectEmitters(opts.only);
  return {
    opts,
    selected,
    cache: openRunCache(opts, fullLoad),
    wantsWorker: wantsWorker(selected, opts.watch),
    started,
  };
}

/** The contract as the loader reports it, when it is invalid. */
export function invalid(contract: string, problems: ContractProblem[]): RunResult {
  const files = [contract, ...problems.flatMap((p) => (p.file ? [p.file] : []))];
  return {
    exitCode: 1,
    lines: [
      `${contract}: the contract is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was written`,
      ...problems.map((p) => '  ' + formatProblem(p)),
    ],
    // a watch (watch.ts) sees the fix of a broken file
    contractFiles: [...new Set(files.map((f) => resolve(f)))],
  };
}

/** The model, the context emitters get, the writer: a run ready to make its outputs. */
export async function load(p: Plan): Promise<Run | RunResult> {
  const { opts, cache } = p;
  const snapshot = cache?.snapshot.loaded;
  // From a snapshot, the worker starts only if the run turns out not to be a light one
  // (serve.ts): a light run never uses it, and starting it costs CPU for nothing.
  const helper = p.wantsWorker && !snapshot ? startEmitWorker() : undefined;
  // Without an emit worker, a big document's checks run on a thread of their own while the
  // model is built and the emitters run (threads/validate-worker.ts).
  let pending: Promise<DocumentVerdict> | undefined;
  const loaded = snapshot
    ? { ok: true as const, contract: { ...snapshot, bundle: undefined } }
    : await loadContract(opts.contract, {
        deferValidation: true,
        limits: opts.limits,
        lenient: opts.lenient,
        beforeModel: helper
          ? undefined
          : (document) => {
              pending = checksThread(
                document,
                p.selected.some((e) => e.root === 'docs'),
              );
            },
      });
  if (!loaded.ok) {
    helper?.cancel();
    return invalid(opts.contract, loaded.problems);
  }
  const { model, warnings, bundle } = loaded.contract;
  takeSnapshot(cache, model, warnings, bundle?.files);
  const tLoad = performance.now() - p.started;
  const runtimeImport = opts.runtime ?? RUNTIME_IMPORT;
  const command =
    opts.out === 'generated' && opts.docs === 'docs' && opts.contract === DEFAULT_CONTRACT
      ? 'npm run generate'
      : `tms-gen --contract ${model.sourceFile}`;
  const ctx: Run['ctx'] = { model, outDir: opts.out, docsDir: opts.docs, runtimeImport, command };
  if (opts.tryItServer) ctx.tryItServer = opts.tryItServer;
  const tKeys = performance.now();
  if (cache) {
    const settings = {
      outDir: opts.out,
      docsDir: opts.docs,
      runtimeImport,
      command,
      ...(opts.tryItServer ? { tryItServer: opts.tryItServer } : {}),
    };
    const keepsVerdict = makesTheWhole(p.selected, opts.watch);
    const digests = computeKeys(cache, model, p.selected, settings, keepsVerdict);
    // the docs make each operation page from the cache when its slice is unchanged
    ctx.slices = {
      withoutOperationDescriptions: digests.withoutOperationDescriptions,
      operationDescriptions: digests.operationDescriptions,
    };
  }
  const sink = writerFor(p);
  const streaming = p.selected.find((e) => e.streamsPages);
  return {
    opts,
    fromSnapshot: snapshot !== undefined,
    selected: p.selected,
    started: p.started,
    times: { load: tLoad, keys: performance.now() - tKeys },
    model,
    bundle,
    loadWarnings: warnings,
    command,
    ctx,
    cache,
    compileJob: {
      banner: banner(model.sourceFile, command),
      cache: cache && { dir: cache.dir, generator: cache.generator },
      keys: cache?.keys ?? {},
    },
    sink,
    early: earlyPages(sink, streaming?.root === 'code' ? opts.out : opts.docs),
    tally: newTally(),
    checks: { known: false, pending },
    light: false,
    threads: { wanted: p.wantsWorker, helper },
  };
}

/** The writer (generator/write/): the output folders the selected emitters write to. */
function writerFor(p: Plan) {
  const { opts, selected } = p;
  const partial = opts.only !== undefined;
  const dirs = [
    ...(selected.some((e) => e.root === 'code') ? [{ dir: opts.out, partial }] : []),
    ...(selected.some((e) => e.root === 'docs') ? [{ dir: opts.docs, partial }] : []),
  ];
  return outputSink(dirs, opts.check ? 'check' : 'write', {
    background: true,
    // unchanged files are linked from the current output, not written again (write/)
    manifests: p.cache?.dir,
  });
}
