/**
 * Requests per second through the mock (`npm run mock`: the front, mock/prism/front.ts, with
 * Prism's engine in its process) versus plain Prism (the `prism mock` CLI server of the same
 * pinned prism-cli, fed the same document), on the same requests. The difference is what the
 * front costs: routing, auth, wire decoding, validation and re-encoding, minus what Prism's own
 * server does that the front replaces (its request validation and security check, its response
 * validation, its HTTP layer).
 *
 * `node --import tsx bench/mock.ts [--seconds 5] [--connections 32] [--rounds 5] [--out bench/results/mock.md]`
 * Target: the front costs at most 10% of Prism's throughput.
 *
 * Method: the mock and plain Prism run in processes of their own and the load generator
 * (autocannon, bench/lib/load.ts) in a fresh process per run; runs alternate A B A B ... (the
 * pair's order flips each round) with the machine's load average recorded beside each run, and
 * the cost is computed from the medians and, per round, from each pair.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPrism } from './lib/prism-process.js';
import { runLoad, type LoadResult } from './lib/load.js';
import { benchOptions } from './lib/options.js';
import { median } from './lib/stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface BenchRequest {
  name: string;
  method: string;
  /** path relative to the API root */
  path: string;
  body?: string;
}

/** Representative traffic: a query-only read, a form body with a JSON-encoded field, a `content:` query parameter. */
const REQUESTS: BenchRequest[] = [
  { name: 'GET /users', method: 'GET', path: '/users' },
  {
    name: 'POST /messages (form, JSON field)',
    method: 'POST',
    path: '/messages',
    body: 'type=direct&to=%5B12%2C15%5D&content=hello',
  },
  {
    name: 'GET /messages (narrow)',
    method: 'GET',
    path: '/messages?anchor=newest&num_before=10&num_after=0&narrow=%5B%7B%22operator%22%3A%22channel%22%2C%22operand%22%3A%22general%22%7D%5D',
  },
];

const AUTH = `Basic ${Buffer.from('iago@example.com:abcd1234').toString('base64')}`;

