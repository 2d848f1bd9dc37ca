/**
 * Two costs of the client toolkit (issue 3), written to bench/results/client.md:
 *
 * 1. A full `tms-gen` run on our contract (load, validate, every emitter, docs) versus the
 *    openapi-typescript CLI alone on the same document. Both are spawned as child processes
 *    (cold start included, as a user runs them), alternately, median of 5; ours cold (no output
 *    cache: a run after an unchanged contract would serve everything from it). Target ≤ 1.2×
 *    (issue 29; bench/scale.ts measures it too, with CPU seconds).
 * 2. Per-call time of the generated client versus a hand-written fetch doing the same request
 *    (same bytes: urlencoded body with a JSON-encoded field; query with a JSON-encoded `narrow`),
 *    against a local node:http server in its own process, in many short rotating batches (the
 *    ratio is paired: each batch of the client against the same round's hand-written batch, so
 *    drift in machine load cancels out). Target ≤ 1.1×. Issue 32: the same client with a retry
 *    policy configured (`retry: retryPolicy()`) that never triggers (every answer is 200), also
 *    ≤ 1.1× the hand-written fetch.
 *
 * `node --import tsx bench/client.ts [--runs 5] [--batches 21] [--calls 500] [--out bench/results/client.md]`
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import { createApiClient, retryPolicy } from '../generated/client.js';
import { createRetryPolicy } from '../runtime/client-retry.js';
import { benchOptions } from './lib/options.js';
import { median } from './lib/stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const cli = benchOptions(['runs', 'batches', 'calls', 'out']);
const option = cli.string;
const RUNS = Number(option('runs', '5'));
const BATCHES = Number(option('batches', '21'));
const CALLS = Number(option('calls', '500'));
/** calls per side before switching to the next side, within a round */
const SLICE = 25;
/** slices per side and round (`--calls` is rounded to whole slices) */
const SLICES = Math.max(1, Math.round(CALLS / SLICE));
const OUT = resolve(ROOT, option('out', 'bench/results/client.md'));
const CONTRACT = 'openapi/openapi.yaml';

function timeProcess(argv: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0)
    throw new Error(`${argv.join(' ')} failed (${r.status}): ${r.stderr.toString()}`);
  return ms;
}

