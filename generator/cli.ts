/**
 * tms-gen: validates the contract and writes everything generated from it.
 * Exit codes: 0 ok, 1 contract invalid (or --check found differences), 2 usage.
 */
import { existsSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as parseArgv } from 'node:util';
import { cacheKey, DEFAULT_CACHE_DIR, generatorDigest, openCache } from './cache/index.js';
import { formatProblem } from './common/contract-error.js';
import { collectIfLarge, markMemory } from './run/heap.js';
import { banner } from './common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emit/emitter.js';
import { emitters } from './emit/index.js';
import { packageFiles, RUNTIME_IMPORT } from './emit/package.js';
import {
  runOne,
  SharedQueue,
  startEmitWorker,
  VALIDATE,
  type CompileJob,
  type WorkerMessage,
} from './threads/emit-worker.js';
import { validatorsSlice } from './emit/validator-targets.js';
import { loadContract, placeProblems, validateDocument } from './load/index.js';
import {
  digestsAfterDescriptionEdit,
  modelDigests,
  type ModelSlice,
  type RememberedDigests,
} from './model/digest.js';
import {
  DEFAULT_LIMITS,
  LIMIT_OPTIONS,
  parseLimitValue,
  type LoadLimits,
  type NumericLimit,
} from './load/index.js';
import type { ContractProblem } from './common/contract-error.js';
import { outputSink } from './write/index.js';
import {
  loadFromSnapshot,
  readSourceBytes,
  snapshotKey,
  snapshotOf,
  storeSnapshot,
} from './cache/model-snapshot.js';
import { folderStamp, watchFolder } from './run/watch.js';
import { commandNamed, commands } from './commands/index.js';
import { missingContract, usageLine } from './commands/usage.js';
import {
  operationCount,
  startValidationWorker,
  VALIDATION_WORKER_MIN_OPERATIONS,
  type DocumentVerdict,
} from './threads/validate-worker.js';

const HELP = `tms-gen — generate types, client, validators, server stubs, mock document and docs from an OpenAPI contract

Usage:
  tms-gen [generate] [options]     validate the contract and write every artifact
  tms-gen scaffold [options]       write starter handler implementations that do not exist yet
  tms-gen diff --base <file|ref>   compare two versions of a contract (tms-gen diff --help)
${commands
  .filter((c) => c.name !== 'diff')
  .map((c) => `  tms-gen ${c.name.padEnd(25)}${c.summary}`)
  .join('\n')}
  tms-gen --help                   (each subcommand has its own --help)

Options:
  --contract <file>   the contract's root document (default: openapi/openapi.yaml)
  --out <dir>         where code goes (default: generated)
  --docs <dir>        where the HTML reference goes (default: docs)
  --only <names>      comma-separated emitters to run (${emitters.map((e) => e.name).join(', ')})
  --runtime <spec>    import specifier of the runtime from --out (default: ./runtime, compiled into --out)
  --check             write nothing; exit 1 and list the files that differ from a fresh generate
  --watch             regenerate whenever a file next to the contract changes
  --quiet             print only problems
  --lenient           tms-gen's own rules (unknown keywords in 3.1 schemas, types TypeScript cannot
                      write) become warnings; violations of the OpenAPI specification still refuse
  --cache-dir <dir>   where outputs are cached between runs (default: node_modules/.cache/tms-gen-outputs;
                      safe to delete: the next run is cold)
  --no-cache          neither read nor write the cache

Limits (a contract over one is refused with its place; see README, "Hostile contracts"):
  --ref-root <dir>            another folder $ref may read from (repeatable; default: the contract's folder only)
${(Object.entries(LIMIT_OPTIONS) as [NumericLimit, string][]).map(([k, o]) => `  ${(o + ' <n>').padEnd(28)}default ${DEFAULT_LIMITS[k]}`).join('\n')}

Exit codes: 0 ok · 1 contract invalid, or --check found differences · 2 usage error`;

export interface CliOptions {
  command: 'generate' | 'scaffold';
  contract: string;
  out: string;
  docs: string;
  only?: string[];
  runtime?: string;
  check: boolean;
  watch: boolean;
  quiet: boolean;
  /** the output cache's folder (generator/cache/index.ts); `noCache` turns it off */
  cacheDir?: string;
  noCache?: boolean;
  /** `scaffold --dir`: where the starter handlers go */
  dir?: string;
  /** loader limits given on the command line (`--max-depth`, `--ref-root`, ...) */
  limits?: Partial<LoadLimits>;
  /** `--lenient`: tms-gen's own rules become warnings (load/lenient.ts) */
  lenient?: boolean;
}

