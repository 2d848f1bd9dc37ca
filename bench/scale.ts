/**
 * Generate at scale (issue 19), written to bench/results/scale.md: on GitHub's (13 MB, 1223
 * operations) and Stripe's documents, a full cold `tms-gen` generate of every artifact (no
 * cache) next to the openapi-typescript CLI and `@redocly/cli build-docs` on the same
 * document, in interleaved rounds in one run (ours first, then the peers first, ...). Wall time
 * and peak RSS over each process tree (bench/lib/process-tree.ts), the machine's load average
 * at each run. Then incremental regeneration: the document is copied, generated once with a
 * fresh cache, then three times one operation's description is edited and it is generated
 * again with the cache (the median run is the figure); the last output is compared byte for
 * byte with a cold run (no cache) on the edited document, and the stages the cache skipped are
 * quoted from the median run's summary.
 *
 * Targets: cold generate ≤ 1.5 × (openapi-typescript + Redocly) in the same round, peak RSS
 * ≤ 1 GB over the whole tree; the incremental run ≤ 20% of the cold run, byte-identical.
 * The breadth documents' time and memory are bench/breadth.ts's (bench/results/breadth.md).
 *
 * `node --import tsx bench/scale.ts [--rounds 2] [--only github|stripe]`
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
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

const cli = benchOptions(['rounds', 'only'], ['quiet']);
const ROUNDS = Number(cli.string('rounds', '2')) || 2;
const ONLY = cli.string('only', '');
const SHARED = resolve(process.env.TMS_SHARED ?? join('..', 'shared'));
const TMP = resolve('bench/.tmp/scale');
const OTS = resolve('node_modules/openapi-typescript/bin/cli.js');
const REDOCLY = resolve('node_modules/.bin/redocly');
const quiet = process.env.CI === 'true' || cli.flag('quiet');
const say = (line: string) => {
  if (!quiet) console.log(line);
};

const SUBJECTS = [
  { name: "GitHub's", file: join(SHARED, 'specs/big/github-api.github.com.json') },
  { name: "Stripe's", file: join(SHARED, 'specs/big/stripe-spec3.json') },
].filter((s) => !ONLY || s.name.toLowerCase().includes(ONLY.toLowerCase()));

const load1 = () => loadavg()[0].toFixed(1);
/** Edits (each followed by a run with the cache) of the incremental measure: the median is its figure. */
const INC_EDITS = 3;
const secs = (m: Measure | undefined) =>
  m?.ok
    ? `${m.seconds.toFixed(1)} s${m.cpuSeconds === undefined ? '' : ` (CPU ${m.cpuSeconds.toFixed(1)} s)`}`
    : `failed (${m?.note ?? 'not run'})`;
/** a ratio of CPU seconds, or NaN when one is missing */
const cpuRatio = (ours: Measure, ...peers: Measure[]) =>
  (ours.cpuSeconds ?? NaN) / peers.reduce((n, m) => n + (m.cpuSeconds ?? NaN), 0);
const peak = (m: Measure | undefined) => (m?.ok ? `${m.peakMb.toFixed(0)} MB` : '—');

function tmsGen(contract: string, dir: string, extra: string[]): Promise<Measure> {
  return measure(
    process.execPath,
    [
      'bin/tms-gen.js',
      '--contract',
      contract,
      '--out',
      join(dir, 'gen'),
      '--docs',
      join(dir, 'docs'),
      ...extra,
    ],
    { capture: true, env: { CI: 'true' }, cpu: true },
  );
}

/** Every file under `dir`, path → bytes. */
function tree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(full.slice(dir.length + 1), readFileSync(full));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