function benchGenerate(): { ours: number[]; theirs: number[]; startup: number[] } {
  const scratch = mkdtempSync(join(tmpdir(), 'tms-bench-client-'));
  const ours: number[] = [];
  const theirs: number[] = [];
  const startup: number[] = [];
  try {
    const gen = [
      'bin/tms-gen.js',
      '--contract',
      CONTRACT,
      '--out',
      join(scratch, 'gen'),
      '--docs',
      join(scratch, 'docs'),
      '--no-cache',
      '--quiet',
    ];
    const ots = [
      'node_modules/openapi-typescript/bin/cli.js',
      CONTRACT,
      '-o',
      join(scratch, 'ots.ts'),
    ];
    timeProcess(gen); // warm the file cache for both
    timeProcess(ots);
    for (let i = 0; i < RUNS; i++) {
      ours.push(timeProcess(gen));
      theirs.push(timeProcess(ots));
      startup.push(timeProcess(['bin/tms-gen.js', '--help']));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { ours, theirs, startup };
}

/** A JSON server in its own process, so the client's event loop is the only one measured here. */
async function startServer(): Promise<{ origin: string; stop(): void }> {
  const code = `
    const http = require('node:http');
    const ok = JSON.stringify({ result: 'success', msg: '', id: 42, messages: [] });
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => { res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(ok) }); res.end(ok); });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((ok) =>
    child.stdout!.once('data', (d: Buffer) => ok(d.toString().trim())),
  );
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

interface Pair {
  name: string;
  client: () => Promise<unknown>;
  /** the same call with a middleware installed: the request then goes through openapi-fetch */
  withMiddleware: () => Promise<unknown>;
  /** the same call by a client given a retry policy (never triggered: every answer is 200) */
  withRetry: () => Promise<unknown>;
  byHand: () => Promise<unknown>;
  /** openapi-fetch alone with the bytes already built: the floor for any client built on it */
  openapiFetch: () => Promise<unknown>;
}

function pairs(origin: string): Pair[] {
  const api = createApiClient({ baseUrl: origin, email: 'iago@example.com', apiKey: 'abcd1234' });
  const viaMiddleware = createApiClient({
    baseUrl: origin,
    email: 'iago@example.com',
    apiKey: 'abcd1234',
  });
  viaMiddleware.use({ onRequest: () => undefined });
  const retrying = createApiClient({
    baseUrl: origin,
    email: 'iago@example.com',
    apiKey: 'abcd1234',
    retry: retryPolicy(),
  });
  const auth = `Basic ${btoa('iago@example.com:abcd1234')}`;
  const plain = createClient<any>({ baseUrl: `${origin}/api/v1` });
  const formBody = 'type=direct&to=%5B12%2C15%5D&content=hello';
  const narrow = [{ operator: 'channel', operand: 'general' }];
  return [
    {
      name: 'POST /messages (form, JSON field)',
      client: async () => {
        const r = await api.sendMessage({ type: 'direct', to: [12, 15], content: 'hello' });
        if (r.error) throw new Error(r.error.msg);
      },
      withMiddleware: async () => {
        const r = await viaMiddleware.sendMessage({
          type: 'direct',
          to: [12, 15],
          content: 'hello',
        });
        if (r.error) throw new Error(r.error.msg);
      },
      withRetry: async () => {
        const r = await retrying.sendMessage({ type: 'direct', to: [12, 15], content: 'hello' });
        if (r.error) throw new Error(r.error.msg);
      },
      byHand: async () => {
        const body = new URLSearchParams({
          type: 'direct',
          to: JSON.stringify([12, 15]),
          content: 'hello',
        }).toString();
        const res = await fetch(`${origin}/api/v1/messages`, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        });
        if (!res.ok) throw new Error(String(res.status));
        await res.json();
      },
      openapiFetch: async () => {
        const r = await plain.POST('/messages', {
          body: formBody,
          bodySerializer: (b: unknown) => b,
          headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
        });
        if (r.error) throw new Error('failed');
      },
    },
    {
      name: 'GET /messages (narrow)',
      client: async () => {
        const r = await api.getMessages({ anchor: 'newest', num_before: 10, num_after: 0, narrow });
        if (r.error) throw new Error(r.error.msg);
      },
      withMiddleware: async () => {
        const r = await viaMiddleware.getMessages({
          anchor: 'newest',
          num_before: 10,
          num_after: 0,
          narrow,
        });
        if (r.error) throw new Error(r.error.msg);
      },
      withRetry: async () => {
        const r = await retrying.getMessages({
          anchor: 'newest',
          num_before: 10,
          num_after: 0,
          narrow,
        });
        if (r.error) throw new Error(r.error.msg);
      },
      byHand: async () => {
        const query = new URLSearchParams({
          anchor: 'newest',
          num_before: '10',
          num_after: '0',
          narrow: JSON.stringify(narrow),
        }).toString();
        const res = await fetch(`${origin}/api/v1/messages?${query}`, {
          headers: { Authorization: auth },
        });
        if (!res.ok) throw new Error(String(res.status));
        await res.json();
      },
      openapiFetch: async () => {
        const query =
          'anchor=newest&num_before=10&num_after=0&narrow=%5B%7B%22operator%22%3A%22channel%22%2C%22operand%22%3A%22general%22%7D%5D';
        const r = await plain.GET('/messages', {
          querySerializer: () => query,
          headers: { Authorization: auth },
        });
        if (r.error) throw new Error('failed');
      },
    },
  ];
}

/** Wall and CPU (this process: the client's side of a call) µs per call. */
async function batch(
  fn: () => Promise<unknown>,
  n: number,
): Promise<{ wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const wall = ((performance.now() - t0) * 1000) / n;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / n };
}

const SIDES = ['byHand', 'openapiFetch', 'client', 'withMiddleware', 'withRetry'] as const;
type Times = Record<(typeof SIDES)[number], number[]>;
/** wall µs per call by side; `cpu`: this process's CPU µs per call by side */
type Row = { name: string; cpu: Times } & Times;

async function benchCalls(origin: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const p of pairs(origin)) {
    for (const side of SIDES) await batch(p[side], 500); // warm-up: JIT, keep-alive sockets
    const row: Row = {
      name: p.name,
      byHand: [],
      openapiFetch: [],
      client: [],
      withMiddleware: [],
      withRetry: [],
      cpu: { byHand: [], openapiFetch: [], client: [], withMiddleware: [], withRetry: [] },
    };
    for (let i = 0; i < BATCHES; i++) {
      // A round interleaves the sides in slices of SLICE calls, so that a disturbance longer
      // than a few ms (another process, a GC of the server) falls on every side alike; the side
      // that goes first rotates.
      const spent = { byHand: 0, openapiFetch: 0, client: 0, withMiddleware: 0, withRetry: 0 };
      const cpu = { ...spent };
      for (let j = 0; j < SLICES; j++) {
        for (let k = 0; k < SIDES.length; k++) {
          const side = SIDES[(i + j + k) % SIDES.length];
          const took = await batch(p[side], SLICE);
          spent[side] += took.wall;
          cpu[side] += took.cpu;
        }
      }
      for (const side of SIDES) {
        row[side].push(spent[side] / SLICES);
        row.cpu[side].push(cpu[side] / SLICES);
      }
    }
    rows.push(row);
  }
  return rows;
}

/** Median over rounds of a side's batch divided by the same round's hand-written batch. */
const paired = (row: Row, side: (typeof SIDES)[number]) =>
  median(row[side].map((x, i) => x / row.byHand[i]));
/** The middle half of the paired ratios, to show how much a single batch wanders. */
function pairedSpread(row: Row, side: (typeof SIDES)[number]): string {
  const ratios = row[side].map((x, i) => x / row.byHand[i]).sort((a, b) => a - b);
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))];
  return `${at(0.25).toFixed(2)}–${at(0.75).toFixed(2)}`;
}

const verdict = (ratio: number, target: number) =>
  ratio <= target ? `meets the target (≤ ${target}×)` : `MISSES the target (≤ ${target}×)`;

/**
 * What a retry policy adds to one attempt that succeeds, in-process (no network: the attempt is
 * an already resolved answer), µs per call, median of 5 rounds of 200,000: the part of the "with
 * retries configured" column that is the policy's own, apart from loopback noise.
 */
async function policyOverhead(): Promise<number> {
  const policy = createRetryPolicy({}, { getMessages: true });
  const answer = { response: new Response('{}', { status: 200 }) };
  const attempt = async () => answer;
  const op = { operationId: 'getMessages', method: 'GET' };
  const extra: number[] = [];
  for (let round = 0; round < 5; round++) {
    const n = 200_000;
    let t = performance.now();
    for (let i = 0; i < n; i++) await attempt();
    const direct = performance.now() - t;
    t = performance.now();
    for (let i = 0; i < n; i++) await policy.run(op, attempt, undefined);
    extra.push(((performance.now() - t - direct) * 1000) / n);
  }
  return median(extra);
}

async function main() {
  const load = loadavg()[0].toFixed(1);
  console.log(`generate vs openapi-typescript, ${RUNS} alternating runs...`);
  const gen = benchGenerate();
  const genRatio = median(gen.ours) / median(gen.theirs);
  console.log(`per-call overhead, ${BATCHES} × ${CALLS} calls per side...`);
  const server = await startServer();
  let calls;
  try {
    calls = await benchCalls(server.origin);
  } finally {
    server.stop();
  }
  const policyUs = await policyOverhead();
  const ms = (x: number) => `${Math.round(x)} ms`;
  const us = (x: number) => `${x.toFixed(0)} µs`;
  const lines = [
    '# Client toolkit benchmarks',
    '',
    `Generated by \`node --import tsx bench/client.ts\` (runs ${RUNS}, batches ${BATCHES}, calls ${CALLS}). Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load average ${load} at start, ${loadavg()[0].toFixed(1)} at the end.`,
    '',
    '## Full generate vs openapi-typescript alone',
    '',
    `\`tms-gen --no-cache\` (load + validate + every emitter + docs, cold) and \`openapi-typescript ${CONTRACT}\`, each a child process, alternating, median of ${RUNS}.`,
    '',
    '| command | runs | median |',
    '|---|---|---:|',
    `| tms-gen (everything) | ${gen.ours.map(ms).join(', ')} | ${ms(median(gen.ours))} |`,
    `| openapi-typescript CLI | ${gen.theirs.map(ms).join(', ')} | ${ms(median(gen.theirs))} |`,
    `| tms-gen --help (start-up only) | ${gen.startup.map(ms).join(', ')} | ${ms(median(gen.startup))} |`,
    '',
    `Ratio: **${genRatio.toFixed(2)}×**: ${verdict(genRatio, 1.2)}.`,
    '',
    'Where the time goes: the start-up row is the CLI reaching its first line (bundled sources cached by',
    'esbuild, openapi-typescript loaded only when types are generated). In a full run the longest step is',
    'loading the TypeScript compiler for openapi-typescript (~0.5-1 s, paid by both tools); the other emitters',
    "run meanwhile in a worker thread. The emitters' own times are in the summary `tms-gen` prints.",
    '',
    '## Per-call time: generated client vs hand-written fetch',
    '',
    `Sequential keep-alive calls to a local node:http server in another process; ${BATCHES} rounds of ${SLICES * SLICE} calls per side (the side that goes first rotates), µs per call as the median over rounds. The ratios are paired: each round's client batch over the same round's hand-written batch, median over rounds (middle half of the rounds in brackets), so a change in machine load during the run cancels out. The hand-written call builds the same bytes with URLSearchParams and JSON.stringify and parses the JSON answer. "openapi-fetch alone" sends the same prebuilt bytes through a bare openapi-fetch client. "with a middleware" is the generated client with a no-op openapi-fetch middleware installed, which makes its calls go through openapi-fetch. "with retries configured" is the generated client given \`retry: retryPolicy()\`, which never triggers here (every answer is 200): the cost of the policy's wrapper around each attempt.`,
    '',
    '| request | hand-written fetch | openapi-fetch alone | generated client | with a middleware | with retries configured | client / hand (paired) | with a middleware / hand | with retries / hand |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...calls.map(
      (r) =>
        `| ${r.name} | ${us(median(r.byHand))} | ${us(median(r.openapiFetch))} | ${us(median(r.client))} | ${us(median(r.withMiddleware))} | ${us(median(r.withRetry))} | **${paired(r, 'client').toFixed(2)}×** (${pairedSpread(r, 'client')}) | ${paired(r, 'withMiddleware').toFixed(2)}× (${pairedSpread(r, 'withMiddleware')}) | **${paired(r, 'withRetry').toFixed(2)}×** (${pairedSpread(r, 'withRetry')}) |`,
    ),
    '',
    "The client process's own CPU time per call (the client side of the work: building, sending and parsing; the server is another process), median over rounds:",
    '',
    '| request | hand-written fetch | openapi-fetch alone | generated client | with a middleware | with retries configured | client − hand |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...calls.map(
      (r) =>
        `| ${r.name} | ${us(median(r.cpu.byHand))} | ${us(median(r.cpu.openapiFetch))} | ${us(median(r.cpu.client))} | ${us(median(r.cpu.withMiddleware))} | ${us(median(r.cpu.withRetry))} | ${us(median(r.cpu.client) - median(r.cpu.byHand))} |`,
    ),
    '',
    ...calls.map((r) => {
      const ratio = paired(r, 'client');
      return `- ${r.name}: ${verdict(ratio, 1.1)} (client − hand-written = ${us(median(r.client) - median(r.byHand))} per call); with retries configured, not triggered: ${verdict(paired(r, 'withRetry'), 1.1)} (${us(median(r.withRetry) - median(r.byHand))} per call).`;
    }),
    '',
    `A retry policy's own cost when nothing is retried, in-process (an attempt already answered, no network; median of 5 rounds of 200,000 calls): **${policyUs.toFixed(2)} µs** per call. What the "with retries configured" column shows beyond that is the loopback's noise.`,
    '',
    "What the client adds to a hand-written call: the wire model's encoding (a few µs), splitting the flat",
    'parameters object, the feature-level checks (nothing when no level is known) and reading the answer as',
    'openapi-fetch would. With no middleware and no custom fetch, nobody else sees the request, so a method call',
    "goes straight to `fetch` with the wire model's bytes; openapi-fetch's own part of a call (Headers objects,",
    'a Request, the middleware loop) costs more than the whole 10% budget, which is what the "with a middleware"',
    'column pays. Path-style calls (`api.GET(...)`) always go through openapi-fetch. Loopback round trips are a',
    'few hundred µs; over a real network the same absolute cost is noise.',
    '',
  ];
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, lines.join('\n'));
  console.log(lines.join('\n'));
}

await main();