export class UsageError extends Error {}

/** The loader's limits as options: `--max-depth <n>` ... (generator/load/limits.ts). */
const LIMIT_FLAGS = Object.fromEntries(
  Object.values(LIMIT_OPTIONS).map((flag) => [flag.slice(2), { type: 'string' as const }]),
);
const OPTIONS = {
  ...LIMIT_FLAGS,
  'ref-root': { type: 'string', multiple: true },
  contract: { type: 'string' },
  out: { type: 'string' },
  docs: { type: 'string' },
  only: { type: 'string' },
  runtime: { type: 'string' },
  check: { type: 'boolean' },
  watch: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  lenient: { type: 'boolean' },
  'cache-dir': { type: 'string' },
  'no-cache': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;
/** Options only `scaffold` takes. */
const SCAFFOLD_OPTIONS = { ...OPTIONS, dir: { type: 'string' } } as const;

export function parseArgs(argv: string[]): CliOptions | 'help' {
  const args = [...argv];
  const command: CliOptions['command'] =
    args[0] === 'generate' || args[0] === 'scaffold'
      ? (args.shift() as CliOptions['command'])
      : 'generate';
  let values: { [name: string]: string | boolean | string[] | undefined };
  try {
    ({ values } = parseArgv({
      args,
      options: command === 'scaffold' ? SCAFFOLD_OPTIONS : OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(usageMessage(error));
  }
  if (values.help) return 'help';
  const text = (name: string) => (typeof values[name] === 'string' ? values[name] : undefined);
  const opts: CliOptions = {
    command,
    contract: text('contract') ?? 'openapi/openapi.yaml',
    out: text('out') ?? 'generated',
    docs: text('docs') ?? 'docs',
    check: values.check === true,
    watch: values.watch === true,
    quiet: values.quiet === true,
    noCache: values['no-cache'] === true,
  };
  if (values.lenient === true) opts.lenient = true;
  if (text('cache-dir') !== undefined) opts.cacheDir = text('cache-dir');
  if (text('runtime') !== undefined) opts.runtime = text('runtime');
  if (text('dir') !== undefined) opts.dir = text('dir');
  for (const [limit, flag] of Object.entries(LIMIT_OPTIONS) as [NumericLimit, string][]) {
    const raw = text(flag.slice(2));
    if (raw === undefined) continue;
    const n = parseLimitValue(raw);
    if (n === undefined) throw new UsageError(`${flag} needs a positive whole number`);
    opts.limits = { ...opts.limits, [limit]: n };
  }
  const roots = values['ref-root'];
  if (Array.isArray(roots) && roots.length > 0) opts.limits = { ...opts.limits, refRoots: roots };
  if (text('only') !== undefined)
    opts.only = text('only')!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (opts.check && opts.watch) throw new UsageError('--check and --watch do not go together');
  const unknown = (opts.only ?? []).filter((n) => !emitters.some((e) => e.name === n));
  if (unknown.length > 0)
    throw new UsageError(
      `unknown emitter '${unknown.join(', ')}' (known: ${emitters.map((e) => e.name).join(', ')})`,
    );
  return opts;
}

/** node:util's parse errors in our words: the argument, and what is wrong with it. */
function usageMessage(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const quoted = /'([^']+)'/.exec(e.message ?? '')?.[1] ?? '';
  if (
    e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
    e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
  )
    return `unknown argument '${quoted}'`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return `${quoted.split(' ')[0] || 'an option'} needs a value`;
  return e.message ?? String(error);
}

/** Emitters to run: the ones asked for plus those they need. */
function selectEmitters(only: string[] | undefined): Emitter[] {
  if (!only) return emitters;
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const dep of emitters.find((e) => e.name === name)?.needs ?? []) add(dep);
  };
  only.forEach(add);
  // Generated code imports the runtime copied beside it: any code output gets it.
  if (emitters.some((e) => wanted.has(e.name) && e.root === 'code')) add('runtime');
  return emitters.filter((e) => wanted.has(e.name));
}

export interface RunResult {
  exitCode: 0 | 1;
  lines: string[];
}

/**
 * The order the two threads share (threads/emit-worker.ts, SharedQueue): the main thread takes from the
 * front, the worker from the back. The types first (loading TypeScript for openapi-typescript is
 * the longest single step, and the package compiles that follow reuse it on this thread), the
 * validators last (the worker's first: Ajv's compile is the other long step), and between them
 * the rest from the most to the least costly on large documents.
 */
