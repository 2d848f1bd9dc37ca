/**
 * Requests per second through the mock front (mock/prism/front.ts) versus plain Prism, on the
 * same requests. The mock runs in its own process (`npm run mock`), so the load generator does
 * not share the front's event loop; both targets are the same Prism process, so the difference
 * is what the front costs (routing, auth, wire decoding, validation, re-encoding, one more hop).
 *
 * `node --import tsx bench/mock.ts [--seconds 4] [--concurrency 8] [--out bench/results/mock.md]`
 * Target: the front costs at most 10% of Prism's throughput.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  { name: 'POST /messages (form, JSON field)', method: 'POST', path: '/messages', body: 'type=direct&to=%5B12%2C15%5D&content=hello' },
  { name: 'GET /messages (narrow)', method: 'GET', path: '/messages?anchor=newest&num_before=10&num_after=0&narrow=%5B%7B%22operator%22%3A%22channel%22%2C%22operand%22%3A%22general%22%7D%5D' },
];

const ROUNDS = 3;
const AUTH = `Basic ${Buffer.from('iago@example.com:abcd1234').toString('base64')}`;

async function startMockProcess(): Promise<{ baseUrl: string; prismUrl: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'mock/prism/start.ts'), '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const stop = () => new Promise<void>((ok) => {
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
      const prism = /prism\s+(http:\/\/\S+)/.exec(output);
      if (base && prism) {
        clearTimeout(timer);
        ok({ baseUrl: base[1], prismUrl: prism[1], stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => fail(new Error(`the mock exited:\n${output}`)));
  });
}

/** Runs `concurrency` loops over the requests for `seconds`; returns completed requests per second. */
async function load(root: string, withAuth: boolean, seconds: number, concurrency: number): Promise<{ rps: number; errors: number; firstError?: string }> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  let firstError: string | undefined;
  const worker = async (offset: number) => {
    for (let i = offset; performance.now() < deadline; i++) {
      const r = REQUESTS[i % REQUESTS.length];
      const headers: Record<string, string> = { accept: 'application/json' };
      if (withAuth) headers.authorization = AUTH;
      if (r.body) headers['content-type'] = 'application/x-www-form-urlencoded';
      try {
        const response = await fetch(`${root}${r.path}`, { method: r.method, headers, body: r.body });
        const text = await response.text();
        if (response.status === 200) done++;
        else {
          errors++;
          firstError ??= `${r.name}: ${response.status} ${text.slice(0, 200)}`;
        }
      } catch (error) {
        errors++;
        firstError ??= `${r.name}: ${(error as Error).message}`;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  return { rps: done / ((performance.now() - t0) / 1000), errors, firstError };
}

async function main(): Promise<void> {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
  };
  const seconds = Number(arg('--seconds', '4'));
  const concurrency = Number(arg('--concurrency', '8'));
  const out = resolve(ROOT, arg('--out', 'bench/results/mock.md'));

  const mock = await startMockProcess();
  try {
    // Warm both paths (JIT, keep-alive sockets), then alternate to spread any drift evenly.
    await load(mock.prismUrl, false, 1, concurrency);
    await load(mock.baseUrl, true, 1, concurrency);
    const prism: number[] = [];
    const front: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const p = await load(mock.prismUrl, false, seconds, concurrency);
      const f = await load(mock.baseUrl, true, seconds, concurrency);
      if (p.errors + f.errors > 0) throw new Error(`non-200 answers during the run (prism ${p.errors}, front ${f.errors}): ${p.firstError ?? f.firstError}`);
      prism.push(p.rps);
      front.push(f.rps);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const cost = 1 - mean(front) / mean(prism);
    const verdict = cost <= 0.1 ? 'meets the target (≤ 10%)' : 'MISSES the target (≤ 10%)';
    const report = [
      '# Mock front vs plain Prism',
      '',
      'Generated by `node --import tsx bench/mock.ts`. Same Prism process, same requests, rotating over:',
      ...REQUESTS.map((r) => `- ${r.name}`),
      '',
      `Plain Prism is called at its internal URL (no base path, no auth); the front at \`/api/v1\` with Basic auth.`,
      `${concurrency} concurrent keep-alive clients, ${seconds} s per measurement, ${ROUNDS} alternating rounds after a warm-up.`,
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average at the end ${loadavg()[0].toFixed(1)} (above the core count, the front and Prism compete for CPU with other work and the measurement mostly shows that).`,
      '',
      `| target | ${prism.map((_, i) => `round ${i + 1} req/s`).join(' | ')} | mean req/s |`,
      `|---|${prism.map(() => '---:|').join('')}---:|`,
      `| plain Prism | ${prism.map((x) => x.toFixed(0)).join(' | ')} | ${mean(prism).toFixed(0)} |`,
      `| front + Prism | ${front.map((x) => x.toFixed(0)).join(' | ')} | ${mean(front).toFixed(0)} |`,
      '',
      `Front cost: ${(cost * 100).toFixed(1)}% of Prism's throughput: ${verdict}.`,
      '',
    ].join('\n');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, report);
    console.log(report);
  } finally {
    await mock.stop();
  }
}

main().catch((error) => {
  console.error(`bench/mock: ${(error as Error).message}`);
  process.exit(1);
});
