/**
 * Emit: what the cache did not serve is made, on two threads when a worker is worth it, both
 * taking from one queue (threads/emit-worker.ts), each result written as it comes.
 */
import { formatProblem } from '../common/contract-error.js';
import type { Emitter } from '../emit/emitter.js';
import { placeProblems, validateDocument } from '../load/index.js';
import {
  runOne,
  SharedQueue,
  startEmitWorker,
  VALIDATE,
  type WorkerMessage,
} from '../threads/emit-worker.js';
import { collectIfLarge } from '../threads/heap.js';
import { laneOrder, mainThreadOnly, workerLane } from './schedule.js';
import { accept, type Run } from './state.js';

export async function emit(run: Run): Promise<void> {
  const toRun = run.selected.filter((e) => !run.tally.reused.includes(e));
  if (run.threads.wanted && !run.threads.helper && !run.light)
    run.threads.helper = startEmitWorker();
  const helper = run.light ? undefined : run.threads.helper;
  // Streamed pages go to the writer as they are made when nothing stores the output whole and
  // no worker takes the context (a worker with a lane leaves the streaming emitter here).
  if (!run.cache && !helper) run.ctx.writeEarly = run.early.take;
  // what loading left behind (the parse with positions, the raw text), before the work that
  // holds outputs; a light run's outputs are small beside the model: not worth the pause
  if (!run.light) collectIfLarge();
  const queue = new SharedQueue(
    laneOrder(
      toRun,
      helper !== undefined && !run.checks.known && toRun.length > 0,
      run.model.operations.length,
      run.light,
    ),
  );
  const workerDone = helper && queue.order.length > 0 ? startWorker(run, queue) : undefined;
  if (!workerDone) run.threads.helper?.cancel();
  for (let name = queue.take('front'); name; name = queue.take('front')) {
    if (name === VALIDATE) {
      run.checks.verdict = await validateDocument(run.model.document as never);
      if (run.checks.verdict.problems.length > 0) queue.stop();
      continue;
    }
    const emitter = run.selected.find((e) => e.name === name)!;
    // A light run's outputs are not stored whole (no keys): serve.ts, isLight.
    const job = run.light ? { ...run.compileJob, keys: {} } : run.compileJob;
    acceptMessage(run, await runOne(emitter, run.ctx, job));
    if (run.failure) queue.stop();
    // let the worker's results in (written as they come) between two emitters, then return
    // what the written output held
    await new Promise((resolveTurn) => setImmediate(resolveTurn));
    if (!run.light) collectIfLarge();
  }
  await workerDone;
}

/** Hands the worker its share of the queue; resolves when it is done. */
function startWorker(run: Run, queue: SharedQueue): Promise<void> {
  const lane = workerLane(queue.order, run.model.operations.length);
  const alone = lane && run.selected.find((e) => e.name === lane[0])!.schedule!.worker!.slice!;
  // With a lane every other emitter runs here, a streaming one too: its pages are handed over as
  // they are made. The worker's context never carries the function (it is not cloneable).
  if (alone && !run.cache) run.ctx.writeEarly = run.early.take;
  const ctx = alone ? { ...run.ctx, model: alone(run.model), writeEarly: undefined } : run.ctx;
  const done = run.threads.helper!.run(
    {
      ctx,
      compile: run.compileJob,
      order: queue.order,
      queue: queue.buffer,
      lane,
      mainOnly: mainThreadOnly(queue.order),
    },
    (message) => {
      if (message.kind !== 'validation') return acceptMessage(run, message);
      run.checks.verdict = message;
      if (message.problems.length > 0) queue.stop();
    },
  );
  // the slice and its serialized copy, garbage once sent
  if (alone) collectIfLarge();
  return done;
}

/** One emitter's result, from either thread: into the writer, or the reason nothing is. */
function acceptMessage(run: Run, message: WorkerMessage): void {
  if (message.kind !== 'result' || run.failure) return;
  const { result } = message;
  if ('failure' in result) {
    // An emitter that cannot express the contract is a contract problem for the user, with
    // the emitter named; nothing is written. (From a snapshot: placed by a full load.)
    if (!run.bundle) {
      run.failure = [];
      return;
    }
    const [placed] = placeProblems(run.bundle, [result.failure]);
    run.failure = [
      `${run.opts.contract}: the ${result.name} emitter failed; nothing was written`,
      '  ' + formatProblem(placed),
    ];
    return;
  }
  if (message.compileFailure) {
    run.failure = [
      `${run.opts.contract}: the package step failed; nothing was written`,
      `  ${message.compileFailure}`,
    ];
    return;
  }
  const emitter: Emitter = run.selected.find((e) => e.name === result.name)!;
  run.tally.warnings.set(result.name, result.warnings);
  run.tally.reusedSteps.push(...result.reusedSteps);
  if (message.compiled) {
    run.tally.compile.ms += message.compiled.ms;
    run.tally.compile.compiled += message.compiled.compiled;
    run.tally.compile.reused += message.compiled.reused;
  }
  const origin = run.light ? undefined : run.cache?.keys[emitter.name];
  accept(
    run,
    emitter,
    result.files,
    message.compiled?.files,
    { ms: result.ms, cached: false },
    origin,
  );
}
