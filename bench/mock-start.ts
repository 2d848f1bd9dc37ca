/**
 * `npm run bench -- mock-start`: how long `tms-gen mock` takes from its command to the first
 * correct answer, and its peak memory (the whole process tree), beside Prism's CLI (`prism mock`
 * of @stoplight/prism-cli 5.14.2) on the same documents: our contract and GitHub's (13 MB, 1223
 * operations). Rounds interleave the subjects (the order alternates); the machine's load is noted.
 *
 * A correct answer: status 200 and a JSON body with the operation's first documented field
 * (ours: GET /users with Basic credentials, `members`; GitHub's: GET /users/{username}, `login`).
 * Prism's CLI knows no base path: it is called at the paths without it.
 *
 *   node --import tsx bench/mock-start.ts [--rounds 2] [--timeout 240]
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './lib/options.js';
import { freePort } from './lib/prism-process.js';
import { treeRssKb } from './lib/process-tree.js';
import { sharedPath } from '../test/shared-folder.js';
import { median } from './lib/stats.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const options = benchOptions(['rounds', 'timeout']);
const ROUNDS = Number(options.string('rounds', '2'));
const TIMEOUT_S = Number(options.string('timeout', '240'));
const BASIC = `Basic ${Buffer.from('iago@example.com:abcd1234').toString('base64')}`;

interface Doc {
  name: string;
  /** what tms-gen reads */
  contract: string;
  /** what Prism's CLI reads (one bundled file) */
  prismDocument: string;
  basePath: string;
  path: string;
  field: string;
}

const DOCS: Doc[] = [
  {
    name: 'our contract (22 operations)',
    contract: join(REPO, 'openapi', 'openapi.yaml'),
    prismDocument: join(REPO, 'generated', 'openapi.json'),
    basePath: '/api/v1',
    path: '/users',
    field: 'members',
  },
  {
    name: "GitHub's (1223 operations, 13 MB)",
    contract: sharedPath('specs', 'big', 'github-api.github.com.json'),
    prismDocument: sharedPath('specs', 'big', 'github-api.github.com.json'),
    basePath: '',
    path: '/users/octocat',
    field: 'login',
  },
];

interface Subject {
  name: string;
  command(doc: Doc, port: number): string[];
  base(doc: Doc): string;
}

const TMS_GEN = join(REPO, 'bin', 'tms-gen.js');
const PRISM = join(REPO, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
const SUBJECTS: Subject[] = [
  {
    name: 'tms-gen mock (engine auto)',
    command: (doc, port) => [
      TMS_GEN,
      'mock',
      '--contract',
      doc.contract,
      '--port',
      `${port}`,
      '--quiet',
    ],
    base: (doc) => doc.basePath,
  },
  {
    name: 'tms-gen mock --engine prism',
    command: (doc, port) => [
      TMS_GEN,
      'mock',
      '--contract',
      doc.contract,
      '--port',
      `${port}`,
      '--quiet',
      '--engine',
      'prism',
    ],
    base: (doc) => doc.basePath,
  },
  {
    name: 'prism mock (CLI 5.14.2)',
    command: (doc, port) => [
      PRISM,
      'mock',
      '--port',
      `${port}`,
      '--host',
      '127.0.0.1',
      '--verboseLevel',
      'error',
      doc.prismDocument,
    ],
    base: () => '',
  },
];

interface Result {
  seconds?: number;
  peakMb: number;
  note?: string;
  load: number;
}

/** Starts the subject, asks until a correct answer (or the timeout), stops it. */
async function once(subject: Subject, doc: Doc): Promise<Result> {
  const port = await freePort();
  const load = loadavg()[0];
  const started = performance.now();
  const child = spawn(process.execPath, subject.command(doc, port), { stdio: 'ignore' });
  let peak = 0;
  const sampler = setInterval(() => child.pid && (peak = Math.max(peak, treeRssKb(child.pid))), 50);
  const url = `http://127.0.0.1:${port}${subject.base(doc)}${doc.path}`;
  let seconds: number | undefined;
  let note: string | undefined;
  while (seconds === undefined && note === undefined) {
    if (child.exitCode !== null) note = `exited ${child.exitCode}`;
    else if (performance.now() - started > TIMEOUT_S * 1000) note = `no answer in ${TIMEOUT_S} s`;
    else if (await correct(url, doc.field)) seconds = (performance.now() - started) / 1000;
    else await new Promise((ok) => setTimeout(ok, 100));
  }
  if (child.pid) peak = Math.max(peak, treeRssKb(child.pid));
  clearInterval(sampler);
  child.kill('SIGKILL');
  return { seconds, peakMb: peak / 1024, note, load };
}

async function correct(url: string, field: string): Promise<boolean> {
  try {
    const answer = await fetch(url, {
      headers: { authorization: BASIC },
      signal: AbortSignal.timeout(5000),
    });
    if (answer.status !== 200) return false;
    const body = (await answer.json()) as Record<string, unknown>;
    return body !== null && typeof body === 'object' && field in body;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const runs: { doc: Doc; subject: Subject; round: number; result: Result }[] = [];
  for (let round = 1; round <= ROUNDS; round++)
    for (const doc of DOCS) {
      const order = round % 2 ? SUBJECTS : [...SUBJECTS].reverse();
      for (const subject of order) {
        const result = await once(subject, doc);
        console.error(
          `round ${round} ${doc.name} ${subject.name}: ${result.seconds?.toFixed(1) ?? result.note} s, ${result.peakMb.toFixed(0)} MB (load ${result.load.toFixed(1)})`,
        );
        runs.push({ doc, subject, round, result });
      }
    }
  writeFileSync(join(REPO, 'bench', 'results', 'mock-start.md'), report(runs));
}

function report(runs: { doc: Doc; subject: Subject; round: number; result: Result }[]): string {
  const loads = runs.map((r) => r.result.load);
  const lines = [
    '# `tms-gen mock`: time to the first correct answer, beside Prism',
    '',
    `Generated by \`node --import tsx bench/mock-start.ts --rounds ${ROUNDS}\` on ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}; 1-minute load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during the runs (the machine is shared: seconds carry the load, the ratios within a round are the figure).`,
    '',
    'From the command to the first 200 with the expected JSON field (asked every 100 ms), and the peak RSS of the whole process tree (sampled every 50 ms) up to then. `tms-gen mock` runs from a warm checkout build (bin/tms-gen.js); with request validation (our contract) its validators come from node_modules/.cache after the first run. `engine auto` is Prism up to 300 operations and the fake-data engine above.',
    '',
    '| document | subject | median time to first answer | median peak RSS | runs |',
    '|---|---|---:|---:|---|',
  ];
  for (const doc of DOCS)
    for (const subject of SUBJECTS) {
      const mine = runs.filter((r) => r.doc === doc && r.subject === subject);
      const ok = mine.filter((r) => r.result.seconds !== undefined);
      const time =
        ok.length === mine.length
          ? `${median(ok.map((r) => r.result.seconds!)).toFixed(1)} s`
          : `${ok.length}/${mine.length} answered`;
      lines.push(
        `| ${doc.name} | ${subject.name} | ${time} | ${median(mine.map((r) => r.result.peakMb)).toFixed(0)} MB | ${mine.map((r) => (r.result.seconds !== undefined ? `${r.result.seconds.toFixed(1)} s` : r.result.note)).join(', ')} |`,
      );
    }
  lines.push('', 'Regenerate with `npm run bench -- mock-start`.', '');
  return lines.join('\n');
}

await main();
