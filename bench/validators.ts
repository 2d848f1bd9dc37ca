/**
 * Ahead-of-time validators (generated/validators.js, generated/validators/ops/<op>.js) versus
 * compiling the same schemas at run time, for our contract and for GitHub's spec:
 * - cold start: a fresh process imports one operation's module (and, apart, the full index) and
 *   runs the first validation, versus one that builds an Ajv, adds the same schema root and
 *   compiles the same validators; the modes are interleaved run by run, in one run of the bench
 *   (targets, GitHub: operation module ≤ 150 ms and ≥ 5× faster than Ajv compiling that one
 *   operation's schema);
 * - throughput on a heavy response of 1000 items versus run-time Ajv (target ≥ 0.95×) and
 *   @cfworker/json-schema (target ≥ 3×);
 * - generated size (target, GitHub: ≤ 10 MB), and the share of it that level awareness costs.
 * Writes bench/results/validators.md.
 *
 * `node --import tsx bench/validators.ts [--runs 5]`
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Validator } from '@cfworker/json-schema';
import { build } from 'esbuild';
import { runtimeEmitter } from '../generator/emit/package.js';
import { validatorSchemaRoot, validatorsEmitter } from '../generator/emit/validators.js';
import { loadContract } from '../generator/load/index.js';
import type { ApiModel } from '../generator/model/types.js';
import { createAjv, findUnknownFormats } from '../generator/schema/ajv.js';
import { benchOptions } from './lib/options.js';
import { median } from './lib/stats.js';

const TMP = resolve('bench/.tmp/validators');
/** The shared folder (TMS_SHARED, default ../shared): the big third-party documents. */
const SHARED = resolve(process.env.TMS_SHARED ?? join('..', 'shared'));
// `--child MODE DIR`: one measurement in a fresh process (spawned by main).
const cli = benchOptions(['runs', 'child', 'only']);
const runs = Number(cli.string('runs', '5')) || 5;

interface Subject {
  name: string;
  contract: string;
  operationId: string;
  /** 1000 items shaped like the contract's own example */
  payload(model: ApiModel): unknown;
}

const SUBJECTS: Subject[] = [
  {
    name: 'our contract',
    contract: 'openapi/openapi.yaml',
    operationId: 'getMessages',
    payload: (model) => {
      const example = exampleOf(model, 'getMessages') as { messages: Record<string, unknown>[] };
      const messages = Array.from({ length: 1000 }, (_, i) => ({
        ...example.messages[i % example.messages.length],
        id: 1000 + i,
      }));
      return { ...example, messages };
    },
  },
  {
    name: "GitHub's spec",
    contract: join(SHARED, 'specs/big/github-api.github.com.json'),
    operationId: 'repos/list-for-org',
    payload: (model) => {
      const items = exampleOf(model, 'repos/list-for-org') as Record<string, unknown>[];
      return Array.from({ length: 1000 }, (_, i) => ({ ...items[i % items.length], id: 1000 + i }));
    },
  },
];

function exampleOf(model: ApiModel, operationId: string): unknown {
  const op = model.operations.find((o) => o.id === operationId)!;
  return op.responses.find((r) => r.status === '200')!.mediaTypes[0].examples[0].value;
}

/**
 * The cold-start modes, each run by plain Node (no TypeScript loader: a loader's hooks would
 * also serve the index's `require` of each module): `-e` code with the case's folder as its one
 * argument, printing the milliseconds from before the first import to the first verdict.
 * Ajv's modes import the same Ajv factory the generator uses, bundled to JavaScript beforehand.
 */
const COLD_MODES: Record<string, string> = {
  'cold-operation': `
    const v = await import(at('validators', meta.operationPath + '.js'));
    valid = v.validateResponse(200, payload).valid;`,
  'cold-index': `
    const v = await import(at('validators.js'));
    importMs = performance.now() - t0;
    valid = v.validateResponse(meta.operationId, 200, payload).valid;`,
  'cold-bundle': `
    const v = await import(at('validators', 'bundle.js'));
    valid = v.validateResponse(meta.operationId, 200, payload).valid;`,
  'cold-runtime-one': ajvMode('[meta.ref]'),
  'cold-runtime-all': ajvMode('meta.allRefs'),
};