const LANE_ORDER = ['types', 'docs', 'prism', 'client', 'msw', 'server', 'operations', 'runtime'];
const WORKER_FIRST = 'validators';

/**
 * The shared order; `validate`: the document checks join it (VALIDATE), just before the
 * validators, so the worker makes them its second item and the main thread its last.
 */
export function laneOrder(list: Emitter[], validate: boolean): string[] {
  const rank = (e: Emitter) =>
    e.name === WORKER_FIRST
      ? Infinity
      : LANE_ORDER.indexOf(e.name) === -1
        ? LANE_ORDER.length
        : LANE_ORDER.indexOf(e.name);
  const names = [...list].sort((a, b) => rank(a) - rank(b)).map((e) => e.name);
  if (!validate) return names;
  const at = names.at(-1) === WORKER_FIRST ? names.length - 1 : names.length;
  return [...names.slice(0, at), VALIDATE, ...names.slice(at)];
}

/**
 * From this many operations the worker is sent only the validators' slice of the model
 * (validator-targets.ts, `validatorsSlice`: of the document, only the schemas they read) and
 * takes only the validators; the main thread takes everything else, the document checks too. On such a
 * document the validators are the longest item by far (GitHub's, 1223 operations: 39 s of a
 * 40 s run), so the worker would take little else anyway, and a whole model's clone costs the
 * worker its size (Microsoft Graph's: ~420 MB of heap, ~200 MB of it what the validators never
 * read). Below it the worker keeps the whole model and takes whatever is left.
 */
const VALIDATORS_LANE_MIN_OPERATIONS = 1000;

/**
 * The worker's lane for a queue in `order` on a document of `operations` operations: only the
 * validators (their slice of the model, the docs on the main thread handing their pages over as
 * they are made), or undefined for any item.
 */
export function workerLane(order: readonly string[], operations: number): string[] | undefined {
  return order.at(-1) === WORKER_FIRST && operations >= VALIDATORS_LANE_MIN_OPERATIONS
    ? [WORKER_FIRST]
    : undefined;
}

/** The toolkit's root (its package.json, templates): one level up from generator/. */
const TOOLKIT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Which digest of the model (model/digest.ts) an emitter's output is keyed by: the whole model
 * unless the emitter's output is known to carry no prose (descriptions, summaries), or no
 * operation's description (test/generator/cache-slices.test.ts holds each emitter to it).
 */
export const SLICES: Record<string, ModelSlice> = {
  validators: 'withoutProse',
  operations: 'withoutOperationDescriptions',
  server: 'withoutOperationDescriptions',
  msw: 'withoutOperationDescriptions',
  query: 'withoutOperationDescriptions',
  runtime: 'withoutOperationDescriptions',
};

/** How one stage of the run went, for the summary. */
interface StageReport {
  files: number;
  bytes: number;
  ms: number;
  cached: boolean;
}

/**
 * One generate (or check) run. Never throws for a bad contract: problems come back as lines.
 * `fullLoad`: never from the model snapshot (a run from one that meets a problem runs again so,
 * to place it by file and line).
 */
