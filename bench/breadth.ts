/**
 * Spec-agnostic generation on many real documents (issue 3), written to bench/results/breadth.md.
 *
 * For every document of ../shared/specs/breadth (plus Zulip's and Stripe's from big/):
 * 1. the real CLI, every emitter: `tms-gen --contract F --out .tmp/breadth/<name>/gen --docs …`
 *    (inside the project so the generated code resolves `openapi-fetch` and `runtime/`), sorted into
 *    loaded / refused as invalid (first problem) / emitter failure (emitter, message) / crash;
 * 2. openapi-typescript's CLI on the same document, as the peer to beat;
 * 3. `tsc --strict` over what each produced: ours = types, operations, client, server and
 *    validators.d.ts; theirs = the one types file. One tsc program per batch of documents (a
 *    program per document would spend most of its time re-reading lib.d.ts and runtime/), run two at
 *    a time; errors are attributed to a document by the path of the file they are in. No
 *    `skipLibCheck`, or errors inside validators.d.ts would go unseen; node_modules errors (none
 *    expected) are counted apart.
 * 4. every validators.js imported by Node, since it is plain JS that tsc does not check.
 *
 * 5. each generate's wall time and the peak RSS of its process tree (bench/lib/process-tree.ts),
 *    against issue 19's targets (≤ 60 s, ≤ 1 GB), the slowest 10 beside openapi-typescript's time.
 *
 * Not part of `npm test` (it takes minutes); test/generator/spec-agnostic.test.ts keeps a sample.
 * `node --import tsx bench/breadth.ts [--jobs 2] [--only substring,...] [--largest N] [--out bench/results/breadth.md]`
 * `--generator DIR` runs another checkout's bin/tms-gen.js (an older commit extracted under .tmp/,
 * for before/after numbers); `--no-peer` skips openapi-typescript; `--reuse-peer` keeps its output
 * from an earlier run where there is one (a failed peer run leaves none, so it is retried).
 * `--lenient` generates with `tms-gen --lenient` (write it to another `--out`, e.g.
 * bench/results/breadth-lenient.md): every document refused only by a tms-gen rule generates.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './lib/options.js';
import { measure } from './lib/process-tree.js';
import { writeStrictConfig } from './lib/strict-tsc.js';
import { median } from './lib/stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const cli = benchOptions(
  ['jobs', 'only', 'out', 'generator', 'scratch', 'largest'],
  ['no-peer', 'reuse-peer', 'lenient'],
);
const option = cli.string;
const JOBS = Number(option('jobs', '2'));
const ONLY = option('only', '');
/** only the N largest documents (by bytes): the ones the time and memory targets are about */
const LARGEST = Number(option('largest', '0'));
const OUT = resolve(ROOT, option('out', 'bench/results/breadth.md'));
const SPECS = resolve(ROOT, process.env.TMS_SHARED ?? join('..', 'shared'), 'specs');
const GENERATOR = resolve(ROOT, option('generator', '.'));
const PEER = !cli.flag('no-peer');
/** `tms-gen --lenient` (issue 30): tms-gen's own rules as warnings */
const LENIENT = cli.flag('lenient');
/** Keep openapi-typescript's output from an earlier run (it does not depend on our code). */
const REUSE_PEER = cli.flag('reuse-peer');
const SCRATCH = join(ROOT, '.tmp', option('scratch', 'breadth'));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const OTS = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
/** Source bytes per tsc program: big enough to amortise lib/runtime, small enough for 2 in RAM. */
const BATCH_BYTES = 6 * 1024 * 1024;

interface Doc {
  name: string;
  file: string;
}

type GenOutcome =
  | { kind: 'loaded' }
  | { kind: 'refused'; first: string; count: number }
  | { kind: 'emitter'; emitter: string; message: string }
  | { kind: 'crash'; message: string };

