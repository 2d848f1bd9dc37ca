/**
 * Types and wire agree, on every document (issue 30): for each breadth document plus GitHub's and
 * Stripe's, every operation called `--runs` times with values drawn from its request schemas
 * against a recording loopback server, each request read back by the listener's decoder
 * (test/client/agreement/). Writes the counts (operations, calls, mismatches by kind, the first
 * mismatches) to bench/results/wire-agreement.md. test/client/wire-agreement.test.ts runs a
 * sample in CI.
 *
 * `node --import tsx bench/wire-agreement.ts [--runs 3] [--jobs 2] [--only name,...]
 *   [--seconds 300] [--every-big 1] [--resume] [--lenient] [--out file]`
 * Each document runs in a process of its own (bench/lib/wire-agreement-one.ts) that starts no
 * operation after `--seconds` and is killed a minute later: a document stopped so is reported
 * with the operations it reached of all it has. `--every-big N` calls every Nth operation of
 * GitHub's and Stripe's documents only. The counts are kept per document in
 * .tmp/wire-agreement/rows.json and the report is rewritten after each document; `--resume`
 * skips the documents already there, so the corpus can be run in chunks.
 * Documents that do not load (refused by the loader) are counted apart, not checked.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mismatch } from '../test/client/agreement/check-document.js';
import { benchOptions } from './lib/options.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const cli = benchOptions(
  ['runs', 'only', 'out', 'jobs', 'seconds', 'every-big'],
  ['resume', 'lenient'],
);
const JOBS = Number(cli.string('jobs', '2'));
const RUNS = Number(cli.string('runs', '3'));
const SECONDS = Number(cli.string('seconds', '300'));
const EVERY_BIG = Number(cli.string('every-big', '1'));
const RESUME = cli.flag('resume');
/** generate and load with `--lenient`: the documents refused for a tms-gen rule only are checked too */
const LENIENT = cli.flag('lenient');
const ONLY = cli.string('only', '');
const OUT = resolve(ROOT, cli.string('out', 'bench/results/wire-agreement.md'));
const SPECS = resolve(ROOT, process.env.TMS_SHARED ?? join('..', 'shared'), 'specs');
const SCRATCH = join(ROOT, '.tmp', 'wire-agreement');
const ROWS = join(SCRATCH, 'rows.json');
const ONE = join(ROOT, 'bench', 'lib', 'wire-agreement-one.ts');

/** A failure's message as the results file shows it: the checkout and the shared folder as names. */
function withoutMachinePaths(message: string): string {
  return message
    .split(SPECS)
    .join('<shared>/specs')
    .split(ROOT.replace(/\/$/, ''))
    .join('.')
    .replace(/\S*\/node\b/, 'node');
}

interface Row {
  name: string;
  operations: number;
  calls: number;
  mismatches: Mismatch[];
  /** the document's operations */
  total?: number;
  /** every Nth operation called (big documents) */
  every?: number;
  /** the time bound stopped it before every chosen operation was called */
  stopped?: boolean;
  failed?: string;
}

function documents(only = ONLY): { name: string; file: string }[] {
  const breadth = readdirSync(join(SPECS, 'breadth'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), file: join(SPECS, 'breadth', f) }));
  const big = [
    { name: 'big__stripe', file: join(SPECS, 'big', 'stripe-spec3.json') },
    { name: 'big__github', file: join(SPECS, 'big', 'github-api.github.com.json') },
  ];
  const wanted = only.split(',').filter(Boolean);
  // The big ones first: the longest to run, and the ones a stopped run should not miss.
  return [...big, ...breadth].filter(
    (d) => wanted.length === 0 || wanted.some((w) => d.name === w || d.name.includes(w)),
  );
}

async function main(): Promise<void> {
  mkdirSync(SCRATCH, { recursive: true });
  const kept: Row[] = RESUME && existsSync(ROWS) ? JSON.parse(readFileSync(ROWS, 'utf8')) : [];
  const rows: Row[] = [...kept];
  const done = new Set(kept.map((r) => r.name));
  const all = documents();
  const docs = all.filter((d) => !done.has(d.name));
  // `--only` with `--resume` reruns a few documents: the report still counts the whole corpus.
  const corpus = new Set([...documents(''), ...all].map((d) => d.name)).size;
  mkdirSync(resolve(OUT, '..'), { recursive: true });
  let next = 0;
  const lane = async () => {
    while (next < docs.length) {
      const doc = docs[next++];
      const row = await checkOne(doc);
      rows.push(row);
      writeFileSync(ROWS, JSON.stringify(rows));
      writeFileSync(OUT, report(rows, corpus));
      if (process.stderr.isTTY || process.env.PROGRESS)
        process.stderr.write(
          `[${rows.length}/${all.length}] ${doc.name}: ${row.failed ? 'not checked' : `${row.calls} calls, ${row.mismatches.length} mismatches${row.stopped ? ' (stopped by the bound)' : ''}`}\n`,
        );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, JOBS) }, lane));
  writeFileSync(OUT, report(rows, corpus));
  process.stdout.write(`wrote ${OUT}\n`);
}