function sameTrees(
  a: string,
  b: string,
): { same: boolean; files: number; bytes: number; first?: string } {
  const ta = tree(a);
  const tb = tree(b);
  let bytes = 0;
  for (const [path, data] of ta) {
    bytes += data.length;
    const other = tb.get(path);
    if (!other || !other.equals(data)) return { same: false, files: ta.size, bytes, first: path };
  }
  for (const path of tb.keys())
    if (!ta.has(path)) return { same: false, files: ta.size, bytes, first: path };
  return { same: true, files: ta.size, bytes };
}

/** Appends to the first operation description found (JSON documents): returns its operationId. */
function editOneDescription(file: string): string | undefined {
  const doc = JSON.parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, { description?: unknown; operationId?: string }>>;
  };
  for (const item of Object.values(doc.paths ?? {}))
    for (const op of Object.values(item ?? {}))
      if (op && typeof op === 'object' && typeof op.description === 'string') {
        op.description += ' Edited by bench/scale.ts.';
        writeFileSync(file, JSON.stringify(doc, null, 2));
        return op.operationId ?? '(no operationId)';
      }
  return undefined;
}

const rows: string[] = [];
const incRows: string[] = [];
const roundLines: string[] = [];
const notes: string[] = [];
const loadBefore = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
// The CLI bundles its sources into a cache on first use: once, untimed, on something small.
await tmsGen('openapi/openapi.yaml', join(TMP, 'warm'), ['--no-cache', '--quiet']);

// Our contract, cold, next to the openapi-typescript CLI alone (issue 29: ≤ 1.2×): seconds
// each, so more rounds than the large documents get.
const ownRows: string[] = [];
if (!ONLY || 'contract'.includes(ONLY.toLowerCase())) {
  const work = join(TMP, 'contract');
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const ours: Measure[] = [];
  const theirs: Measure[] = [];
  for (let i = 0; i < Math.max(ROUNDS, 5); i++) {
    const runOurs = () =>
      tmsGen('openapi/openapi.yaml', join(work, `round${i}`), ['--no-cache', '--quiet']);
    const runOts = () =>
      measure(process.execPath, [OTS, 'openapi/openapi.yaml', '-o', join(work, 'ots.ts')], {
        cpu: true,
      });
    const [a, b] = await inTurn(i, runOurs, runOts);
    ours.push(a);
    theirs.push(b);
    if (a.ok && b.ok) {
      ratios.push(a.seconds / b.seconds);
      cpuRatios.push(cpuRatio(a, b));
    }
    roundLines.push(
      `- our contract round ${i + 1} (load ${load1()}): tms-gen ${secs(a)} / ${peak(a)}; openapi-typescript ${secs(b)} / ${peak(b)}`,
    );
    say(roundLines.at(-1)!.slice(2));
  }
  const t = (list: Measure[]) => median(list.filter((m) => m.ok).map((m) => m.seconds));
  const ratio = median(ratios);
  ownRows.push(
    `| our contract (\`openapi/openapi.yaml\`) | ${t(ours).toFixed(2)} s | ${t(theirs).toFixed(2)} s | **${ratio.toFixed(2)}×** (${ratio <= 1.2 ? 'meets' : 'MISSES'} ≤ 1.2×) | ${median(cpuRatios).toFixed(2)}× |`,
  );
}

