/**
 * Verify: nothing is written unless the document passed its checks and every emitter (and the
 * package compile of its TypeScript) succeeded. The checks' verdict comes from the cache, the
 * queue (either thread), the checks thread, or is made here.
 */
import { placeProblems, validateDocument } from '../load/index.js';
import type { RunResult } from './options.js';
import { invalid } from './plan.js';
import { storeVerdict } from './run-cache.js';
import type { Run } from './state.js';

/** What stops the run: its result, or 'from-full-load' (a run from the snapshot runs again). */
export type Refusal = RunResult | 'from-full-load';

export async function verify(run: Run): Promise<Refusal | undefined> {
  // no worker, or it had nothing to emit, or a failure stopped the queue before the checks
  // were taken: they run here (or ran on the checks thread meanwhile)
  const verdict = (run.checks.verdict ??= await (run.checks.pending ??
    validateDocument(run.model.document as never)));
  if (!run.checks.known && verdict.problems.length === 0) storeVerdict(run.cache, verdict.warnings);
  if (verdict.problems.length === 0 && !run.failure) return undefined;
  // problems are placed by file and line, which a run from the snapshot cannot do
  if (!run.bundle) return 'from-full-load';
  if (verdict.problems.length > 0)
    return invalid(run.opts.contract, placeProblems(run.bundle, verdict.problems));
  return { exitCode: 1, lines: run.failure! };
}
