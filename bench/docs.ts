/**
 * The HTML reference: our docs build (the CLI, `tms-gen --only docs`: load + validate + emit +
 * write) next to `@redocly/cli build-docs` on the same document, for our contract and GitHub's
 * spec, in interleaved pairs in one run (ours then Redocly, then Redocly then ours, ...), so
 * both see the same machine load. Per document: median time of each, the median of the per-pair
 * ratios, peak memory of the whole process tree, output size, the largest page, and first paint
 * of that page opened from disk in headless Chromium. Writes bench/results/docs.md.
 *
 * `node --import tsx bench/docs.ts [--runs 5] [--big-runs 3]`
 *
 * Peak memory: the largest sum of resident set sizes over the build process and all its
 * descendants (worker threads are in the process; esbuild's service is a child), sampled from
 * /proc every 20 ms. Targets (issue 18, GitHub's spec): time and memory at or below Redocly's,
 * output <= 25 MB, largest page < 200 KB, first paint < 1 s.
 */
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
import { pathToFileURL } from 'node:url';
import { benchOptions } from './lib/options.js';
import { inTurn } from './lib/in-turn.js';
import { measure, type Measure } from './lib/process-tree.js';
import { median } from './lib/stats.js';

const TMP = resolve('bench/.tmp/docs');
/** The shared folder (TMS_SHARED, default ../shared): the big third-party documents. */
const SHARED = resolve(process.env.TMS_SHARED ?? join('..', 'shared'));
const cli = benchOptions(['runs', 'big-runs'], ['quiet']);
const RUNS = Number(cli.string('runs', '5')) || 5;
const BIG_RUNS = Number(cli.string('big-runs', '3')) || 3;
const REDOCLY = resolve('node_modules/.bin/redocly');
const CHROMIUM = '/usr/bin/chromium';
const quiet = process.env.CI === 'true' || cli.flag('quiet');
const say = (line: string) => {
  if (!quiet) console.log(line);
};

const SUBJECTS = [
  { name: 'our contract', contract: 'openapi/openapi.yaml', runs: RUNS },
  {
    name: "GitHub's spec",
    contract: join(SHARED, 'specs/big/github-api.github.com.json'),
    runs: BIG_RUNS,
  },
];

function walk(dir: string): {
  bytes: number;
  files: number;
  largest: { path: string; bytes: number };
  pages: number;
} {
  const out = { bytes: 0, files: 0, pages: 0, largest: { path: '', bytes: 0 } };
  const visit = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) visit(full);
      else {
        const bytes = statSync(full).size;
        out.bytes += bytes;
        out.files++;
        if (e.name.endsWith('.html')) {
          out.pages++;
          if (bytes > out.largest.bytes) out.largest = { path: full.slice(dir.length + 1), bytes };
        }
      }
    }
  };
  if (existsSync(dir)) visit(dir);
  return out;
}

