/**
 * Does each fast path still pay? Each one against its reference path, side by side, alternated
 * (A B A B) in one run, each measurement in a process of its own, beside the user workflow it
 * is meant to speed up (issue 29: a fast path that saves under 10% of a real workflow is not
 * worth its twin). Written to bench/results/fast-paths.md with the machine's load.
 *
 * - types printing: openapi-typescript's output printed in pieces (emit/types-pieces.ts) vs its
 *   own `astToString(transformSchema(...))`, on GitHub's document's TypeScript view;
 * - package compile: statements written from the source (compile/package-compile-split.ts) vs
 *   TypeScript's transpileModule + transpileDeclaration, on GitHub's generated modules;
 * - meta-schemas: the prebuilt OpenAPI/JSON Schema meta validators vs compiling them with Ajv;
 * - Ajv's optimize with a linear name count (schema/ajv-optimize.ts) vs Ajv's own, on the
 *   validators' compile of GitHub's document;
 * - the checks thread of a docs build (threads/validate-worker.ts), TMS_GEN_THREADS=2 vs 1, and
 *   the CPU of the checks it moves (what it can save at most, on a spare core);
 * - the workflows: GitHub's document cold (every artifact), its docs build, our contract cold.
 *
 * `node --import tsx bench/fast-paths.ts [--rounds 2] [--out bench/results/fast-paths.md]`; one case
 * alone: `--case types|ajvOptimize --variant fast|reference [--doc FILE]` (`--doc`: another
 * document than GitHub's for those two, e.g. Microsoft Graph's that bench/graph.ts fetches).
 * (a few minutes; needs ../shared or TMS_SHARED, and generated output of GitHub's document,
 * which it makes first under .tmp/fast-paths).
 */
import { readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './lib/options.js';
import { measure } from './lib/process-tree.js';
import { median } from './lib/stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const SPECS = resolve(ROOT, process.env.TMS_SHARED ?? join('..', 'shared'), 'specs');
const GITHUB = join(SPECS, 'big', 'github-api.github.com.json');
const SCRATCH = join(ROOT, '.tmp', 'fast-paths');
const CLI = join(ROOT, 'bin', 'tms-gen.js');

type Variant = 'fast' | 'reference';
const VARIANTS: Variant[] = ['fast', 'reference'];

/** One measurement inside this process (run as a child: `--case <name> --variant <v>`). */
/** wall and CPU seconds of the measured step */
interface Timing {
  wall: number;
  cpu: number;
  /** the types case: the process's peak RSS before and after the step */
  peakBeforeMb?: number;
  peakAfterMb?: number;
}

const since = (t0: number, c0: NodeJS.CpuUsage): Timing => {
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
};

const CASES: Record<string, (variant: Variant) => Promise<Timing>> = {
  async types(variant) {
    const { loadContract } = await import('../generator/load/index.js');
    const { tokenizedTypescriptView } = await import('../generator/model/views/typescript.js');
    const { otsContext } = await import('../generator/emit/types.js');
    const { printInPieces, PIECE_ENTRIES } = await import('../generator/emit/types-pieces.js');
    const { typescript } = await import('../generator/common/typescript-compiler.js');
    const ots = await import('openapi-typescript');
    const loaded = await loadContract(subject(), { skipSchemaCheck: true });
    if (!loaded.ok) throw new Error(`${subject()} refused`);
    const view = tokenizedTypescriptView(loaded.contract.model)!.document;
    const before = process.resourceUsage().maxRSS / 1024;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const text =
      variant === 'fast'
        ? printInPieces(ots, typescript(), view, otsContext(ots, view), PIECE_ENTRIES, () => {})
        : ots.astToString(ots.transformSchema(view as never, otsContext(ots, view)));
    if (!text) throw new Error('nothing printed');
    // the process's peak RSS before the step (the document's load) and after it, in MB: the
    // step's own peak shows when it is the larger
    const peakMb = () => process.resourceUsage().maxRSS / 1024;
    return { ...since(t0, c0), peakBeforeMb: before, peakAfterMb: peakMb() };
  },
  async compile(variant) {
    const { typescript } = await import('../generator/common/typescript-compiler.js');
    const { isolatedCompileOptions } = await import('../generator/compile/package-compile.js');
    const { compileSplit } = await import('../generator/compile/package-compile-split.js');
    const ts = typescript();
    const options = isolatedCompileOptions(ts);
    const dir = join(SCRATCH, 'github', 'gen');
    const files = readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'types.ts',
    );
    const sources = files.map((f) => [f, readFileSync(join(dir, f), 'utf8')] as const);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (const [name, source] of sources) {
      const split = variant === 'fast' ? compileSplit(ts, source, name, options) : undefined;
      if (split) continue;
      ts.transpileDeclaration(source, { fileName: name, compilerOptions: options });
      ts.transpileModule(source, { fileName: name, compilerOptions: options });
    }
    return since(t0, c0);
  },
  /**
   * The document checks of GitHub's document, which the checks thread moves off the main
   * thread: the most it can save on a spare core (fast: not run here; reference: run here).
   */
  async checks(variant) {
    const { loadContract, validateDocument } = await import('../generator/load/index.js');
    const loaded = await loadContract(GITHUB, { deferValidation: true });
    if (!loaded.ok) throw new Error('GitHub document refused');
    const document = loaded.contract.bundle.document;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    if (variant === 'reference') await validateDocument(document);
    return since(t0, c0);
  },
  /**
   * The validators' compile of GitHub's document with Ajv's optimize patched (ajv-optimize.ts)
   * or as Ajv ships it: for the reference, the prototype's `optimize` ignores the patch's writes.
   */
  async ajvOptimize(variant) {
    const { loadContract } = await import('../generator/load/index.js');
    const { compileValidators } = await import('../generator/emit/validators.js');
    const { CodeGen } = await import('ajv');
    const loaded = await loadContract(subject(), { skipSchemaCheck: true });
    if (!loaded.ok) throw new Error(`${subject()} refused`);
    if (variant === 'reference') {
      const proto = CodeGen.prototype as unknown as Record<string, unknown>;
      const shipped = proto.optimize;
      Object.defineProperty(proto, 'optimize', { get: () => shipped, set: () => {} });
    }
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    compileValidators(loaded.contract.model);
    return since(t0, c0);
  },
  async meta(variant) {
    if (variant === 'fast') process.env.TMS_GEN_RUNTIME = prebuiltFolder();
    else delete process.env.TMS_GEN_RUNTIME;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const { metaValidator } = await import('../generator/load/openapi-meta.js');
    const { schemaMetaCheck } = await import('../generator/load/schema-meta.js');
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    metaValidator('3.0');
    metaValidator('3.1');
    schemaMetaCheck(new Ajv2020({ strict: false }), '3.1');
    return since(t0, c0);
  },
};