export async function runGenerate(
  opts: CliOptions,
  internal: { fullLoad?: boolean } = {},
): Promise<RunResult> {
  const lines: string[] = [];
  const t0 = performance.now();
  const selected = selectEmitters(opts.only);
  // Only worth a second thread when the main thread has an emitter to run meanwhile: otherwise
  // (`--only docs`) the worker would just hold a second copy of the model (GitHub's: ~200 MB).
  // Watch mode keeps the threading it always had (its test is timing-sensitive under load).
  const wantHelper =
    (opts.watch || selected.some((e) => e.name === 'types')) && selected.length > 1;

  // The cache (generator/cache/index.ts), when there is one: a key per emitter from the generator,
  // the run's settings and the model slice; and the model snapshot (cache/model-snapshot.ts).
  const cacheDir = opts.noCache ? undefined : cacheFolder(opts.cacheDir);
  const generator = cacheDir ? generatorDigest(TOOLKIT_ROOT) : undefined;
  const cache = cacheDir && generator ? openCache(cacheDir) : undefined;
  // the loader's limits as it resolves them (the snapshot's key holds them)
  const limits: LoadLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  // A lenient load changes the document it read: no snapshot of it is kept or used.
  const snapKey =
    cache && generator && !opts.lenient ? snapshotKey(generator, opts.contract, limits) : undefined;
  const fromSnapshot =
    snapKey && !internal.fullLoad
      ? loadFromSnapshot(cache!, snapKey, opts.contract, limits)
      : undefined;
  /** a problem met in a run from the snapshot: reported by a run that loads in full */
  const inFull = async () => runGenerate(opts, { fullLoad: true });
  // From a snapshot, the worker starts only if the run turns out not to be a light one (below):
  // a light run never uses it, and starting it costs ~0.2 s of CPU.
  let helper = wantHelper && !fromSnapshot ? startEmitWorker() : undefined;
  /** the document's bytes as the full load reads them, for the snapshot stored after it */
  const source = snapKey && !fromSnapshot ? readSourceBytes(opts.contract, limits) : undefined;
  // The document checks run after the model is built: with a worker, as an item of the shared
  // queue (threads/emit-worker.ts, VALIDATE) on whichever thread is free; without one, on this thread
  // once the emitters are done, while the staged files are written in the background
  // (write/index.ts). Nothing is swapped in unless they pass. Without an emit worker, a big
  // document's checks run on a thread of their own while the model is built and the emitters
  // run (threads/validate-worker.ts); a small one's after the emit.
  let checking: Promise<DocumentVerdict> | undefined;
  const loaded = fromSnapshot
    ? { ok: true as const, contract: { ...fromSnapshot, bundle: undefined } }
    : await loadContract(opts.contract, {
        deferValidation: true,
        limits: opts.limits,
        lenient: opts.lenient,
        beforeModel: helper
          ? undefined
          : (document) => {
              if (operationCount(document) >= VALIDATION_WORKER_MIN_OPERATIONS)
                checking = startValidationWorker(
                  document,
                  selected.some((e) => e.root === 'docs'),
                );
            },
      });
  const invalid = (problems: ContractProblem[]): RunResult => {
    lines.push(
      `${opts.contract}: the contract is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was written`,
    );
    for (const p of problems) lines.push('  ' + formatProblem(p));
    return { exitCode: 1, lines };
  };
  if (!loaded.ok) {
    helper?.cancel();
    return invalid(loaded.problems);
  }
  const { model, warnings: loadWarnings } = loaded.contract;
  const bundle = loaded.contract.bundle;
  // serialized now, before any emitter has the model; stored once the run has passed
  const snapshot = source && bundle ? snapshotOf(model, loadWarnings, bundle.files) : undefined;
  const tLoad = performance.now() - t0;
  const runtimeImport = opts.runtime ?? RUNTIME_IMPORT;
  const command =
    opts.out === 'generated' && opts.docs === 'docs' && opts.contract === 'openapi/openapi.yaml'
      ? 'npm run generate'
      : `tms-gen --contract ${model.sourceFile}`;
  const ctx: Omit<EmitContext, 'warn'> = {
    model,
    outDir: opts.out,
    docsDir: opts.docs,
    runtimeImport,
    command,
  };
  const bannerLine = banner(model.sourceFile, command);

  const tCache = performance.now();
  const keys: Record<string, string> = {};
  let digests: ReturnType<typeof modelDigests> | undefined;
  let validationKey: string | undefined;
  if (cache && generator) {
    // the walk without prose is skipped for a model seen before but for operations' words
    const rememberedKey = (withoutOperationDescriptions: string) =>
      cacheKey('without-prose', generator, withoutOperationDescriptions);
    const remembered: RememberedDigests = {
      get: (known) => {
        const digest = cache.get(rememberedKey(known))?.files[0]?.contents;
        return typeof digest === 'string' && /^[0-9a-f]{64}$/.test(digest) ? digest : undefined;
      },
      put: (known, withoutProse) =>
        cache.put(rememberedKey(known), {
          files: [{ path: 'without-prose', contents: withoutProse }],
          warnings: [],
        }),
    };
    // from a snapshot: the model's serialization is the snapshot's but for operations' words
    const known = fromSnapshot?.withoutOperationDescriptions;
    digests =
      (known ? digestsAfterDescriptionEdit(model, known, remembered) : undefined) ??
      modelDigests(model, remembered);
    // the docs make each operation page from the cache when its slice is unchanged
    ctx.slices = {
      withoutOperationDescriptions: digests.withoutOperationDescriptions,
      operationDescriptions: digests.operationDescriptions,
    };
    // The document checks' verdict (a pass, with its warnings) is cached too: the loader's
    // limits and rules ran already; swagger-parser's validation of a large document is seconds.
    if (wantHelper) validationKey = cacheKey('validate', generator, digests.withoutProse);
    const settings = JSON.stringify({
      outDir: opts.out,
      docsDir: opts.docs,
      runtimeImport,
      command,
    });
    for (const e of selected)
      keys[e.name] = cacheKey(
        'emit',
        generator,
        e.name,
        settings,
        digests[SLICES[e.name] ?? 'whole'],
      );
  }
  const compileJob: CompileJob = {
    banner: bannerLine,
    cache: cacheDir && generator ? { dir: cacheDir, generator } : undefined,
    keys,
  };
  const tKeys = performance.now() - tCache;
  markMemory('loaded');

  const partial = opts.only !== undefined;
  const hasCode = selected.some((e) => e.root === 'code');
  const dirs = [
    ...(hasCode ? [{ dir: opts.out, partial }] : []),
    ...(selected.some((e) => e.root === 'docs') ? [{ dir: opts.docs, partial }] : []),
  ];
  const sink = outputSink(dirs, opts.check ? 'check' : 'write', {
    background: true,
    // unchanged files are linked from the current output, not written again (write/index.ts)
    manifests: cache ? cacheDir : undefined,
  });
  /** drops the staged output once the writes in flight have ended */
  const abort = async () => {
    await sink.settled().catch(() => undefined);
    sink.abort();
  };
  // The docs' pages go to the writer thread as they are made, while the rest are made (no cache
  // stores the output whole here, and no emit worker takes the context), in small batches from
  // the first pages on: creating a file costs ~0.35 ms on this disk, so GitHub's 2481 take ~0.9 s
  // of the writer thread, which starts at once instead of after the emit (profile: the main
  // thread then waited ~0.5 s at the end for the last big batch).
  const early = { files: [] as GeneratedFile[], sent: 0, bytes: 0 };
  const writeEarly: EmitContext['writeEarly'] = (files) => {
    early.files.push(...files);
    if (early.files.length < EARLY_WRITE_BATCH) return;
    const batch = early.files.splice(0, early.files.length);
    sink.add(opts.docs, batch, undefined, true);
    early.sent += batch.length;
    early.bytes += sizeOf(batch);
  };
  // (also when the worker has a lane, below: the docs then run on this thread)
  if (!cache && !helper) ctx.writeEarly = writeEarly;
  const reports = new Map<string, StageReport>();
  const emitterWarnings = new Map<string, string[]>();
  const compileReport = { files: 0, bytes: 0, ms: 0, compiled: 0, reused: 0 };
  /** every code file's path (the package manifest lists the modules present) */
  const codePaths: GeneratedFile[] = [];
  let failure: string[] | undefined;

  const accept = (
    emitter: Emitter,
    files: GeneratedFile[],
    compiled: GeneratedFile[] | undefined,
    stage: Omit<StageReport, 'files' | 'bytes'>,
    /** the cache entry the files are (stored or served), for the writer's manifest */
    origin: string | undefined,
  ) => {
    const dir = emitter.root === 'code' ? opts.out : opts.docs;
    let before = { files: 0, bytes: 0 };
    if (emitter.name === 'docs' && ctx.writeEarly) {
      // what it handed over early: the batches sent, and the files still waiting
      files = [...early.files, ...files];
      before = { files: early.sent, bytes: early.bytes };
    }
    sink.add(dir, files, origin, emitter.name === 'docs' && ctx.writeEarly !== undefined);
    reports.set(emitter.name, {
      ...stage,
      files: before.files + files.length,
      bytes: before.bytes + sizeOf(files),
    });
    if (compiled) {
      sink.add(dir, compiled, origin && `${origin}.compiled`);
      compileReport.files += compiled.length;
      compileReport.bytes += sizeOf(compiled);
    }
    if (emitter.root === 'code')
      for (const f of [...files, ...(compiled ?? [])])
        codePaths.push({ path: f.path, contents: '' });
  };
  const acceptMessage = (message: WorkerMessage) => {
    if (message.kind !== 'result' || failure) return;
    const { result } = message;
    if ('failure' in result) {
      // An emitter that cannot express the contract is a contract problem for the user, with
      // the emitter named; nothing is written.
      if (!bundle) {
        failure = [];
        return;
      }
      const [placed] = placeProblems(bundle, [result.failure]);
      failure = [
        `${opts.contract}: the ${result.name} emitter failed; nothing was written`,
        '  ' + formatProblem(placed),
      ];
      return;
    }
    if (message.compileFailure) {
      failure = [
        `${opts.contract}: the package step failed; nothing was written`,
        `  ${message.compileFailure}`,
      ];
      return;
    }
    const emitter = selected.find((e) => e.name === result.name)!;
    emitterWarnings.set(result.name, result.warnings);
    reusedSteps.push(...result.reusedSteps);
    if (message.compiled) {
      compileReport.ms += message.compiled.ms;
      compileReport.compiled += message.compiled.compiled;
      compileReport.reused += message.compiled.reused;
    }
    accept(
      emitter,
      result.files,
      message.compiled?.files,
      { ms: result.ms, cached: false },
      light ? undefined : keys[emitter.name],
    );
  };

  // Outputs the cache holds are not produced again; the rest run, on two threads when there is
  // a worker, both taking from one queue (threads/emit-worker.ts).
  /** the outputs that did come from the cache (an entry found damaged is produced again) */
  const reused: Emitter[] = [];
  /** steps inside emitters that ran, served by the cache (EmitContext.memo) */
  const reusedSteps: string[] = [];
  let validation: { problems: ContractProblem[]; warnings: string[] } | undefined;
  const knownVerdict = validationKey ? cache!.get(validationKey) : undefined;
  if (knownVerdict) validation = { problems: [], warnings: knownVerdict.warnings };
  let workerDone: Promise<void> | undefined;
  /** a light run (below): its outputs are not stored whole, so not recorded as entries either */
  let light = false;
  /**
   * A cached output whose files are on disk as a run from this very entry left them (the
   * writer's manifest says so, write/index.ts keep): left there, the entry never read — only its
   * header, for the paths, sizes and warnings.
   */
  const keptInPlace = (emitter: Emitter, key: string, t: number): boolean => {
    const code = emitter.root === 'code';
    const head = cache!.head(key);
    const compiled = code ? cache!.head(`${key}.compiled`) : undefined;
    if (!head || (code && !compiled)) return false;
    const groups = [{ paths: head.files.map((f) => f.path), origin: key }];
    if (compiled)
      groups.push({ paths: compiled.files.map((f) => f.path), origin: `${key}.compiled` });
    if (!sink.keep(code ? opts.out : opts.docs, groups)) return false;
    reused.push(emitter);
    emitterWarnings.set(emitter.name, head.warnings);
    const bytes = (files: { bytes: number }[]) => files.reduce((n, f) => n + f.bytes, 0);
    reports.set(emitter.name, {
      ms: performance.now() - t,
      cached: true,
      files: head.files.length,
      bytes: bytes(head.files),
    });
    if (compiled) {
      compileReport.reused += compiled.files.length / 2;
      compileReport.files += compiled.files.length;
      compileReport.bytes += bytes(compiled.files);
    }
    if (code)
      for (const f of [...head.files, ...(compiled?.files ?? [])])
        codePaths.push({ path: f.path, contents: '' });
    return true;
  };
  try {
    for (const emitter of selected.filter((e) => keys[e.name] && cache!.has(keys[e.name]))) {
      const t = performance.now();
      if (keptInPlace(emitter, keys[emitter.name], t)) continue;
      // as bytes: a hit only goes to disk (no decode of its text, nor encode again to write it)
      const hit = cache!.get(keys[emitter.name], { bytes: true });
      const compiled =
        emitter.root === 'code'
          ? cache!.get(`${keys[emitter.name]}.compiled`, { bytes: true })
          : undefined;
      if (!hit || (emitter.root === 'code' && !compiled)) continue; // damaged: produced again
      reused.push(emitter);
      emitterWarnings.set(emitter.name, hit.warnings);
      if (compiled) compileReport.reused += compiled.files.length / 2;
      accept(
        emitter,
        hit.files,
        compiled?.files,
        { ms: performance.now() - t, cached: true },
        keys[emitter.name],
      );
    }
    const toRun = selected.filter((e) => !reused.includes(e));
    // A light run: everything keyed without operations' words was served (a run with this model
    // but for those words filled the cache), the checks' verdict too, so what is left (outputs
    // that show the words) finds its costly steps in the cache (the docs' pages, the types'
    // openapi-typescript output): a few hundred milliseconds on GitHub's document, less than
    // handing the model to the worker costs (its structured clone: ~0.4 s on each thread).
    // They run here, and without the collections between emitters (~0.1-0.2 s each, for
    // outputs of a few megabytes).
    light =
      knownVerdict !== undefined &&
      toRun.every((e) => (SLICES[e.name] ?? 'whole') === 'whole') &&
      reused.some((e) => SLICES[e.name] === 'withoutOperationDescriptions');
    if (wantHelper && !helper && !light) helper = startEmitWorker();
    const threaded = helper !== undefined && !light;
    // what loading left behind (the parse with positions, the raw text), before the work that
    // holds outputs; a light run's outputs are small beside the model: not worth the pause
    if (!light) collectIfLarge();
    const queue = new SharedQueue(laneOrder(toRun, threaded && !knownVerdict && toRun.length > 0));
    if (helper && threaded && queue.order.length > 0) {
      const lane = workerLane(queue.order, model.operations.length);
      // With a lane the docs can only run here: their pages are handed over as they are made
      // (Microsoft Graph's 29,485 pages, 347 MB, were otherwise all held until the docs ended).
      // The worker's context never carries the function (it is not cloneable).
      if (lane && !cache) ctx.writeEarly = writeEarly;
      workerDone = helper.run(
        {
          ctx: lane ? { ...ctx, model: validatorsSlice(model), writeEarly: undefined } : ctx,
          compile: compileJob,
          order: queue.order,
          queue: queue.buffer,
          lane,
        },
        (message) => {
          if (message.kind === 'validation') {
            validation = message;
            if (message.problems.length > 0) queue.stop();
          } else acceptMessage(message);
        },
      );
      // the slice and its serialized copy, garbage once sent
      if (lane) collectIfLarge();
    } else {
      helper?.cancel();
    }
    for (let name = queue.take('front'); name; name = queue.take('front')) {
      if (name === VALIDATE) {
        validation = await validateDocument(model.document as never);
        if (validation.problems.length > 0) queue.stop();
        continue;
      }
      acceptMessage(
        await runOne(
          selected.find((e) => e.name === name)!,
          ctx,
          // A light run's outputs are not stored whole (no keys): they show the words just
          // edited, which the next edit changes again, and their steps are in the cache already;
          // writing them (~60 MB on GitHub's document) cost as much as making them.
          light ? { ...compileJob, keys: {} } : compileJob,
        ),
      );
      if (failure) queue.stop();
      // let the worker's results in (written as they come) between two emitters, then return
      // what the written output held
      await new Promise((resolveTurn) => setImmediate(resolveTurn));
      if (!light) collectIfLarge();
    }
    await workerDone;
    if (!validation) {
      // no worker, or it had nothing to emit, or a failure stopped the queue before the
      // checks were taken: they run here (or ran on the validation worker meanwhile)
      validation = await (checking ?? validateDocument(model.document as never));
    }
    if (validationKey && !knownVerdict && validation?.problems.length === 0)
      cache!.put(validationKey, { files: [], warnings: validation.warnings });
    if (validation && validation.problems.length > 0) {
      await abort();
      if (!bundle) return inFull();
      return invalid(placeProblems(bundle, validation.problems));
    }
    if (failure) {
      await abort();
      if (!bundle) return inFull();
      lines.push(...failure);
      return { exitCode: 1, lines };
    }
    if (hasCode && !partial) {
      // The code output is also a package: package.json and README, from the modules present.
      const t = performance.now();
      const manifest = packageFiles(model, codePaths, command);
      sink.add(opts.out, manifest);
      compileReport.files += manifest.length;
      compileReport.bytes += sizeOf(manifest);
      compileReport.ms += performance.now() - t;
    }
    await sink.settled();
  } catch (error) {
    await abort();
    throw error;
  }

  const warnings = [
    ...loadWarnings,
    ...(validation?.warnings ?? []),
    ...selected.flatMap((e) => emitterWarnings.get(e.name) ?? []),
  ];
  for (const w of warnings) if (!opts.quiet) lines.push(`warning: ${w}`);
  const diffs = sink.finish();
  if (snapshot && source)
    storeSnapshot(
      cache!,
      snapKey!,
      opts.contract,
      source,
      snapshot,
      digests?.withoutOperationDescriptions,
    );
  cache?.prune();
  const cacheLine = cache
    ? `cache: reused ${reused.length} of ${selected.length} emitter outputs${reused.length ? ` (${reused.map((e) => e.name).join(', ')})` : ''}; ran ${
        selected
          .filter((e) => !reused.includes(e))
          .map((e) => e.name)
          .join(', ') || 'none'
      }; steps reused: ${reusedSteps.sort().join(', ') || 'none'}; compiled ${compileReport.compiled} TypeScript files, reused ${compileReport.reused}`
    : undefined;
  if (opts.check) {
    if (diffs.length > 0) {
      lines.push(
        `${diffs.length} generated file${diffs.length === 1 ? '' : 's'} differ from the contract (run \`${command}\`):`,
      );
      for (const d of diffs) lines.push(`  ${d.kind.padEnd(7)} ${d.file}`);
      return { exitCode: 1, lines };
    }
    if (!opts.quiet) {
      const checked = [...reports.values()].reduce((n, r) => n + r.files, 0) + compileReport.files;
      lines.push(
        `generated files are up to date with ${model.sourceFile} (${checked} files checked)`,
      );
      if (cacheLine) lines.push(cacheLine);
    }
    return { exitCode: 0, lines };
  }
  if (!opts.quiet) {
    const total = performance.now() - t0;
    lines.push(
      `${model.sourceFile}: ${model.operations.length} operations, ${model.schemas.length} schemas (OpenAPI ${model.openapiVersion})`,
    );
    lines.push(`  load + validate  ${ms(tLoad)}`);
    if (cache) lines.push(`  cache keys       ${ms(tKeys)}`);
    const row = (name: string, r: StageReport, dir: string) =>
      `  ${name.padEnd(15)}  ${ms(r.ms)}  ${r.files} file${r.files === 1 ? '' : 's'}, ${kb(r.bytes)} → ${dir}/${r.cached ? ' (cached)' : ''}`;
    for (const e of selected)
      lines.push(row(e.name, reports.get(e.name)!, e.root === 'code' ? opts.out : opts.docs));
    if (hasCode) lines.push(row('package', { ...compileReport, cached: false }, opts.out));
    if (cacheLine) lines.push(cacheLine);
    lines.push(`done in ${ms(total)}`);
  }
  return { exitCode: 0, lines };
}

