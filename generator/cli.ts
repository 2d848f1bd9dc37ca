/**
 * tms-gen: validates the contract and writes everything generated from it.
 * Exit codes: 0 ok, 1 contract invalid (or --check found differences), 2 usage.
 */
import { watch } from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as parseArgv } from 'node:util';
import { formatProblem, problemOf } from './contract-error.js';
import { banner } from './source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emit/emitter.js';
import { emitters } from './emit/index.js';
import { compiledModules, packageFiles, RUNTIME_IMPORT } from './emit/package.js';
import { loadContract, placeProblems, validateDocument } from './load.js';
import {
  DEFAULT_LIMITS,
  LIMIT_OPTIONS,
  parseLimitValue,
  type LoadLimits,
  type NumericLimit,
} from './load.js';
import type { ContractProblem } from './contract-error.js';
import { checkOutputs, writeOutputs, type OutputDir } from './write.js';

const HELP = `tms-gen — generate types, client, validators, server stubs, mock document and docs from an OpenAPI contract

Usage:
  tms-gen [generate] [options]     validate the contract and write every artifact
  tms-gen scaffold [options]       write starter handler implementations that do not exist yet
  tms-gen diff --base <file|ref>   compare two versions of a contract (tms-gen diff --help)
  tms-gen --help

Options:
  --contract <file>   the contract's root document (default: openapi/openapi.yaml)
  --out <dir>         where code goes (default: generated)
  --docs <dir>        where the HTML reference goes (default: docs)
  --only <names>      comma-separated emitters to run (${emitters.map((e) => e.name).join(', ')})
  --runtime <spec>    import specifier of the runtime from --out (default: ./runtime, compiled into --out)
  --check             write nothing; exit 1 and list the files that differ from a fresh generate
  --watch             regenerate whenever a file next to the contract changes
  --quiet             print only problems

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
  /** `scaffold --dir`: where the starter handlers go */
  dir?: string;
  /** loader limits given on the command line (`--max-depth`, `--ref-root`, ...) */
  limits?: Partial<LoadLimits>;
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
  };
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

/** One generate (or check) run. Never throws for a bad contract: problems come back as lines. */
export async function runGenerate(opts: CliOptions): Promise<RunResult> {
  const lines: string[] = [];
  const t0 = performance.now();
  const selected = selectEmitters(opts.only);
  // Started before the contract loads, so its own start-up overlaps the load.
  const helper = startEmitWorker(
    selected.filter((e) => !MAIN_THREAD_EMITTERS.has(e.name)).map((e) => e.name),
  );
  // With a worker, the document checks run there, beside the types emitter; nothing is written
  // unless they pass.
  const loaded = await loadContract(opts.contract, {
    deferValidation: helper !== undefined,
    limits: opts.limits,
  });
  if (!loaded.ok) {
    helper?.cancel();
    lines.push(
      `${opts.contract}: the contract is invalid (${loaded.problems.length} problem${loaded.problems.length === 1 ? '' : 's'}); nothing was written`,
    );
    for (const p of loaded.problems) lines.push('  ' + formatProblem(p));
    return { exitCode: 1, lines };
  }
  const { model, warnings } = loaded.contract;
  const tLoad = performance.now() - t0;
  const runtimeImport = opts.runtime ?? RUNTIME_IMPORT;
  const command =
    opts.out === 'generated' && opts.docs === 'docs' && opts.contract === 'openapi/openapi.yaml'
      ? 'npm run generate'
      : `tms-gen --contract ${model.sourceFile}`;
  const ctx: EmitContext = {
    model,
    outDir: opts.out,
    docsDir: opts.docs,
    runtimeImport,
    command,
    warn: (m) => warnings.push(m),
  };

  const inWorker = helper
    ? helper.run({ model, outDir: opts.out, docsDir: opts.docs, runtimeImport, command })
    : undefined;
  const onMain = selected.filter((e) => !helper || MAIN_THREAD_EMITTERS.has(e.name));
  const mainResults = await runEmitters(onMain, ctx);
  const fromWorker = inWorker ? await inWorker : { results: [] };
  if (fromWorker.validation) {
    warnings.push(...fromWorker.validation.warnings);
    if (fromWorker.validation.problems.length > 0) {
      const problems = placeProblems(loaded.contract.bundle, fromWorker.validation.problems);
      lines.push(
        `${opts.contract}: the contract is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}); nothing was written`,
      );
      for (const p of problems) lines.push('  ' + formatProblem(p));
      return { exitCode: 1, lines };
    }
  }
  const results = [...mainResults, ...fromWorker.results];
  const failed = results.find((r): r is EmitFailure => 'failure' in r);
  if (failed) {
    // An emitter that cannot express the contract is a contract problem for the user, with
    // the emitter named; nothing is written.
    lines.push(`${opts.contract}: the ${failed.name} emitter failed; nothing was written`);
    const [placed] = placeProblems(loaded.contract.bundle, [failed.failure]);
    lines.push('  ' + formatProblem(placed));
    return { exitCode: 1, lines };
  }
  // Summary and output in registry order, whichever thread ran the emitter.
  const produced = selected.map((emitter) => {
    const r = results.find((x) => x.name === emitter.name) as EmitSuccess;
    if (r.warnings) warnings.push(...r.warnings);
    return { emitter, files: r.files, ms: r.ms };
  });

  const byRoot = (root: 'code' | 'docs') =>
    produced.filter((p) => p.emitter.root === root).flatMap((p) => p.files);
  const outputs: OutputDir[] = [];
  const partial = opts.only !== undefined;
  if (selected.some((e) => e.root === 'code')) {
    // The code output is also a package (emit/package.ts): each TypeScript file as JavaScript
    // + .d.ts, compiled here where the types emitter has already loaded TypeScript; and, when
    // complete, package.json and README.
    const t = performance.now();
    const code = byRoot('code');
    let packaged: GeneratedFile[];
    try {
      packaged = compiledModules(code, banner(model.sourceFile, command));
    } catch (error) {
      // A generated file TypeScript cannot declare on its own: an emitter bug, reported as such.
      lines.push(`${opts.contract}: the package step failed; nothing was written`);
      lines.push(`  ${(error as Error).message}`);
      return { exitCode: 1, lines };
    }
    if (!partial) packaged.push(...packageFiles(model, [...code, ...packaged], command));
    code.push(...packaged);
    produced.push({ emitter: packageStep, files: packaged, ms: performance.now() - t });
    outputs.push({ dir: opts.out, files: code, partial });
  }
  if (selected.some((e) => e.root === 'docs'))
    outputs.push({ dir: opts.docs, files: byRoot('docs'), partial });

  for (const w of warnings) if (!opts.quiet) lines.push(`warning: ${w}`);
  if (opts.check) {
    const diffs = checkOutputs(outputs);
    if (diffs.length > 0) {
      lines.push(
        `${diffs.length} generated file${diffs.length === 1 ? '' : 's'} differ from the contract (run \`${command}\`):`,
      );
      for (const d of diffs) lines.push(`  ${d.kind.padEnd(7)} ${d.file}`);
      return { exitCode: 1, lines };
    }
    if (!opts.quiet)
      lines.push(
        `generated files are up to date with ${model.sourceFile} (${outputs.reduce((n, o) => n + o.files.length, 0)} files checked)`,
      );
    return { exitCode: 0, lines };
  }
  writeOutputs(outputs);
  if (!opts.quiet) {
    const total = performance.now() - t0;
    lines.push(
      `${model.sourceFile}: ${model.operations.length} operations, ${model.schemas.length} schemas (OpenAPI ${model.openapiVersion})`,
    );
    lines.push(`  load + validate  ${ms(tLoad)}`);
    for (const p of produced) {
      const bytes = p.files.reduce(
        (n, f) =>
          n + (typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.length),
        0,
      );
      const dir = p.emitter.root === 'code' ? opts.out : opts.docs;
      lines.push(
        `  ${p.emitter.name.padEnd(15)}  ${ms(p.ms)}  ${p.files.length} file${p.files.length === 1 ? '' : 's'}, ${kb(bytes)} → ${dir}/`,
      );
    }
    lines.push(`done in ${ms(total)}`);
  }
  return { exitCode: 0, lines };
}