/** First contentful paint of a page opened from disk (file://), in headless Chromium, median of 3. */
async function firstPaint(file: string): Promise<number | undefined> {
  if (!existsSync(CHROMIUM) || !existsSync(file)) return undefined;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const times: number[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((ok) => {
            const found = performance.getEntriesByName('first-contentful-paint')[0];
            if (found) return ok(found.startTime);
            new PerformanceObserver((list) => ok(list.getEntries()[0].startTime)).observe({
              type: 'paint',
              buffered: true,
            });
          }),
      );
      times.push(fcp);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return median(times);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const haveRedocly = existsSync(REDOCLY);
const rows: string[] = [];
const notes: string[] = [];
const runLines: string[] = [];
const loadBefore = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');

for (const subject of SUBJECTS) {
  if (!existsSync(subject.contract)) {
    notes.push(`${subject.name}: ${subject.contract} is missing; skipped.`);
    continue;
  }
  const slug = subject.name.replace(/[^a-z]+/gi, '-').toLowerCase();
  const docsDir = join(TMP, `${slug}-ours`);
  const redoclyFile = join(TMP, `${slug}-redocly.html`);
  const ours: Measure[] = [];
  const theirs: Measure[] = [];
  const ratios: number[] = [];
  const runOurs = () =>
    measure(process.execPath, [
      'bin/tms-gen.js',
      '--contract',
      subject.contract,
      '--out',
      join(TMP, `${slug}-gen`),
      '--docs',
      docsDir,
      '--only',
      'docs',
      // cold, as Redocly's build is: the output cache would serve every run after the first
      '--no-cache',
      '--quiet',
    ]);
  const runTheirs = () => measure(REDOCLY, ['build-docs', subject.contract, '-o', redoclyFile]);
  // One untimed build of ours first: the CLI bundles its sources into a cache on first use.
  await runOurs();
  for (let i = 0; i < subject.runs; i++) {
    rmSync(docsDir, { recursive: true, force: true });
    rmSync(redoclyFile, { force: true });
    const [a, b] = await inTurn(i, runOurs, async () => (haveRedocly ? runTheirs() : undefined));
    ours.push(a);
    if (b) theirs.push(b);
    if (a.ok && b?.ok) ratios.push(a.seconds / b.seconds);
    const line = `${subject.name} pair ${i + 1}: tms-gen ${a.ok ? `${a.seconds.toFixed(2)} s, ${a.peakMb.toFixed(0)} MB` : a.note}; redocly ${b ? (b.ok ? `${b.seconds.toFixed(2)} s, ${b.peakMb.toFixed(0)} MB` : b.note) : 'not installed'}`;
    runLines.push(`- ${line}`);
    say(line);
  }
  const out = walk(docsDir);
  const paint = await firstPaint(join(docsDir, out.largest.path));
  const good = ours.filter((m) => m.ok);
  const goodTheirs = theirs.filter((m) => m.ok);
  const oursTime = good.length ? median(good.map((m) => m.seconds)) : NaN;
  const theirsTime = goodTheirs.length ? median(goodTheirs.map((m) => m.seconds)) : NaN;
  const oursPeak = good.length ? Math.max(...good.map((m) => m.peakMb)) : NaN;
  const theirsPeak = goodTheirs.length ? Math.max(...goodTheirs.map((m) => m.peakMb)) : NaN;
  const ratio = ratios.length ? median(ratios) : NaN;
  const theirSize = existsSync(redoclyFile) ? statSync(redoclyFile).size : 0;
  rows.push(
    `| ${subject.name} | ${oursTime.toFixed(2)} s | ${theirsTime.toFixed(2)} s | **${ratio.toFixed(2)}×** | ${oursPeak.toFixed(0)} MB | ${theirsPeak.toFixed(0)} MB | ${mb(out.bytes)} in ${out.files} files | ${theirSize ? mb(theirSize) + ' (one page)' : '—'} | ${kb(out.largest.bytes)} (\`${out.largest.path}\`) | ${paint === undefined ? '—' : `${paint.toFixed(0)} ms`} |`,
  );
  if (subject.name === "GitHub's spec") {
    const verdict = (ok: boolean) => (ok ? 'meets' : 'MISSES');
    notes.push(
      `GitHub's spec: time ${verdict(ratio <= 1)} the target (ours ≤ Redocly's: median pair ratio ${ratio.toFixed(2)}); peak memory ${verdict(oursPeak <= theirsPeak)} it (${oursPeak.toFixed(0)} vs ${theirsPeak.toFixed(0)} MB); output ${verdict(out.bytes <= 25 * 1024 * 1024)} ≤ 25 MB (${mb(out.bytes)}, ${(out.bytes / 1e6).toFixed(1)} million bytes); largest page ${verdict(out.largest.bytes < 200 * 1024)} < 200 KB; first paint ${paint === undefined ? 'not measured' : `${verdict(paint < 1000)} < 1 s`}.`,
    );
  }
}

const loadAfter = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const redoclyVersion = haveRedocly
  ? JSON.parse(readFileSync('node_modules/@redocly/cli/package.json', 'utf8')).version
  : 'not installed';
const md = [
  '# Docs benchmark',
  '',
  `Our docs build (\`tms-gen --only docs\`: load + validate + emit + write) next to \`@redocly/cli build-docs\` ${redoclyVersion} on the same document, in interleaved pairs in one run (${RUNS} pairs on our contract, ${BIG_RUNS} on GitHub's spec; the order alternates). Times are medians; the ratio is the median of the per-pair ratios (ours / Redocly's; below 1 is faster). Peak memory is the largest sum of RSS over the build's whole process tree (sampled from /proc every 20 ms). First paint: the largest page opened from disk in headless Chromium (median of 3). Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after.`,
  '',
  '| document | tms-gen time | redocly time | ratio | tms-gen peak memory | redocly peak memory | tms-gen output | redocly output | tms-gen largest page | first paint |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  ...notes.map((n) => `- ${n}`),
  '',
  'Every pair:',
  '',
  ...runLines,
  '',
  'Regenerate with `npm run bench -- docs`.',
  '',
].join('\n');
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/docs.md', md);
console.log('\n' + md);