/** The folder of the CLI's build holding the prebuilt validators (made by bin/tms-gen.js). */
function prebuiltFolder(): string {
  const cache = join(ROOT, 'node_modules', '.cache', 'tms-gen');
  const builds = readdirSync(cache)
    .map((d) => join(cache, d))
    .filter((d) => existsSync(join(d, 'openapi-meta-3.0.cjs')));
  if (builds.length === 0) throw new Error('no CLI build: run `npm run generate` once');
  return builds[0];
}

const cli = benchOptions(['case', 'variant', 'rounds', 'out', 'doc'], []);
/** the document of the types and Ajv cases: GitHub's, or `--doc` (Microsoft Graph's, bench/graph.ts) */
function subject(): string {
  return resolve(cli.string('doc', GITHUB));
}
const one = cli.string('case', '');
if (one) {
  const timing = await CASES[one](cli.string('variant', 'fast') as Variant);
  process.stdout.write(`${JSON.stringify(timing)}\n`);
  process.exit(0);
}

const ROUNDS = Number(cli.string('rounds', '2'));
const OUT = resolve(ROOT, cli.string('out', 'bench/results/fast-paths.md'));
const load = () => loadavg()[0].toFixed(1);

/** One CLI or in-process run: wall and CPU seconds (user + system, every thread), peak RSS. */
interface Run extends Timing {
  peakMb: number;
}