/** How the package step appears in the summary (its files are counted with their emitters'). */
const packageStep: Emitter = { name: 'package', root: 'code', emit: () => [] };

type EmitSuccess = { name: string; files: GeneratedFile[]; ms: number; warnings?: string[] };
type EmitFailure = { name: string; failure: ContractProblem };

async function runEmitters(
  list: Emitter[],
  ctx: EmitContext,
): Promise<(EmitSuccess | EmitFailure)[]> {
  const out: (EmitSuccess | EmitFailure)[] = [];
  for (const emitter of list) {
    const t = performance.now();
    try {
      out.push({ name: emitter.name, files: await emitter.emit(ctx), ms: performance.now() - t });
    } catch (error) {
      out.push({ name: emitter.name, failure: problemOf(error, emitter.name) });
      break;
    }
  }
  return out;
}

/**
 * Emitters run on two threads. The types emitter stays on the main thread: loading the
 * TypeScript compiler for openapi-typescript is the longest single step of a generate, and the
 * other emitters (validators, docs, ...) run meanwhile in a worker. Emitters are pure functions
 * of the model, which is plain data, so the worker gets a structured clone of it. The worker
 * runs the CLI's own module (TMS_GEN_ENTRY, set by bin/tms-gen.js); without it (the CLI
 * imported from elsewhere, e.g. a test) everything runs on the main thread.
 */
