/**
 * The document checks (validateDocument: the OpenAPI meta-schema, the strict schema compile) on a
 * thread of their own, for a run of a big document that has no emit worker (`--only docs`): they
 * then take the second core while the main thread emits, instead of running after it. The worker
 * gets a structured clone of the bundled document as soon as the loader's own checks passed (before
 * the model is built) and ends when it has answered, so its copy is gone before the emit holds all
 * its pages. Its verdict carries pointers only; the main thread places them (file, line) and writes
 * nothing unless the checks pass, exactly as when it checks on its own thread.
 *
 * The thread costs CPU of its own (its start, the CLI's module, the document's copy), which pays
 * only when a core is spare beside the writer thread's: on a machine of two cores the checks of a
 * docs build stay on the main thread (`checksThreadWanted`, a fixed rule). TMS_GEN_THREADS=2 asks
 * for the thread always; =1 never.
 *
 * Like the emit worker it runs the CLI's own module (TMS_GEN_ENTRY, set by bin/tms-gen.js);
 * without it (the CLI imported from elsewhere, e.g. a test) there is no worker and the caller
 * checks on its own thread.
 */
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ContractProblem } from '../common/contract-error.js';
import { operationCount } from '../common/http-methods.js';
import { validateDocument } from '../load/index.js';
import { threadsSetting, type ThreadsSetting } from './setting.js';

export interface DocumentVerdict {
  problems: ContractProblem[];
  warnings: string[];
}

/** Below this many operations the checks take a few milliseconds: not worth a thread. */
export const VALIDATION_WORKER_MIN_OPERATIONS = 300;

/**
 * Whether the checks get a thread of their own, by a fixed rule: TMS_GEN_THREADS=1 or 2
 * (`threads`, threads/setting.ts) decides; otherwise only when the machine has a core to spare for them. A docs build keeps a
 * second core busy already (`writerBusy`: its writer thread creates thousands of files), so
 * there the checks need a third. Without a spare core the thread only adds its start and its
 * copy of the document to a run that cannot overlap them (bench/results/fast-paths.md).
 * Never the machine's momentary load: the same machine and document always run the same way.
 * The verdict is the same either way.
 */
export function checksThreadWanted(
  threads: ThreadsSetting,
  cores: number,
  /** whether the run's writer thread will be busy (it writes a docs site) */
  writerBusy = true,
): boolean {
  if (threads === 1) return false;
  if (threads === 2) return true;
  // this thread takes a core, and the writer's another when it is busy
  return cores - (writerBusy ? 2 : 1) >= 1;
}

/**
 * The checks of a document large enough to be worth a thread (VALIDATION_WORKER_MIN_OPERATIONS),
 * started on one; undefined: the caller runs them itself (the reference path;
 * test/generator/checks-thread.test.ts gives both the same verdict). Fast path
 * (bench/results/fast-paths.md): on a machine with a core to spare it takes the checks' CPU off
 * a large document's docs build; a loaded 2-core machine cannot show that gain, and the rule
 * never starts it there. It may go when the checks cost under a tenth of a docs build.
 */
export function checksThread(
  document: Record<string, unknown>,
  writesDocs: boolean,
): Promise<DocumentVerdict> | undefined {
  return operationCount(document) >= VALIDATION_WORKER_MIN_OPERATIONS
    ? startValidationWorker(document, writesDocs)
    : undefined;
}

/**
 * Starts checking `document` on another thread; undefined when there is no worker to start (the
 * caller then calls validateDocument itself). The promise settles with the verdict, or with the
 * verdict of the same checks run here if the worker fails.
 */
export function startValidationWorker(
  document: Record<string, unknown>,
  /** whether the run writes a docs site (checksThreadWanted's `writerBusy`) */
  writesDocs: boolean,
): Promise<DocumentVerdict> | undefined {
  const entry = process.env.TMS_GEN_ENTRY;
  if (!entry) return undefined;
  if (!checksThreadWanted(threadsSetting(), availableParallelism(), writesDocs)) return undefined;
  let worker: Worker;
  try {
    worker = new Worker(new URL(entry), {
      workerData: { kind: 'tms-gen-validate', document },
      execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
      // A small young generation: the checks keep little, and the thread's memory adds to the
      // emit's on the main thread. Not smaller: each scavenge walks the pointers into the
      // copied document, and a smaller one runs many more of them for about the same peak.
      resourceLimits: { maxYoungGenerationSizeMb: 16 },
    });
  } catch {
    return undefined;
  }
  return new Promise<DocumentVerdict>((resolve) => {
    let answered = false;
    const fallback = () => {
      if (answered) return;
      answered = true;
      resolve(validateDocument(document));
    };
    worker.once('message', (verdict: DocumentVerdict) => {
      answered = true;
      resolve(verdict);
      void worker.terminate();
    });
    worker.once('error', fallback);
    worker.once('exit', fallback);
  });
}

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === 'tms-gen-validate') {
  const { document } = workerData as { document: Record<string, unknown> };
  void validateDocument(document).then((verdict) => parentPort!.postMessage(verdict));
}
