/**
 * One generate's state, passed from step to step (run/index.ts): what was planned and loaded,
 * the services it uses (cache, writer, threads) and what it has made so far.
 */
import type { LoadedContract } from '../load/index.js';
import type { GeneratedFile } from '../common/generated-file.js';
import type { EmitContext, Emitter } from '../emit/emitter.js';
import type { ApiModel } from '../model/types.js';
import type { CompileJob, EmitWorker } from '../threads/emit-worker.js';
import type { DocumentVerdict } from '../threads/validate-worker.js';
import type { OutputSink } from '../write/index.js';
import type { RunCache } from './run-cache.js';
import type { CliOptions } from './options.js';
import type { EarlyPages } from './early-pages.js';

/** How one stage of the run went, for the summary. */
export interface StageReport {
  files: number;
  bytes: number;
  ms: number;
  cached: boolean;
}

/** What the run has made so far, for the package manifest and the summary. */
export interface Tally {
  reports: Map<string, StageReport>;
  warnings: Map<string, string[]>;
  compile: { files: number; bytes: number; ms: number; compiled: number; reused: number };
  /** every code file's path (the package manifest lists the modules present) */
  codePaths: GeneratedFile[];
  /** the outputs that came from the cache (an entry found damaged is produced again) */
  reused: Emitter[];
  /** steps inside emitters that ran, served by the cache (EmitContext.memo) */
  reusedSteps: string[];
}

/** The document checks: their verdict once known, or where it will come from. */
export interface Checks {
  verdict?: DocumentVerdict;
  /** the verdict came from the cache (the checks are not run again) */
  known: boolean;
  /** the checks running on a thread of their own since the load (threads/validate-worker.ts) */
  pending?: Promise<DocumentVerdict>;
}

export interface Run {
  opts: CliOptions;
  /** a run from the model snapshot that meets a problem runs again from a full load */
  fromSnapshot: boolean;
  selected: Emitter[];
  started: number;
  times: { load: number; keys: number };
  model: ApiModel;
  /** the loaded files (absent from a snapshot), to place a problem by file and line */
  bundle: LoadedContract['bundle'] | undefined;
  loadWarnings: string[];
  command: string;
  ctx: Omit<EmitContext, 'warn'>;
  cache: RunCache | undefined;
  compileJob: CompileJob;
  sink: OutputSink;
  early: EarlyPages;
  tally: Tally;
  checks: Checks;
  /** why nothing may be written (an emitter or the package step failed) */
  failure?: string[];
  /** a run whose outputs are not stored whole (serve.ts, `isLight`) */
  light: boolean;
  threads: { wanted: boolean; helper?: EmitWorker };
}

export function newTally(): Tally {
  return {
    reports: new Map(),
    warnings: new Map(),
    compile: { files: 0, bytes: 0, ms: 0, compiled: 0, reused: 0 },
    codePaths: [],
    reused: [],
    reusedSteps: [],
  };
}

/** The folder an emitter's files go to. */
export function dirOf(run: Run, emitter: Emitter): string {
  return emitter.root === 'code' ? run.opts.out : run.opts.docs;
}

/**
 * An emitter's files (made or served), with its compiled TypeScript, into the writer and the
 * tally. `origin`: the cache entry the files are, for the writer's manifest.
 */
export function accept(
  run: Run,
  emitter: Emitter,
  files: GeneratedFile[],
  compiled: GeneratedFile[] | undefined,
  stage: Omit<StageReport, 'files' | 'bytes'>,
  origin: string | undefined,
): void {
  const dir = dirOf(run, emitter);
  const streamed = emitter.streamsPages === true && run.ctx.writeEarly !== undefined;
  // what it handed over early: the batches sent, and the files still waiting
  const before = streamed ? run.early.drain() : { files: [], sent: 0, bytes: 0 };
  const all = streamed ? [...before.files, ...files] : files;
  const bytes = run.sink.add(dir, all, origin, streamed);
  run.tally.reports.set(emitter.name, {
    ...stage,
    files: before.sent + all.length,
    bytes: before.bytes + bytes,
  });
  if (compiled) {
    run.tally.compile.bytes += run.sink.add(dir, compiled, origin && `${origin}.compiled`);
    run.tally.compile.files += compiled.length;
  }
  if (emitter.root === 'code')
    for (const f of [...all, ...(compiled ?? [])])
      run.tally.codePaths.push({ path: f.path, contents: '' });
}