/** Files of an early batch (handed to the writer thread as `early`, however small). */
const EARLY_WRITE_BATCH = 50;

/** The cache folder: the one given, else node_modules/.cache/… of a project that has node_modules. */
function cacheFolder(given: string | undefined): string | undefined {
  if (given) return given;
  return existsSync('node_modules') ? DEFAULT_CACHE_DIR : undefined;
}

function sizeOf(files: GeneratedFile[]): number {
  return files.reduce(
    (n, f) =>
      n + (typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.length),
    0,
  );
}

function ms(n: number): string {
  return `${Math.round(n)} ms`.padStart(8);
}

function kb(n: number): string {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}

async function main(argv: string[]): Promise<number> {
  const command = commandNamed(argv[0]);
  if (command) return command.run(argv.slice(1));
  let opts: CliOptions | 'help';
  try {
    opts = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      // scaffold's own usage line; generate's as before (its help is the overview)
      if (argv[0] === 'scaffold') console.error(usageLine('scaffold', error.message));
      else console.error(`tms-gen: ${error.message}\n\n${HELP}`);
      return 2;
    }
    throw error;
  }
  if (opts === 'help') {
    console.log(
      argv[0] === 'scaffold' ? (await import('./commands/scaffold.js')).SCAFFOLD_HELP : HELP,
    );
    return 0;
  }
  if (opts.command === 'scaffold') {
    const { runScaffold } = await import('./commands/scaffold.js');
    return runScaffold(opts);
  }
  const missing = missingContract('generate', opts.contract);
  if (missing) {
    console.error(missing);
    return 2;
  }
  const once = async () => {
    const result = await runGenerate(opts as CliOptions);
    const print = result.exitCode === 0 ? console.log : console.error;
    for (const line of result.lines) print(line);
    return result.exitCode;
  };
  if (!opts.watch) return once();

  const dir = dirname(resolve(opts.contract));
  const stampBefore = folderStamp(dir);
  await once();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve<unknown>(undefined);
  const changed = () => {
    // Editors write a file in several steps; wait for the burst to end, and never run twice at once.
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        console.log(`\n${new Date().toLocaleTimeString()} change detected`);
        await once();
      });
    }, 150);
  };
  watchFolder(dir, changed);
  console.log(`watching ${relative(process.cwd(), dir) || '.'} for changes (Ctrl-C to stop)`);
  // an edit made while the first run went on: it saw the old text, so run again
  if (folderStamp(dir) !== stampBefore) changed();
  return new Promise<number>(() => {});
}

const invokedDirectly =
  process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMainThread && (invokedDirectly || process.env.TMS_GEN_MAIN === '1')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`tms-gen: internal error: ${(error as Error).stack ?? error}`);
      process.exit(70);
    },
  );
}
