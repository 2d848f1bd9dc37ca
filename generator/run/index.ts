/**
 * One generate (or check) run, as a plain sequence: plan, load, serve from the cache, emit,
 * verify, compile the package, write, report. Each step is a module of this folder; the cache,
 * the writer and the threads are services the steps use. Never throws for a bad contract:
 * problems come back as lines.
 */
import { resolve } from 'node:path';
import { markMemory } from '../threads/heap.js';
import { emit } from './emit.js';
import type { CliOptions, RunResult } from './options.js';
import { compilePackage } from './package-step.js';
import { load, plan } from './plan.js';
import { report } from './report.js';
import { closeRunCache } from './run-cache.js';
import { serveFromCache } from './serve.js';
import type { Run } from './state.js';
import { verify } from './verify.js';

/**
 * `fullLoad`: never from the model snapshot (a run from one that meets a problem runs again
 * so, to place it by file and line).
 */
export async function runGenerate(
  opts: CliOptions,
  internal: { fullLoad?: boolean } = {},
): Promise<RunResult> {
  const loaded = await load(plan(opts, internal.fullLoad === true));
  if (!('model' in loaded)) return loaded;
  const run: Run = loaded;
  markMemory('loaded');
  try {
    serveFromCache(run);
    await emit(run);
    const refusal = await verify(run);
    if (refusal) {
      await abort(run);
      return refusal === 'from-full-load' ? runGenerate(opts, { fullLoad: true }) : refusal;
    }
    compilePackage(run);
    await run.sink.settled();
  } catch (error) {
    await abort(run);
    throw error;
  }
  const diffs = run.sink.finish();
  closeRunCache(run.cache, opts.contract);
  return {
    ...report(run, diffs),
    contractFiles: contractFilesOf(run),
    contractStamps: Object.fromEntries(run.bundle?.files.map((f) => [f.path, f.stamp]) ?? []),
  };
}

/** The files the load read; from the model snapshot (kept for one-file documents only), the document. */
function contractFilesOf(run: Run): string[] {
  return run.bundle ? run.bundle.files.map((f) => f.path) : [resolve(run.opts.contract)];
}

/** Drops the staged output once the writes in flight have ended. */
async function abort(run: Run): Promise<void> {
  await run.sink.settled().catch(() => undefined);
  run.sink.abort();
}