function ajvMode(refs: string): string {
  return `
    const { createAjv } = await import(at('ajv-factory.js'));
    const ajv = createAjv({ dialect: meta.dialect, unknownFormats: meta.unknownFormats });
    ajv.addSchema(JSON.parse(readFileSync(join(dir, 'root.json'), 'utf8')));
    for (const ref of ${refs}) ajv.getSchema(ref);
    valid = ajv.getSchema(meta.ref)(payload);`;
}

function coldScript(mode: string): string {
  return `
    import { readFileSync } from 'node:fs';
    import { join } from 'node:path';
    import { pathToFileURL } from 'node:url';
    const dir = process.argv[1];
    const at = (...parts) => pathToFileURL(join(dir, ...parts)).href;
    const payload = JSON.parse(readFileSync(join(dir, 'payload.json'), 'utf8'));
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
    let valid, importMs;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    ${COLD_MODES[mode]}
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, importMs, valid }));`;
}

/** Child process mode (TypeScript, run through tsx): the throughput comparison. */
async function child(mode: string, dir: string): Promise<void> {
  const payload = JSON.parse(readFileSync(join(dir, 'payload.json'), 'utf8'));
  const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8'));
  if (mode !== 'throughput') throw new Error(`unknown child mode ${mode}`);
  console.log(JSON.stringify(await throughputs(dir, meta, payload)));
}

interface ColdSample {
  ms: number;
  /** CPU time of the process over the same span: what the machine's load changes least */
  cpuMs: number;
  valid: boolean;
  importMs?: number;
}

function coldOnce(mode: string, dir: string): ColdSample {
  return JSON.parse(
    execFileSync(
      process.execPath,
      ['--max-old-space-size=4096', '--input-type=module', '-e', coldScript(mode), dir],
      { encoding: 'utf8' },
    ).trim(),
  );
}

/** Fresh-process cold starts of every mode, interleaved run by run; medians per mode. */
function cold(
  modes: string[],
  dir: string,
  n: number,
  fewer: Record<string, number> = {},
): Record<string, { ms: number; cpuMs: number; valid: boolean; importMs: number }> {
  const samples: Record<string, ColdSample[]> = {};
  for (let i = 0; i < n; i++)
    for (const mode of modes)
      if (i < (fewer[mode] ?? n)) (samples[mode] ??= []).push(coldOnce(mode, dir));
  return Object.fromEntries(
    modes.map((m) => [
      m,
      {
        ms: median(samples[m].map((s) => s.ms)),
        cpuMs: median(samples[m].map((s) => s.cpuMs)),
        importMs: median(samples[m].map((s) => s.importMs ?? NaN)),
        valid: samples[m].every((s) => s.valid),
      },
    ]),
  );
}

/** Validations per second over one round of about `ms` (at least one validation). */
function rate(fn: () => unknown, ms: number): number {
  let count = 0;
  const t0 = performance.now();
  do {
    fn();
    count++;
  } while (performance.now() - t0 < ms);
  return count / ((performance.now() - t0) / 1000);
}

/**
 * Throughput of the generated operation module, run-time Ajv and cfworker on the same payload,
 * in a fresh process (no garbage of the generation to collect meanwhile), round by round in
 * turn so that a change of the machine's load falls on all three: medians of the rounds, and
 * the median of each round's ratio.
 */
async function throughputs(
  dir: string,
  meta: {
    operationPath: string;
    dialect: '3.0' | '3.1';
    unknownFormats: string[];
    ref: string;
    cfRef: string;
  },
  payload: unknown,
) {
  const generated = await import(
    pathToFileURL(join(dir, 'validators', `${meta.operationPath}.js`)).href
  );
  const root = JSON.parse(readFileSync(join(dir, 'root.json'), 'utf8'));
  const ajv = createAjv({ dialect: meta.dialect, unknownFormats: meta.unknownFormats });
  ajv.addSchema(root);
  const runtime = ajv.getSchema(meta.ref)!;
  const cf = new Validator(
    nullableToTypes({ $ref: meta.cfRef, $defs: root.$defs }) as never,
    meta.dialect === '3.1' ? '2020-12' : '7',
  );
  const subjects = {
    generated: () => generated.validateResponse(200, payload).valid as boolean,
    runtime: () => runtime(payload) as boolean,
    cfworker: () => cf.validate(payload).valid,
  };
  const verdicts = Object.fromEntries(Object.entries(subjects).map(([k, fn]) => [k, fn()]));
  for (const fn of Object.values(subjects)) rate(fn, 300); // warm-up
  const rounds: Record<keyof typeof subjects, number>[] = [];
  for (let r = 0; r < ROUNDS; r++)
    rounds.push({
      generated: rate(subjects.generated, 300),
      runtime: rate(subjects.runtime, 300),
      cfworker: rate(subjects.cfworker, 300),
    });
  const of = (k: keyof typeof subjects) => median(rounds.map((r) => r[k]));
  return {
    verdicts,
    rate: { generated: of('generated'), runtime: of('runtime'), cfworker: of('cfworker') },
    vsRuntime: median(rounds.map((r) => r.generated / r.runtime)),
    vsCfworker: median(rounds.map((r) => r.generated / r.cfworker)),
  };
}