/** `command` under GNU time, for the CPU seconds of its whole process (threads included). */
async function timed(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<Run & { stdout: string }> {
  const m = await measure('/usr/bin/time', ['-f', 'tms-cpu %U %S', process.execPath, ...args], {
    env,
    capture: true,
  });
  const cpu = /tms-cpu ([\d.]+) ([\d.]+)/.exec(m.stderr);
  if (!m.ok || !cpu) throw new Error(`${args.join(' ')}: ${m.note ?? 'no CPU time'}`);
  return {
    wall: m.seconds,
    cpu: Number(cpu[1]) + Number(cpu[2]),
    peakMb: m.peakMb,
    stdout: m.stdout,
  };
}

async function inProcess(name: string, variant: Variant): Promise<Run> {
  const args = ['--max-old-space-size=4096', '--import', 'tsx', SELF, '--case', name];
  const run = await timed([...args, '--variant', variant]);
  const step = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Timing;
  // the step's own times; the peak is the whole child's (the load of the document included)
  return { ...step, peakMb: run.peakMb };
}

function generate(contract: string, out: string, extra: string[], env: NodeJS.ProcessEnv = {}) {
  rmSync(out, { recursive: true, force: true });
  const args = [
    CLI,
    '--contract',
    contract,
    '--out',
    join(out, 'gen'),
    '--docs',
    join(out, 'docs'),
  ];
  return timed([...args, '--no-cache', '--quiet', ...extra], env);
}

mkdirSync(SCRATCH, { recursive: true });
const lines: string[] = [];
const log = (line: string) => {
  lines.push(line);
  console.log(line);
};
const show = (r: Run) =>
  `${r.wall.toFixed(2)} s wall, ${r.cpu.toFixed(2)} s CPU, ${r.peakMb.toFixed(0)} MB (load ${load()})`;
const started = new Date().toISOString().slice(0, 16).replace('T', ' ');
log(
  `load at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

// Workflows (also makes GitHub's generated modules for the compile case).
const workflows: Record<string, Run[]> = { githubCold: [], oursCold: [] };
const threads: Record<Variant, Run[]> = { fast: [], reference: [] };
for (let round = 0; round < ROUNDS; round++) {
  const cold = await generate(GITHUB, join(SCRATCH, 'github'), []);
  log(`GitHub cold, every artifact: ${show(cold)}`);
  workflows.githubCold.push(cold);
  for (const variant of round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) {
    const docs = await generate(GITHUB, join(SCRATCH, 'github-docs'), ['--only', 'docs'], {
      TMS_GEN_THREADS: variant === 'fast' ? '2' : '1',
    });
    log(
      `GitHub --only docs, checks ${variant === 'fast' ? 'on a thread' : 'on the main thread'}: ${show(docs)}`,
    );
    threads[variant].push(docs);
  }
  const ours = await generate(join(ROOT, 'openapi', 'openapi.yaml'), join(SCRATCH, 'ours'), []);
  log(`our contract cold: ${show(ours)}`);
  workflows.oursCold.push(ours);
}

const pairs: Record<string, Record<Variant, Run[]>> = {};
for (let round = 0; round < ROUNDS; round++)
  for (const name of Object.keys(CASES))
    for (const variant of round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) {
      const r = await inProcess(name, variant);
      ((pairs[name] ??= { fast: [], reference: [] })[variant] ??= []).push(r);
      log(`${name}, ${variant} path: ${show(r)}`);
    }

const of = (runs: Run[], key: 'wall' | 'cpu' | 'peakMb') => median(runs.map((r) => r[key]));
const row = (what: string, pair: Record<Variant, Run[]>, workflow: string, base: Run[]) => {
  const saved = of(pair.reference, 'cpu') - of(pair.fast, 'cpu');
  const wallSaved = of(pair.reference, 'wall') - of(pair.fast, 'wall');
  return `| ${what} | ${of(pair.fast, 'cpu').toFixed(2)} / ${of(pair.reference, 'cpu').toFixed(2)} s | ${of(pair.fast, 'wall').toFixed(2)} / ${of(pair.reference, 'wall').toFixed(2)} s | ${of(pair.fast, 'peakMb').toFixed(0)} / ${of(pair.reference, 'peakMb').toFixed(0)} MB | ${workflow}: ${of(base, 'cpu').toFixed(1)} s CPU, ${of(base, 'wall').toFixed(1)} s wall | **${((saved / of(base, 'cpu')) * 100).toFixed(0)}%** CPU, ${((wallSaved / of(base, 'wall')) * 100).toFixed(0)}% wall |`;
};
const table = [
  '| fast path | CPU fast / reference | wall fast / reference | peak fast / reference | workflow (median) | saved, share of the workflow |',
  '|---|---|---|---|---|---|',
  row('types printed in pieces', pairs.types, 'GitHub cold', workflows.githubCold),
  row('package compile split', pairs.compile, 'GitHub cold', workflows.githubCold),
  row('prebuilt meta-schemas', pairs.meta, 'our contract cold', workflows.oursCold),
  row('Ajv optimize, linear name count', pairs.ajvOptimize, 'GitHub cold', workflows.githubCold),
  row('checks thread (docs build)', threads, 'GitHub docs build', threads.reference),
  row(
    'checks thread: the checks it moves (most it can save on a spare core)',
    pairs.checks,
    'GitHub docs build',
    threads.reference,
  ),
];
writeFileSync(
  OUT,
  [
    '# Fast paths against their reference paths',
    '',
    `Generated by \`node --import tsx bench/fast-paths.ts --rounds ${ROUNDS}\` (${started} UTC). Each`,
    'measurement in a process of its own, fast and reference alternated (the order flips each',
    'round); the saving is set against the user workflow the fast path is for. CPU seconds (user +',
    'system of the whole process, every thread, from GNU time; in-process steps from',
    '`process.cpuUsage`) are the measure of a saving on a loaded machine: wall seconds carry the',
    "other processes' load (noted at each line). A thread's gain is wall time on a spare core, which",
    'a loaded 2-core machine cannot show. Peak: the whole process tree (RSS), for the in-process',
    'steps including the load of the document before the step.',
    '',
    ...table,
    '',
    '## Every measurement, in order',
    '',
    ...lines.map((l) => `- ${l}`),
    '',
  ].join('\n'),
);
console.log(`written to ${OUT}`);