/** One document in its own process, bounded; its streamed lines made into a row. */
function checkOne(doc: { name: string; file: string }): Promise<Row> {
  const every = doc.name.startsWith('big__') ? EVERY_BIG : 1;
  const row: Row = { name: doc.name, operations: 0, calls: 0, mismatches: [] };
  if (every > 1) row.every = every;
  const argv = ['--import', 'tsx', ONE, doc.file, join(SCRATCH, doc.name), String(RUNS)];
  argv.push(String(SECONDS), String(every), ...(LENIENT ? ['lenient'] : []));
  return new Promise((done) => {
    const child = spawn(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let pending = '';
    let ended = false;
    const take = (text: string) => {
      const message = JSON.parse(text);
      if (message.start) row.total = message.start.total;
      if (message.operation) {
        row.operations++;
        row.calls += message.calls;
        row.mismatches.push(...message.mismatches);
      }
      if (message.end) {
        ended = true;
        if (message.end.stopped) row.stopped = true;
      }
      if (message.failed) row.failed = withoutMachinePaths(message.failed);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) take(line);
    });
    child.stderr.resume();
    // The child stops starting operations at the bound; this is for one that hangs inside one.
    const timer = setTimeout(() => child.kill('SIGKILL'), (SECONDS + 60) * 1000);
    child.on('close', () => {
      clearTimeout(timer);
      if (!ended && !row.failed) {
        if (row.total === undefined) row.failed = 'not loaded within the time bound';
        else row.stopped = true;
      }
      done(row);
    });
  });
}

function report(unsorted: Row[], total: number): string {
  const rows = [...unsorted].sort((a, b) => a.name.localeCompare(b.name));
  const checked = rows.filter((r) => !r.failed);
  const sum = (f: (r: Row) => number) => checked.reduce((n, r) => n + f(r), 0);
  const all = checked.flatMap((r) => r.mismatches.map((m) => ({ doc: r.name, ...m })));
  const byKind = new Map<string, number>();
  for (const m of all) byKind.set(m.kind, (byKind.get(m.kind) ?? 0) + 1);
  const lines = [
    '# Types and wire agree (issue 30)',
    '',
    `Generated by \`node --import tsx bench/wire-agreement.ts --runs ${RUNS}\` on ${new Date().toISOString().slice(0, 10)}` +
      ` (${rows.length} of ${total} documents done; load average ${loadavg()[0].toFixed(1)} at writing, 2 cores).`,
    'Every operation called with values drawn from its request schemas (fast-check), the request',
    'recorded by a loopback server and read back by the listener decoder (test/client/agreement/).',
    '',
    '| documents checked | not loadable | operations | calls | mismatches |',
    '|---|---|---|---|---|',
    `| ${checked.length} | ${rows.length - checked.length} | ${sum((r) => r.operations)} | ${sum((r) => r.calls)} | ${all.length} |`,
    '',
    ...(byKind.size > 0
      ? ['Mismatches by kind: ' + [...byKind].map(([k, n]) => `${k} ${n}`).join(', '), '']
      : []),
    '## Documents with mismatches',
    '',
    '| document | operations | calls | mismatches | first |',
    '|---|---|---|---|---|',
    ...checked
      .filter((r) => r.mismatches.length > 0)
      .map(
        (r) =>
          `| ${r.name} | ${r.operations} | ${r.calls} | ${r.mismatches.length} | ${cell(`${r.mismatches[0].operation}: ${r.mismatches[0].kind}: ${r.mismatches[0].detail}`)} |`,
      ),
    '',
    '## Documents not called whole',
    '',
    'Stopped by the per-document bound (`--seconds`), or sampled (`--every-big`): the operations',
    'called of all the document has.',
    '',
    ...checked
      .filter((r) => r.stopped || r.every)
      .map(
        (r) =>
          `- ${r.name}: ${r.operations} of ${r.total ?? '?'} operations${r.every ? ` (every ${r.every}th)` : ''}${r.stopped ? `, stopped after ${SECONDS} s` : ''}`,
      ),
    '',
    '## Not checked (the loader refuses them, or generation failed)',
    '',
    ...rows.filter((r) => r.failed).map((r) => `- ${r.name}: ${cell(r.failed!)}`),
    '',
  ];
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 300);
}

await main();