interface Result {
  doc: Doc;
  gen: GenOutcome;
  genMs: number;
  /** peak RSS of our run's whole process tree (MB) */
  genPeakMb: number;
  ours: string[]; // tsc error lines in our output
  validatorsLoad?: string; // error importing validators.js
  ots: { ok: boolean; message?: string; ms: number };
  theirs: string[]; // tsc error lines in openapi-typescript's output
}

function documents(): Doc[] {
  const breadth = readdirSync(join(SPECS, 'breadth'))
    .filter((f) => f.endsWith('.json') || f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ name: f.replace(/\.(json|yaml)$/, ''), file: join(SPECS, 'breadth', f) }));
  const big = [
    { name: 'big__zulip', file: join(SPECS, 'big', 'zulip.yaml') },
    { name: 'big__stripe', file: join(SPECS, 'big', 'stripe-spec3.json') },
  ];
  const wanted = ONLY.split(',').filter(Boolean);
  const chosen = [...breadth, ...big].filter(
    (d) => wanted.length === 0 || wanted.some((w) => d.name.includes(w)),
  );
  if (!LARGEST) return chosen;
  const bySize = [...chosen].sort((a, b) => statSync(b.file).size - statSync(a.file).size);
  const keep = new Set(bySize.slice(0, LARGEST));
  return chosen.filter((d) => keep.has(d));
}

function exec(
  argv: string[],
  timeoutMs = 300_000,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((done) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}

/** Runs `work` over `items` with at most JOBS at once. */
async function pool<T>(items: T[], work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(JOBS, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  });
  await Promise.all(lanes);
}