/** Rounds of the throughput comparison (each ~0.3 s per subject). */
const ROUNDS = 11;

/** cfworker knows no OpenAPI 3.0 `nullable`: give it the equivalent type lists. */
function nullableToTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableToTypes);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node))
    if (k !== 'nullable') out[k] = k === 'enum' || k === 'const' ? v : nullableToTypes(v);
  const source = node as Record<string, unknown>;
  if (source.nullable === true && typeof source.type === 'string') out.type = [source.type, 'null'];
  if (source.nullable === true && Array.isArray(source.enum) && !source.enum.includes(null))
    out.enum = [...source.enum, null];
  return out;
}

async function measure(subject: Subject) {
  const loaded = await loadContract(subject.contract, { skipSchemaCheck: true });
  if (!loaded.ok) throw new Error(`${subject.contract} is invalid`);
  const model = loaded.contract.model;
  const dir = join(TMP, subject.name.replace(/\W+/g, '-'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'validators'), { recursive: true });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const files = await validatorsEmitter.emit({
    model,
    outDir: dir,
    docsDir: dir,
    runtimeImport: './runtime',
    command: 'bench',
    warn: () => {},
  });
  const generateMs = performance.now() - t0;
  const generateCpu = process.cpuUsage(c0);
  const generateCpuMs = (generateCpu.user + generateCpu.system) / 1000;
  // The validators import the runtime copied beside them, as in generated/ (not counted).
  const runtimeFiles = await runtimeEmitter.emit({
    model,
    outDir: dir,
    docsDir: dir,
    runtimeImport: './runtime',
    command: 'bench',
    warn: () => {},
  });
  for (const f of [...files, ...runtimeFiles]) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.contents);
  }
  const bytes = files
    .filter((f) => f.path.endsWith('.js'))
    .reduce((n, f) => n + statSync(join(dir, f.path)).size, 0);
  // everything the emitter writes (declarations too): what the size target counts
  const allBytes = files.reduce((n, f) => n + statSync(join(dir, f.path)).size, 0);
  // What level awareness costs: the same contract with its level facts left out.
  const levelless = jsBytes(
    await validatorsEmitter.emit({
      model: withoutLevels(model),
      outDir: dir,
      docsDir: dir,
      runtimeImport: './runtime',
      command: 'bench',
      warn: () => {},
    }),
  );
  const operationPath = files
    .find(
      (f) =>
        f.path.startsWith('validators/ops/') &&
        f.path.endsWith('.js') &&
        String(f.contents).includes(`id: ${JSON.stringify(subject.operationId)},`),
    )!
    .path.replace(/^validators\//, '')
    .replace(/\.js$/, '');

  const { root, targets } = validatorSchemaRoot(model);
  const key = targets.responses[subject.operationId]['200']!;
  const payload = subject.payload(model);
  const unknownFormats = findUnknownFormats(root.root, createAjv({ dialect: model.dialect }));
  const allKeys = [
    ...new Set([
      ...Object.values(targets.named),
      ...Object.values(targets.requests).map((r) => r.key),
      ...Object.values(targets.responses).flatMap((s) =>
        Object.values(s).filter((k): k is string => k !== null),
      ),
    ]),
  ];
  writeFileSync(join(dir, 'root.json'), JSON.stringify(root.root));
  // Ajv's cold modes run under plain Node too: the generator's Ajv factory as JavaScript.
  await build({
    entryPoints: ['generator/schema/ajv.ts'],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    outfile: join(dir, 'ajv-factory.js'),
    logLevel: 'warning',
  });
  writeFileSync(join(dir, 'payload.json'), JSON.stringify(payload));
  writeFileSync(
    join(dir, 'meta.json'),
    JSON.stringify({
      operationId: subject.operationId,
      operationPath,
      dialect: model.dialect,
      unknownFormats,
      ref: root.refOf(key),
      cfRef: `#/$defs/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      allRefs: allKeys.map(root.refOf),
    }),
  );

  const colds = cold(
    ['cold-operation', 'cold-runtime-one', 'cold-index', 'cold-bundle', 'cold-runtime-all'],
    dir,
    runs,
    { 'cold-runtime-all': Math.min(runs, 3), 'cold-bundle': Math.min(runs, 3) },
  );
  const coldGenerated = colds['cold-operation'];
  const coldIndex = colds['cold-index'];
  const coldBundle = colds['cold-bundle'];
  const coldRuntimeAll = colds['cold-runtime-all'];
  const coldRuntimeOne = colds['cold-runtime-one'];

  const speed = JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'bench/validators.ts', '--child', 'throughput', dir],
      { encoding: 'utf8' },
    ).trim(),
  ) as Awaited<ReturnType<typeof throughputs>>;
  const { verdicts, rate } = speed;
  return {
    subject,
    generateMs,
    generateCpuMs,
    bytes,
    allBytes,
    levelless,
    files: files.length,
    coldGenerated,
    coldIndex,
    coldBundle,
    coldRuntimeAll,
    coldRuntimeOne,
    verdicts,
    rate,
    vsRuntime: speed.vsRuntime,
    vsCfworker: speed.vsCfworker,
    targets: allKeys.length,
  };
}

function jsBytes(files: { path: string; contents: string | Uint8Array }[]): number {
  return files
    .filter((f) => f.path.endsWith('.js'))
    .reduce((n, f) => n + Buffer.byteLength(f.contents), 0);
}

/** The model with no feature-level facts: what the validators were before level awareness. */
function withoutLevels(model: ApiModel): ApiModel {
  const none = { history: [], deprecated: false };
  return {
    ...model,
    levelFacts: {},
    operations: model.operations.map((op) => ({
      ...op,
      lifecycle: none,
      parameters: op.parameters.map((p) => ({ ...p, lifecycle: none, extensions: {} })),
    })),
  };
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0].toFixed(1);
  const results = [];
  // `--only <words>`: the subjects whose name contains them (a quick look; results not written)
  const only = cli.string('only', '');
  for (const subject of SUBJECTS.filter((s) => s.name.includes(only))) {
    console.log(`measuring ${subject.name}...`);
    results.push(await measure(subject));
  }
  const f = (n: number, d = 0) => n.toFixed(d);
  const mb = (n: number) => `${f(n / 1024 / 1024, 2)} MiB`;
  const both = (n: number) => `${f(n / 1024 / 1024, 2)} MiB = ${f(n / 1e6, 2)} MB`;
  const lines = [
    '# Validators: ahead-of-time vs run-time compile',
    '',
    `Node ${process.version}, ${runs} fresh processes per cold-start median (3 for the bundle and for "compile all"), modes interleaved run by run; throughput in a fresh process, the three validators in turn over ${ROUNDS} rounds of 0.3 s each (medians; ratio = median of the rounds' ratios).`,
    `Load while measuring (1-minute load average of ${cpus().length} cores): ${loadBefore} at the start, ${f(loadavg()[0], 1)} at the end.`,
    'Cold start = from before the first import to the first verdict, in a fresh process (Node boot excluded, same for every mode).',
    '"operation module" imports `validators/ops/<operation>.js` (its closure only); "index" imports `validators.js` (tables only: the operation\'s module, and its closure, load on first use); "bundle" imports `validators/bundle.js` (every operation and named schema up front, for bundlers and browsers).',
    '',
    '| subject | schemas compiled | generated size (.js) | all files (.js + .d.ts; target ≤ 10 MB) | files | generate time (CPU) | cold: operation module | cold: Ajv compile one | ratio | cold: index import | cold: index first verdict (target ≤ 150 ms) | ratio vs Ajv compile one (target ≥ 5×) | cold: bundle | cold: Ajv compile all | ratio |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.subject.name} | ${r.targets} | ${mb(r.bytes)} | ${both(r.allBytes)} | ${r.files} | ${f(r.generateMs)} ms (${f(r.generateCpuMs)} ms) | ${f(r.coldGenerated.ms)} ms | ${f(r.coldRuntimeOne.ms)} ms | ${f(r.coldRuntimeOne.ms / r.coldGenerated.ms, 1)}× | ${f(r.coldIndex.importMs)} ms | ${f(r.coldIndex.ms)} ms | ${f(r.coldRuntimeOne.ms / r.coldIndex.ms, 1)}× | ${f(r.coldBundle.ms)} ms | ${f(r.coldRuntimeAll.ms)} ms | ${f(r.coldRuntimeAll.ms / r.coldBundle.ms, 1)}× |`,
    ),
    '',
    "The same cold starts in CPU time of the process (user + system over the same span; medians), which the machine's load changes less than wall time:",
    '',
    '| subject | operation module | Ajv compile one | index first verdict | Ajv compile one / index | bundle | Ajv compile all |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.subject.name} | ${f(r.coldGenerated.cpuMs)} ms | ${f(r.coldRuntimeOne.cpuMs)} ms | ${f(r.coldIndex.cpuMs)} ms | ${f(r.coldRuntimeOne.cpuMs / r.coldIndex.cpuMs, 1)}× | ${f(r.coldBundle.cpuMs)} ms | ${f(r.coldRuntimeAll.cpuMs)} ms |`,
    ),
    '',
    '| subject | generated size with level awareness | same contract, level facts left out | cost of levels |',
    '|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.subject.name} | ${mb(r.bytes)} | ${mb(r.levelless)} | ${f(((r.bytes - r.levelless) / r.levelless) * 100, 1)}% |`,
    ),
    '',
    '| subject | payload (1000 items) | verdict gen/Ajv/cfworker | generated /s | Ajv run-time /s | ratio (target ≥ 0.95) | cfworker /s | ratio (target ≥ 3) |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.subject.name} | ${r.subject.operationId} 200 | ${r.verdicts.generated}/${r.verdicts.runtime}/${r.verdicts.cfworker} | ${f(r.rate.generated, 1)} | ${f(r.rate.runtime, 1)} | ${f(r.vsRuntime, 2)}× | ${f(r.rate.cfworker, 1)} | ${f(r.vsCfworker, 1)}× |`,
    ),
    '',
    'Notes: "compile one" compiles only the schema of the first validation at run time; "compile all"',
    'compiles every validator the generated code holds (what a run-time validating middleware does at',
    'start-up). cfworker gets OpenAPI 3.0 `nullable` rewritten as type lists (it does not know the keyword).',
    'Before the split (one `validators/compiled.js`, same machine, earlier run): our contract 0.67 MB,',
    "GitHub's spec 45.73 MB with a 2412 ms cold start of the one module (1057 ms to compile one schema with Ajv).",
    "Before the round of shared request checks and declarations (same machine, load 11.6-13.7): GitHub's spec",
    '11.41 MB in all files (9.90 MiB of .js), 3231 schemas compiled, index first verdict 154 ms (wall).',
    '',
    'Design: one module per operation (`validators/ops/`) importing statically the closure of shared',
    'schemas it needs (`validators/schemas/`, one module per shared schema or per cycle of schemas), so',
    'a cold start pays for one operation. The index (`validators.js`) holds tables of module paths and',
    "loads an operation's module on its first use with Node's synchronous `require` of an ES module, so",
    'its API stays synchronous and importing it is cheap on any document; `validators/bundle.js` is the',
    'same API with every module imported up front, for bundles (the MSW handlers use it).',
    'Throughput: a shared schema is called through a module constant (V8 inlines a call to it, not to an',
    'imported binding), long `required` lists run their loop only when one test of plain reads finds a',
    "name missing, and Ajv's arguments for coercion, defaults, `$data` and (without dynamic references)",
    'dynamic scopes are left out; before these (same machine, earlier run under load 17–25): 0.43× and',
    '0.32× of run-time Ajv, and the full (then eager) index took 264 ms (ours) and 10229 ms (GitHub) to a',
    'first verdict, measured then with the tsx loader in the child process, which slows every module load.',
    '',
  ];
  mkdirSync('bench/results', { recursive: true });
  if (only === '') writeFileSync('bench/results/validators.md', lines.join('\n'));
  console.log(lines.join('\n'));
}

const childMode = cli.string('child', '');
if (childMode !== '') await child(childMode, cli.positionals[0]);
else await main();