const MAIN_THREAD_EMITTERS = new Set(['types']);

interface WorkerAnswer {
  /** the document checks (validateDocument), run first; emitters run only if they pass */
  validation?: { problems: ContractProblem[]; warnings: string[] };
  results: (EmitSuccess | EmitFailure)[];
}

interface EmitWorker {
  run(job: Omit<EmitContext, 'warn'>): Promise<WorkerAnswer>;
  cancel(): void;
}

function startEmitWorker(names: string[]): EmitWorker | undefined {
  const entry = process.env.TMS_GEN_ENTRY;
  if (!entry || names.length === 0 || process.env.TMS_GEN_THREADS === '1') return undefined;
  const worker = new Worker(new URL(entry), {
    workerData: { kind: 'tms-gen-emit', names },
    execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
  });
  worker.unref();
  const done = new Promise<WorkerAnswer>((resolveDone) => {
    worker.once('message', (answer: WorkerAnswer) => resolveDone(answer));
    worker.once('error', (error) =>
      resolveDone({
        results: [
          {
            name: names[0],
            failure: problemOf(new Error(`worker failed: ${error.message}`), 'cli'),
          },
        ],
      }),
    );
  });
  return {
    run(job) {
      worker.postMessage(job);
      return done.finally(() => void worker.terminate());
    },
    cancel: () => void worker.terminate(),
  };
}

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === 'tms-gen-emit') {
  const { names } = workerData as { names: string[] };
  parentPort!.once('message', async (job: Omit<EmitContext, 'warn'>) => {
    const validation = await validateDocument(job.model.document);
    if (validation.problems.length > 0) {
      parentPort!.postMessage({ validation, results: [] } satisfies WorkerAnswer);
      return;
    }
    const warnings: string[] = [];
    const results = await runEmitters(
      emitters.filter((e) => names.includes(e.name)),
      { ...job, warn: (m) => warnings.push(m) },
    );
    // Warnings travel with the first result; the main thread prints them once.
    if (results[0] && 'files' in results[0]) results[0].warnings = warnings;
    parentPort!.postMessage({ validation, results } satisfies WorkerAnswer);
  });
}

function ms(n: number): string {
  return `${Math.round(n)} ms`.padStart(8);
}

function kb(n: number): string {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'diff') {
    const { runDiff } = await import('./diff/cli.js');
    return runDiff(argv.slice(1));
  }
  let opts: CliOptions | 'help';
  try {
    opts = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`tms-gen: ${error.message}\n\n${HELP}`);
      return 2;
    }
    throw error;
  }
  if (opts === 'help') {
    console.log(HELP);
    return 0;
  }
  if (opts.command === 'scaffold') {
    const { runScaffold } = await import('./scaffold.js');
    return runScaffold(opts);
  }
  const once = async () => {
    const result = await runGenerate(opts as CliOptions);
    const print = result.exitCode === 0 ? console.log : console.error;
    for (const line of result.lines) print(line);
    return result.exitCode;
  };
  if (!opts.watch) return once();

  await once();
  const dir = dirname(resolve(opts.contract));
  console.log(`watching ${relative(process.cwd(), dir) || '.'} for changes (Ctrl-C to stop)`);
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve<unknown>(undefined);
  watch(dir, { recursive: true }, () => {
    // Editors write a file in several steps; wait for the burst to end, and never run twice at once.
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        console.log(`\n${new Date().toLocaleTimeString()} change detected`);
        await once();
      });
    }, 150);
  });
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