function classify(code: number | null, stdout: string, stderr: string): GenOutcome {
  if (code === 0) return { kind: 'loaded' };
  const lines = (stderr + stdout).split('\n').filter(Boolean);
  const invalid = lines.findIndex((l) => /the contract is invalid \((\d+) problem/.test(l));
  if (invalid >= 0) {
    const count = Number(/\((\d+) problem/.exec(lines[invalid])![1]);
    return { kind: 'refused', first: (lines[invalid + 1] ?? '').trim(), count };
  }
  const failed = lines.findIndex((l) => /the (\S+) emitter failed/.test(l));
  if (failed >= 0) {
    return {
      kind: 'emitter',
      emitter: /the (\S+) emitter failed/.exec(lines[failed])![1],
      message: (lines[failed + 1] ?? '').trim(),
    };
  }
  return { kind: 'crash', message: `exit ${code}: ${lines.slice(0, 4).join(' ⏎ ').slice(0, 500)}` };
}

const docDir = (d: Doc) => join(SCRATCH, d.name);

async function generateAll(docs: Doc[], results: Map<string, Result>): Promise<void> {
  let done = 0;
  await pool(docs, async (doc) => {
    const dir = docDir(doc);
    const peerOut = join(dir, 'ots', 'types.ts');
    const reusePeer = REUSE_PEER && existsSync(peerOut);
    for (const sub of ['gen', 'docs', ...(reusePeer ? [] : ['ots'])])
      rmSync(join(dir, sub), { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const rel = (p: string) => relative(ROOT, p);
    // Timed and sampled over its process tree (bench/lib/process-tree.ts); cold: no cache.
    const measured = await measure(
      process.execPath,
      [
        join(GENERATOR, 'bin', 'tms-gen.js'),
        '--contract',
        doc.file,
        '--out',
        rel(join(dir, 'gen')),
        '--docs',
        rel(join(dir, 'docs')),
        '--quiet',
        '--no-cache',
        ...(LENIENT ? ['--lenient'] : []),
      ],
      { cwd: ROOT, capture: true, timeoutMs: 300_000 },
    );
    const ours = {
      code: measured.code,
      stdout: measured.stdout,
      stderr: measured.stderr,
      ms: measured.seconds * 1000,
      peakMb: measured.peakMb,
    };
    const theirs = !PEER
      ? { code: 1, stdout: '', stderr: 'not run (--no-peer)', ms: 0 }
      : reusePeer
        ? { code: 0, stdout: '', stderr: '', ms: 0 }
        : await exec([OTS, doc.file, '-o', peerOut]);
    results.set(doc.name, {
      doc,
      gen: classify(ours.code, ours.stdout, ours.stderr),
      genMs: ours.ms,
      genPeakMb: ours.peakMb,
      ours: [],
      ots: {
        ok: theirs.code === 0,
        message:
          theirs.code === 0
            ? undefined
            : (theirs.stderr || theirs.stdout)
                .trim()
                .split('\n')
                .slice(-3)
                .join(' ⏎ ')
                .slice(0, 300),
        ms: theirs.ms,
      },
      theirs: [],
    });
    // The HTML reference is not inspected here (exit 0 says it was written) and is most of the scratch space (~1 GB).
    rmSync(join(dir, 'docs'), { recursive: true, force: true });
    done++;
    if (done % 20 === 0 || done === docs.length) console.log(`  generated ${done}/${docs.length}`);
  });
}

/** Groups files into tsc programs of about BATCH_BYTES of source each. */
function batches(files: string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const f of files) {
    const size = statSync(f).size;
    if (current.length > 0 && bytes + size > BATCH_BYTES) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(f);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** tsc --strict over each batch; returns error lines keyed by the file they are in (absolute). */
async function typecheck(
  label: string,
  files: string[],
): Promise<{ byFile: Map<string, string[]>; other: string[]; ms: number }> {
  const byFile = new Map<string, string[]>();
  const other: string[] = [];
  const groups = batches(files);
  const t0 = performance.now();
  let done = 0;
  await pool(groups, async (group, i) => {
    const config = join(SCRATCH, `tsconfig.${label}.${i}.json`);
    writeStrictConfig(config, group, { skipLibCheck: false });
    const r = await exec([TSC, '-p', config, '--pretty', 'false'], 900_000);
    const lines = r.stdout.split('\n');
    // A diagnostic is a `file(line,col): error TS…` line followed by indented continuation lines.
    let last: string[] | undefined;
    for (const line of lines) {
      const m = /^(.+?)\(\d+,\d+\): error TS\d+/.exec(line);
      if (m) {
        const file = resolve(ROOT, m[1]);
        if (!byFile.has(file)) byFile.set(file, []);
        last = byFile.get(file)!;
        last.push(line);
      } else if (/^error TS\d+/.test(line)) {
        other.push(line);
        last = undefined;
      } else if (line.startsWith(' ') && last) {
        last[last.length - 1] += ' ' + line.trim();
      }
    }
    if (r.code !== 0 && r.code !== 2 && r.code !== 1)
      other.push(`tsc batch ${i} exited ${r.code} (${r.stderr.trim().slice(0, 200)})`);
    done++;
    console.log(`  tsc ${label}: ${done}/${groups.length} programs`);
  });
  return { byFile, other, ms: performance.now() - t0 };
}

/** Imports every validators.js (plain JS: tsc does not look inside), in one child process. */
async function loadValidators(
  dirs: { name: string; file: string }[],
): Promise<Map<string, string>> {
  const code = `
    const { pathToFileURL } = await import('node:url');
    const failures = {};
    for (const [name, file] of ${JSON.stringify(dirs.map((d) => [d.name, d.file]))}) {
      try {
        const m = await import(pathToFileURL(file).href);
        if (typeof m.validateRequest !== 'function' || typeof m.validateResponse !== 'function') failures[name] = 'validateRequest/validateResponse missing';
      } catch (e) { failures[name] = String(e && e.message || e).split('\\n')[0]; }
    }
    console.log(JSON.stringify(failures));`;
  const r = await exec(['--input-type=module', '-e', code], 900_000);
  try {
    return new Map(
      Object.entries(
        JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as Record<string, string>,
      ),
    );
  } catch {
    return new Map(
      dirs.map((d) => [d.name, `validator import run failed: ${r.stderr.slice(0, 200)}`]),
    );
  }
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function short(line: string): string {
  // `/abs/.tmp/breadth/<doc>/gen/client.ts(3,4): error TS…` → `gen/client.ts(3,4): error TS…`
  return cell(line.replace(/^.*?\.tmp\/[^/]+\/[^/]+\//, '')).slice(0, 300);
}

async function main(): Promise<void> {
  const docs = documents();
  mkdirSync(SCRATCH, { recursive: true });
  const results = new Map<string, Result>();
  console.log(`breadth: ${docs.length} documents, ${JOBS} at a time`);
  const tGen = performance.now();
  await generateAll(docs, results);
  const genWall = performance.now() - tGen;

  const OUR_FILES = ['types.ts', 'operations.ts', 'client.ts', 'server.ts', 'validators.d.ts'];
  const loaded = docs.filter((d) => results.get(d.name)!.gen.kind === 'loaded');
  // A document's files stay together (one batch); biggest documents first, so the batch holding
  // Stripe starts early rather than last.
  const ourByDoc = loaded.map((d) =>
    OUR_FILES.map((f) => join(docDir(d), 'gen', f)).filter(existsSync),
  );
  ourByDoc.sort((a, b) => sum(b) - sum(a));
  const theirFiles = docs
    .filter((d) => results.get(d.name)!.ots.ok)
    .map((d) => join(docDir(d), 'ots', 'types.ts'))
    .filter(existsSync);
  theirFiles.sort((a, b) => statSync(b).size - statSync(a).size);

  const tOurs = await typecheck('ours', ourByDoc.flat());
  const tTheirs = await typecheck('theirs', theirFiles);
  const validatorFailures = await loadValidators(
    loaded.map((d) => ({ name: d.name, file: join(docDir(d), 'gen', 'validators.js') })),
  );

  const other: string[] = [...tOurs.other, ...tTheirs.other];
  for (const [file, lines] of tOurs.byFile) {
    const m = /\.tmp\/[^/]+\/([^/]+)\/gen\//.exec(file.slice(ROOT.length - 1));
    if (m && results.has(m[1])) results.get(m[1])!.ours.push(...lines);
    else other.push(...lines);
  }
  for (const [file, lines] of tTheirs.byFile) {
    const m = /\.tmp\/[^/]+\/([^/]+)\/ots\//.exec(file.slice(ROOT.length - 1));
    if (m && results.has(m[1])) results.get(m[1])!.theirs.push(...lines);
    else other.push(...lines);
  }
  for (const [name, message] of validatorFailures) results.get(name)!.validatorsLoad = message;

  writeReport(
    docs.map((d) => results.get(d.name)!),
    other,
    { genWall, tscOurs: tOurs.ms, tscTheirs: tTheirs.ms },
  );
  console.log(`wrote ${relative(ROOT, OUT)}`);
}

/** Issue 19's targets: every loadable document in ≤ 60 s and ≤ 1 GB; the slowest 10. */
const TIME_TARGET_S = 60;
const MEMORY_TARGET_MB = 1024;

function timeAndMemory(loaded: Result[]): string[] {
  const over = loaded.filter(
    (r) => r.genMs / 1000 > TIME_TARGET_S || r.genPeakMb > MEMORY_TARGET_MB,
  );
  const slowest = [...loaded].sort((a, b) => b.genMs - a.genMs).slice(0, 10);
  const ratios = loaded.filter((r) => r.ots.ok && r.ots.ms > 0).map((r) => r.genMs / r.ots.ms);
  return [
    '## Time and memory',
    '',
    `Each document's cold generate (\`--no-cache\`, every artifact), timed with the peak RSS of its whole process tree sampled from /proc; openapi-typescript's CLI on the same document right after it, in the same lane (${JOBS} lanes at once on a shared machine, so seconds carry the load). Target: every loadable document ≤ ${TIME_TARGET_S} s and ≤ 1 GB: **${over.length === 0 ? 'met' : `missed by ${over.length}`}** (${loaded.length} documents; the largest peak ${Math.max(0, ...loaded.map((r) => r.genPeakMb)).toFixed(0)} MB). Median time ratio to openapi-typescript: ${median(ratios).toFixed(2)}×.`,
    '',
    '| document | tms-gen (everything) | peak RSS | openapi-typescript (types) | ratio |',
    '|---|---|---|---|---|',
    ...slowest.map(
      (r) =>
        `| ${r.doc.name} | ${(r.genMs / 1000).toFixed(1)} s | ${r.genPeakMb.toFixed(0)} MB | ${r.ots.ok && r.ots.ms > 0 ? `${(r.ots.ms / 1000).toFixed(1)} s` : '—'} | ${r.ots.ok && r.ots.ms > 0 ? `${(r.genMs / r.ots.ms).toFixed(1)}×` : '—'} |`,
    ),
    ...(over.length > 0
      ? [
          '',
          `Over a target: ${over.map((r) => `${r.doc.name} (${(r.genMs / 1000).toFixed(0)} s, ${r.genPeakMb.toFixed(0)} MB)`).join(', ')}.`,
        ]
      : []),
    '',
  ];
}

function sum(files: string[]): number {
  return files.reduce((n, f) => n + statSync(f).size, 0);
}

function writeReport(
  all: Result[],
  other: string[],
  times: { genWall: number; tscOurs: number; tscTheirs: number },
): void {
  const count = (pred: (r: Result) => boolean) => all.filter(pred).length;
  const loaded = all.filter((r) => r.gen.kind === 'loaded');
  const oursClean = loaded.filter((r) => r.ours.length === 0 && !r.validatorsLoad);
  const theirsOk = all.filter((r) => r.ots.ok);
  const theirsClean = theirsOk.filter((r) => r.theirs.length === 0);
  const oursErrors = loaded.reduce((n, r) => n + r.ours.length, 0);
  const theirsErrors = theirsOk.reduce((n, r) => n + r.theirs.length, 0);
  const theirsOnLoaded = loaded.filter((r) => r.ots.ok && r.theirs.length === 0).length;
  const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  const md: string[] = [];
  md.push('# Spec-agnostic generation on real documents');
  md.push('');
  md.push(
    `Generated by \`node --import tsx bench/breadth.ts\` (${new Date().toISOString().slice(0, 10)}). Documents: the ${all.filter((r) => !r.doc.name.startsWith('big__')).length} of`,
  );
  md.push(
    "`../shared/specs/breadth/` plus Zulip's and Stripe's from `big/`. Ours: the real `tms-gen` CLI, every",
  );
  md.push(
    'emitter (types, operations, client, prism, validators, server, docs); then `tsc --strict` (TypeScript',
  );
  md.push(
    '5.9, no `skipLibCheck`) over types.ts, operations.ts, client.ts, server.ts and validators.d.ts, and',
  );
  md.push(
    'Node importing validators.js. Theirs: the openapi-typescript CLI, then `tsc --strict` over its file.',
  );
  md.push('');
  md.push('| | tms-gen (all artifacts) | openapi-typescript 7.13 (types only) |');
  md.push('|---|---|---|');
  md.push(`| documents | ${all.length} | ${all.length} |`);
  md.push(`| refused as invalid (by design) | ${count((r) => r.gen.kind === 'refused')} | — |`);
  md.push(
    `| emitter failure / crash | ${count((r) => r.gen.kind === 'emitter')} / ${count((r) => r.gen.kind === 'crash')} | ${count((r) => !r.ots.ok)} (CLI exit ≠ 0) |`,
  );
  md.push(`| generated | ${loaded.length} | ${theirsOk.length} |`);
  md.push(
    `| tsc --strict clean | **${oursClean.length} / ${loaded.length}** | **${theirsClean.length} / ${theirsOk.length}** |`,
  );
  md.push(
    `| documents with tsc errors | ${loaded.filter((r) => r.ours.length > 0).length} | ${theirsOk.filter((r) => r.theirs.length > 0).length} |`,
  );
  md.push(`| tsc errors in total | ${oursErrors} | ${theirsErrors} |`);
  md.push(
    `| validators.js fails to import | ${loaded.filter((r) => r.validatorsLoad).length} | — |`,
  );
  md.push(
    `| of the ${loaded.length} documents we generate, tsc-clean | ${oursClean.length} | ${theirsOnLoaded} |`,
  );
  md.push(
    `| wall time (2 jobs) | generate${REUSE_PEER ? ' (openapi-typescript output reused where present)' : ' + openapi-typescript'} ${s(times.genWall)}; tsc ${s(times.tscOurs)} | tsc ${s(times.tscTheirs)} |`,
  );
  md.push('');
  md.push(...timeAndMemory(loaded));
  const refused = all.filter((r) => r.gen.kind === 'refused');
  md.push('## Refused as invalid');
  md.push('');
  md.push('The loader refuses these documents: each has a real defect (the first problem shown).');
  md.push('');
  if (refused.length === 0) md.push('None.');
  else {
    md.push('| document | problems | first problem |');
    md.push('|---|---|---|');
    for (const r of refused)
      if (r.gen.kind === 'refused')
        md.push(
          `| ${r.doc.name} | ${r.gen.count} | ${cell(r.gen.first.replace(r.doc.file, basename(r.doc.file))).slice(0, 300)} |`,
        );
  }
  md.push('');
  md.push('## Our failures');
  md.push('');
  const ourFailures = all.filter(
    (r) =>
      r.gen.kind === 'emitter' || r.gen.kind === 'crash' || r.ours.length > 0 || r.validatorsLoad,
  );
  if (ourFailures.length === 0)
    md.push(
      'None: every document we load generates every artifact, and all of it compiles under `tsc --strict`.',
    );
  else {
    md.push('| document | failure | detail (first 3) |');
    md.push('|---|---|---|');
    for (const r of ourFailures) {
      if (r.gen.kind === 'emitter')
        md.push(
          `| ${r.doc.name} | ${r.gen.emitter} emitter | ${cell(r.gen.message).slice(0, 300)} |`,
        );
      else if (r.gen.kind === 'crash')
        md.push(`| ${r.doc.name} | crash | ${cell(r.gen.message)} |`);
      if (r.ours.length > 0)
        md.push(
          `| ${r.doc.name} | ${r.ours.length} tsc error${r.ours.length === 1 ? '' : 's'} | ${r.ours.slice(0, 3).map(short).join('<br>')} |`,
        );
      if (r.validatorsLoad)
        md.push(
          `| ${r.doc.name} | validators.js import | ${cell(r.validatorsLoad).slice(0, 300)} |`,
        );
    }
  }
  md.push('');
  md.push('## openapi-typescript failures');
  md.push('');
  const theirFailures = all.filter((r) => !r.ots.ok || r.theirs.length > 0);
  if (!PEER) md.push('Not run (`--no-peer`).');
  else if (theirFailures.length === 0) md.push('None.');
  else {
    md.push('| document | failure | detail (first 2) |');
    md.push('|---|---|---|');
    for (const r of theirFailures) {
      if (!r.ots.ok) md.push(`| ${r.doc.name} | CLI failed | ${cell(r.ots.message ?? '')} |`);
      else
        md.push(
          `| ${r.doc.name} | ${r.theirs.length} tsc error${r.theirs.length === 1 ? '' : 's'} | ${r.theirs.slice(0, 2).map(short).join('<br>')} |`,
        );
    }
  }
  if (other.length > 0) {
    md.push('');
    md.push('## Errors outside the generated files');
    md.push('');
    for (const line of other.slice(0, 20))
      md.push(`- ${cell(line.replace(ROOT, '')).slice(0, 300)}`);
  }
  md.push('');
  mkdirSync(resolve(OUT, '..'), { recursive: true });
  writeFileSync(OUT, md.join('\n'));
}

await main();