async function startMockProcess(): Promise<{
  baseUrl: string;
  pid: number | undefined;
  stop(): Promise<void>;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(ROOT, 'mock/prism/start.ts'), '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const stop = () =>
    new Promise<void>((ok) => {
      if (child.exitCode !== null) return ok();
      child.once('exit', () => ok());
      child.kill('SIGTERM');
    });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => {
      void stop();
      fail(new Error(`the mock did not start:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const base = /base URL\s+(\S+)/.exec(output);
      if (base) {
        clearTimeout(timer);
        ok({ baseUrl: base[1], pid: child.pid, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => fail(new Error(`the mock exited:\n${output}`)));
  });
}

/** One run of the load generator against `root` (plain Prism without auth, or the front with it). */
function measure(
  root: string,
  withAuth: boolean,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const url = new URL(root);
  const prefix = url.pathname.replace(/\/$/, '');
  return runLoad({
    origin: url.origin,
    seconds,
    connections,
    requests: REQUESTS.map((r) => ({
      name: r.name,
      method: r.method,
      path: prefix + r.path,
      headers: {
        accept: 'application/json',
        ...(withAuth ? { authorization: AUTH } : {}),
        ...(r.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: r.body,
    })),
  });
}

/** CPU seconds a process has used (user + system, from /proc; 0 where there is no /proc). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

interface Run {
  round: number;
  target: 'prism' | 'front';
  result: LoadResult;
  /** CPU of the measured server's process per request, µs (plain Prism's, or the mock's: front + engine) */
  cpuUs: number;
}

async function main(): Promise<void> {
  const { string: arg } = benchOptions(['seconds', 'connections', 'rounds', 'out']);
  const seconds = Number(arg('seconds', '5'));
  const connections = Number(arg('connections', '32'));
  const rounds = Number(arg('rounds', '5'));
  const out = resolve(ROOT, arg('out', 'bench/results/mock.md'));

  // Plain Prism as the CLI runs it (no validation flags changed), quiet like the mock.
  const prismCli = await startPrism({ document: resolve(ROOT, 'generated/openapi.prism.json') });
  const mock = await startMockProcess().catch(async (error) => {
    await prismCli.stop();
    throw error;
  });
  const runs: Run[] = [];
  try {
    // Warm both paths (JIT of the front and of Prism), then alternate.
    await measure(prismCli.url, false, 2, connections);
    await measure(mock.baseUrl, true, 2, connections);
    for (let round = 0; round < rounds; round++) {
      const pair: Run['target'][] = round % 2 === 0 ? ['prism', 'front'] : ['front', 'prism'];
      for (const target of pair) {
        const pid = target === 'prism' ? prismCli.pid : mock.pid;
        const cpu0 = cpuSeconds(pid);
        const result =
          target === 'prism'
            ? await measure(prismCli.url, false, seconds, connections)
            : await measure(mock.baseUrl, true, seconds, connections);
        const cpu = cpuSeconds(pid) - cpu0;
        if (result.bad > 0)
          throw new Error(`unexpected answers from ${target}: ${result.bad} (${result.firstBad})`);
        runs.push({
          round: round + 1,
          target,
          result,
          cpuUs: (cpu / Math.max(result.total, 1)) * 1e6,
        });
        console.log(
          `round ${round + 1}: ${target.padEnd(6)} ${Math.round(result.rps)} req/s, load ${result.loadBefore.toFixed(1)}`,
        );
      }
    }
  } finally {
    await mock.stop();
    await prismCli.stop();
  }
  const of = (t: Run['target']) => runs.filter((r) => r.target === t);
  const prism = median(of('prism').map((r) => r.result.rps));
  const front = median(of('front').map((r) => r.result.rps));
  const cost = 1 - front / prism;
  const paired = median(
    of('front').map(
      (f) => 1 - f.result.rps / of('prism').find((p) => p.round === f.round)!.result.rps,
    ),
  );
  const verdict = (x: number) =>
    x <= 0.1 ? 'meets the target (≤ 10%)' : 'MISSES the target (≤ 10%)';
  const loads = runs.map((r) => r.result.loadBefore);
  const frontCpu = median(of('front').map((r) => r.cpuUs));
  const prismCpu = median(of('prism').map((r) => r.cpuUs));
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const report = `# Mock front vs plain Prism

Generated by \`node --import tsx bench/mock.ts --seconds ${seconds} --connections ${connections} --rounds ${rounds}\`
on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.

Same requests, rotating over:
${REQUESTS.map((r) => `- ${r.name}`).join('\n')}

Plain Prism is the \`prism mock\` CLI server of @stoplight/prism-cli 5.14.2 (\`--verboseLevel error\`, its default
request/response validation and security check on), fed generated/openapi.prism.json and called without base path;
the mock is \`mock/prism/start.ts\` (\`npm run mock\`): the front with Prism's engine (@stoplight/prism-http, the version
the CLI runs) in its own process, called at \`/api/v1\` with Basic auth. It validates requests itself (wire model +
generated validators) and turns Prism's validation, security check and response validation off.
Plain Prism, the mock and the load generator (autocannon, \`bench/lib/load.ts\`, a fresh process per run) are separate
processes; ${connections} keep-alive connections, ${seconds} s per run, ${rounds} rounds alternating A B / B A after a
warm-up; every answer must be a 200.

| target | median req/s | runs (req/s) |
|---|---:|---|
| plain Prism | ${fmt(prism)} | ${of('prism')
    .map((r) => fmt(r.result.rps))
    .join(', ')} |
| mock (front + Prism engine) | ${fmt(front)} | ${of('front')
    .map((r) => fmt(r.result.rps))
    .join(', ')} |

**Front cost: ${(cost * 100).toFixed(1)}% of Prism's throughput (medians) — ${verdict(cost)}; median of the per-round
pairs: ${(paired * 100).toFixed(1)}%.**${
    cost < 0
      ? ` A negative cost: the mock answers ${(-cost * 100).toFixed(0)}% more requests/s than plain Prism, since Prism's
request and response validation and security check, on in plain Prism, are off in the mock (the front validates requests itself).`
      : ''
  } CPU per request (median, the server process under load): plain Prism ${prismCpu.toFixed(0)} µs, mock ${frontCpu.toFixed(0)} µs.

Machine load (1-minute load average at the start of each run; ${cpus().length} cores): min ${Math.min(...loads).toFixed(1)},
median ${median(loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}. Each server is one Node process and saturates one core;
the load generator uses the other one. Above a load of ~2 both wait for cores, and req/s move with the machine's load.

<details><summary>Every run</summary>

| round | target | req/s | latency p50 / p99 | server CPU per request | generator CPU | load avg before / after |
|---:|---|---:|---:|---:|---:|---|
${runs.map((r) => `| ${r.round} | ${r.target} | ${fmt(r.result.rps)} | ${r.result.latencyP50Ms} / ${r.result.latencyP99Ms} ms | ${r.cpuUs.toFixed(0)} µs | ${(r.result.generatorCpu * 100).toFixed(0)}% | ${r.result.loadBefore.toFixed(2)} / ${r.result.loadAfter.toFixed(2)} |`).join('\n')}

</details>
`;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, report);
  console.log(report);
}

main().catch((error) => {
  console.error(`bench/mock: ${(error as Error).message}`);
  process.exit(1);
});