for (const subject of SUBJECTS) {
  if (!existsSync(subject.file)) {
    notes.push(`${subject.name} document is missing (${subject.file}); skipped.`);
    continue;
  }
  const slug = subject.name.replace(/[^a-z]+/gi, '').toLowerCase();
  const work = join(TMP, slug);
  const ours: Measure[] = [];
  const ots: Measure[] = [];
  const redocly: Measure[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const loads: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    rmSync(join(work, 'cold'), { recursive: true, force: true });
    const runOurs = async () => {
      loads.push(load1());
      return tmsGen(subject.file, join(work, 'cold'), ['--no-cache', '--quiet']);
    };
    const runPeers = async () => {
      const a = await measure(process.execPath, [OTS, subject.file, '-o', join(work, 'ots.ts')], {
        cpu: true,
      });
      const b = await measure(
        REDOCLY,
        ['build-docs', subject.file, '-o', join(work, 'redocly.html')],
        { cpu: true },
      );
      return [a, b] as const;
    };
    const [a, peers] = await inTurn(i, runOurs, runPeers);
    ours.push(a);
    ots.push(peers[0]);
    redocly.push(peers[1]);
    if (a.ok && peers[0].ok && peers[1].ok) {
      ratios.push(a.seconds / (peers[0].seconds + peers[1].seconds));
      cpuRatios.push(cpuRatio(a, ...peers));
    }
    const line = `${subject.name} round ${i + 1} (load ${loads.at(-1)}): tms-gen ${secs(a)} / ${peak(a)}; openapi-typescript ${secs(peers[0])} / ${peak(peers[0])}; redocly ${secs(peers[1])} / ${peak(peers[1])}`;
    roundLines.push(`- ${line}`);
    say(line);
  }
  const good = (list: Measure[]) => list.filter((m) => m.ok);
  const t = (list: Measure[]) => median(good(list).map((m) => m.seconds));
  const p = (list: Measure[]) =>
    good(list).length ? Math.max(...good(list).map((m) => m.peakMb)) : NaN;
  const ratio = median(ratios);
  const ourPeak = good(ours).length ? Math.max(...good(ours).map((m) => m.peakMb)) : NaN;
  const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
  rows.push(
    `| ${subject.name} | ${t(ours).toFixed(1)} s | ${t(ots).toFixed(1)} s | ${t(redocly).toFixed(1)} s | **${ratio.toFixed(2)}×** (${verdict(ratio <= 1.5)} ≤ 1.5×) | ${median(cpuRatios).toFixed(2)}× | ${ourPeak.toFixed(0)} MB (${verdict(ourPeak <= 1024)} ≤ 1 GB) | ${p(ots).toFixed(0)} MB | ${p(redocly).toFixed(0)} MB |`,
  );
  const failed = ours.find((m) => !m.ok);
  if (failed) notes.push(`${subject.name}: tms-gen failed: ${failed.note}`);
  if (!good(ours).length) continue;

  // Incremental: a copy of the document, a cold run that fills a fresh cache, then INC_EDITS
  // times one edit and a run with the cache (the median is the figure: one run on a shared
  // machine is as noisy as the cold one, which is a median too); then a cold run without
  // cache on the edited document, compared with the last.
  const doc = join(work, 'document.json');
  const cache = join(work, 'cache');
  rmSync(cache, { recursive: true, force: true });
  rmSync(join(work, 'inc'), { recursive: true, force: true });
  copyFileSync(subject.file, doc);
  const filling = await tmsGen(doc, join(work, 'inc'), ['--cache-dir', cache]);
  const edited = editOneDescription(doc);
  const loadInc = load1();
  const incs: Measure[] = [];
  for (let i = 0; i < INC_EDITS; i++) {
    if (i > 0) editOneDescription(doc);
    incs.push(await tmsGen(doc, join(work, 'inc'), ['--cache-dir', cache]));
  }
  const inc = [...incs].sort((a, b) => a.seconds - b.seconds)[Math.floor(INC_EDITS / 2)];
  const each = incs.map((m) => m.seconds.toFixed(2)).join(', ');
  renameSync(join(work, 'inc'), join(work, 'inc-cached'));
  const reference = await tmsGen(doc, join(work, 'inc'), ['--no-cache', '--quiet']);
  const gen = sameTrees(join(work, 'inc-cached', 'gen'), join(work, 'inc', 'gen'));
  const docs = sameTrees(join(work, 'inc-cached', 'docs'), join(work, 'inc', 'docs'));
  const cacheLine = /^cache: .*$/m.exec(inc.stdout)?.[0] ?? '(no cache summary printed)';
  const cacheBytes = existsSync(cache)
    ? readdirSync(cache).reduce((n, f) => n + statSync(join(cache, f)).size, 0)
    : 0;
  const incRatio = inc.seconds / t(ours);
  incRows.push(
    `| ${subject.name} | \`${edited}\` | ${secs(filling)} / ${peak(filling)} | ${secs(inc)} / ${peak(inc)} (load ${loadInc}; edits in order: ${each} s) | **${(incRatio * 100).toFixed(0)}%** of the cold median (${verdict(incRatio <= 0.2)} ≤ 20%) | ${gen.same && docs.same && reference.ok ? `yes (${gen.files + docs.files} files)` : `**NO**: first difference ${gen.first ?? docs.first}`} | ${(cacheBytes / 1024 / 1024).toFixed(0)} MB |`,
  );
  const stages = inc.stdout
    .split('\n')
    .filter((l) => /^ {2}\S/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/ → \S+/, '')
        .replace(/\s+/g, ' '),
    );
  notes.push(`${subject.name}, incremental run: ${cacheLine}. Stages: ${stages.join('; ')}.`);
  say(incRows.at(-1)!);
}

