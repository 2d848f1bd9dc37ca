/**
 * The HTML reference: build time, peak memory and largest page of our docs emitter (the CLI,
 * `tms-gen --only docs`, load + validate + emit + write) next to `@redocly/cli build-docs` on
 * the same document, for our contract and GitHub's spec. Target: largest page < 200 KB for
 * GitHub's spec. Writes bench/results/docs.md.
 *
 * `node --import tsx bench/docs.ts [--runs 3]`
 * Peak memory is the maximum resident set size of the build process as /usr/bin/time reports it.
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
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { benchOptions } from './lib/options.js';

const TMP = resolve('bench/.tmp/docs');
/** The shared folder (TMS_SHARED, default ../shared): the big third-party documents. */
const SHARED = resolve(process.env.TMS_SHARED ?? join('..', 'shared'));
const runs = Number(benchOptions(['runs']).string('runs', '3')) || 3;
const TIME = '/usr/bin/time';
const REDOCLY = resolve('node_modules/.bin/redocly');
const REDOCLY_TIMEOUT_MS = 600_000;

const SUBJECTS = [
  { name: 'our contract', contract: 'openapi/openapi.yaml' },
  { name: "GitHub's spec", contract: join(SHARED, 'specs/big/github-api.github.com.json') },
];

interface Measure {
  ok: boolean;
  seconds: number;
  peakMb?: number;
  note?: string;
}

/** One build in a child process, timed; peak RSS from /usr/bin/time when it is installed. */
function measure(command: string, args: string[]): Measure {
  const haveTime = existsSync(TIME);
  const t0 = performance.now();
  const result = haveTime
    ? spawnSync(TIME, ['-f', 'PEAK_KB=%M', command, ...args], {
        encoding: 'utf8',
        timeout: REDOCLY_TIMEOUT_MS,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      })
    : spawnSync(command, args, {
        encoding: 'utf8',
        timeout: REDOCLY_TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
      });
  const seconds = (performance.now() - t0) / 1000;
  const peak = /PEAK_KB=(\d+)/.exec(result.stderr ?? '');
  const ok = result.status === 0;
  const out: Measure = { ok, seconds, peakMb: peak ? Number(peak[1]) / 1024 : undefined };
  if (!ok)
    out.note = result.error
      ? result.error.message
      : `exit ${result.status}: ${(result.stderr ?? '')
          .split('\n')
          .filter((l) => l.trim() && !l.startsWith('PEAK_KB'))
          .slice(-2)
          .join(' / ')}`;
  return out;
}

function largestHtml(dir: string): { path: string; bytes: number; pages: number } {
  let best = { path: '', bytes: 0, pages: 0 };
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.html')) {
        best.pages++;
        const bytes = statSync(full).size;
        if (bytes > best.bytes) best = { ...best, path: full.slice(dir.length + 1), bytes };
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return best;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function summarize(ms: Measure[]): { seconds: string; peak: string; ok: boolean; note?: string } {
  const good = ms.filter((m) => m.ok);
  if (good.length === 0) return { seconds: '—', peak: '—', ok: false, note: ms[0]?.note };
  const peaks = good.map((m) => m.peakMb).filter((p): p is number => p !== undefined);
  return {
    seconds: `${median(good.map((m) => m.seconds)).toFixed(2)} s`,
    peak: peaks.length ? `${Math.max(...peaks).toFixed(0)} MB` : 'n/a',
    ok: true,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });
const rows: string[] = [];
const notes: string[] = [];
const haveRedocly = existsSync(REDOCLY);
if (!haveRedocly)
  notes.push(
    '`@redocly/cli` is not installed (`npm install -D @redocly/cli`); its columns are empty.',
  );

for (const subject of SUBJECTS) {
  if (!existsSync(subject.contract)) {
    notes.push(`${subject.name}: ${subject.contract} is missing; skipped.`);
    continue;
  }
  const slug = subject.name.replace(/[^a-z]+/gi, '-').toLowerCase();
  const ours: Measure[] = [];
  const docsDir = join(TMP, `${slug}-ours`);
  for (let i = 0; i < runs; i++) {
    rmSync(docsDir, { recursive: true, force: true });
    ours.push(
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
        '--quiet',
      ]),
    );
    console.log(
      `${subject.name}: tms-gen docs run ${i + 1}: ${ours[i].ok ? `${ours[i].seconds.toFixed(2)} s, ${ours[i].peakMb?.toFixed(0)} MB` : ours[i].note}`,
    );
  }
  const page = largestHtml(docsDir);
  const o = summarize(ours);

  let r: ReturnType<typeof summarize> = { seconds: '—', peak: '—', ok: false, note: 'not run' };
  let redoclySize = '—';
  if (haveRedocly) {
    const redoc: Measure[] = [];
    const outFile = join(TMP, `${slug}-redocly.html`);
    for (let i = 0; i < runs; i++) {
      rmSync(outFile, { force: true });
      redoc.push(measure(REDOCLY, ['build-docs', subject.contract, '-o', outFile]));
      console.log(
        `${subject.name}: redocly build-docs run ${i + 1}: ${redoc[i].ok ? `${redoc[i].seconds.toFixed(2)} s, ${redoc[i].peakMb?.toFixed(0)} MB` : redoc[i].note}`,
      );
      if (!redoc[i].ok) break;
    }
    r = summarize(redoc);
    if (existsSync(outFile)) redoclySize = `${kb(statSync(outFile).size)} (one page)`;
    if (!r.ok) notes.push(`${subject.name}: redocly build-docs failed: ${r.note}`);
  }
  rows.push(
    `| ${subject.name} | ${o.seconds} | ${o.peak} | ${o.ok ? `${kb(page.bytes)} (\`${page.path}\`, ${page.pages} pages)` : `failed: ${o.note}`} | ${r.seconds} | ${r.peak} | ${redoclySize} |`,
  );
  if (subject.name === "GitHub's spec" && o.ok)
    notes.push(
      `GitHub's spec: largest page ${kb(page.bytes)}: ${page.bytes < 200 * 1024 ? 'meets' : 'MISSES'} the < 200 KB target.`,
    );
}

const redoclyVersion = haveRedocly
  ? JSON.parse(readFileSync('node_modules/@redocly/cli/package.json', 'utf8')).version
  : 'not installed';
const md = [
  '# Docs benchmark',
  '',
  `Build of the HTML reference: \`tms-gen --only docs\` (load + validate + emit + write, one process) next to \`@redocly/cli build-docs\` ${redoclyVersion} on the same document. Median of ${runs} runs; peak memory is the largest maximum RSS of the build process (/usr/bin/time). Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}.`,
  '',
  '| document | tms-gen time | tms-gen peak memory | tms-gen largest page | redocly time | redocly peak memory | redocly output |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
  ...notes.map((n) => `- ${n}`),
  '',
  'Regenerate with `npm run bench -- docs`.',
  '',
].join('\n');
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/docs.md', md);
console.log('\n' + md);