const loadAfter = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const version = (pkg: string) =>
  JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, 'utf8')).version as string;
const md = [
  '# Generate at scale',
  '',
  `A full cold \`tms-gen\` generate of every artifact (types, operations, client, Prism document, validators, server, runtime, MSW handlers, docs, package; \`--no-cache\`) next to the openapi-typescript ${version('openapi-typescript')} CLI and \`@redocly/cli build-docs\` ${version('@redocly/cli')} on the same document, ${ROUNDS} interleaved rounds in one run (the order alternates). Times are medians; the ratio is the median of the per-round ratios tms-gen / (openapi-typescript + Redocly). Peak memory: the largest sum of RSS over each process tree (workers and children included), sampled from /proc every 20 ms. Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after — the machine is shared, so absolute seconds are noisy; ratios within a round are the figure. CPU seconds (user + system, every thread, by GNU time) stretch much less with the load than wall seconds; their ratio is given beside (tms-gen uses a second thread: its wall time can be less than its CPU time, the peers' not).`,
  '',
  '| document | tms-gen (everything) | openapi-typescript | redocly build-docs | ratio (target ≤ 1.5×) | CPU seconds ratio | tms-gen peak RSS | openapi-typescript peak | redocly peak |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  ...(ownRows.length === 0
    ? []
    : [
        '## Our contract next to openapi-typescript alone',
        '',
        `The same cold generate of our contract next to the openapi-typescript CLI alone (types only), ${Math.max(ROUNDS, 5)} interleaved rounds; the ratio is the median of the per-round ratios.`,
        '',
        '| document | tms-gen (everything) | openapi-typescript | ratio (target ≤ 1.2×) | CPU seconds ratio |',
        '|---|---|---|---|---|',
        ...ownRows,
        '',
      ]),
  '## Incremental regeneration',
  '',
  `The document copied, generated with a fresh cache (\`--cache-dir\`); then ${INC_EDITS} times: one operation's description edited (words appended), generated again with the cache. The figure is the median of those ${INC_EDITS} runs (each listed, the first is the one right after the run that filled the cache); the output after the last is compared byte for byte with a cold run (\`--no-cache\`) of the edited document.`,
  '',
  '| document | edited operation | cold run filling the cache | with the cache (median) | vs the cold median | byte-identical to cold | cache size |',
  '|---|---|---|---|---|---|---|',
  ...incRows,
  '',
  ...notes.map((n) => `- ${n}`),
  '',
  'Every round:',
  '',
  ...roundLines,
  '',
  "The breadth documents' time and memory (every loadable document ≤ 60 s and ≤ 1 GB, the slowest 10 beside openapi-typescript): [breadth.md](breadth.md), by `npm run bench -- breadth`.",
  '',
  'Regenerate with `npm run bench -- scale`.',
  '',
].join('\n');
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/scale.md', md);
if (!quiet) console.log('\n' + md);
