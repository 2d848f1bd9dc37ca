/**
 * The load generator of the HTTP benchmarks, always run in a process of its own so it never
 * shares an event loop with the server under test: `runLoad(spec)` spawns this file, which
 * drives autocannon (pre-built requests on raw keep-alive sockets, far cheaper per request
 * than node:http or fetch) and prints one JSON line. Lives in bench/lib/ so bench/run.ts does
 * not take it for a benchmark module.
 *
 * Every answer must have the expected status: anything else is counted and reported, and the
 * benchmarks refuse to report a rate built on errors.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadRequest {
  name: string;
  method: string;
  /** the full path, query included */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  /** origin only, e.g. `http://127.0.0.1:4010` */
  origin: string;
  requests: LoadRequest[];
  seconds: number;
  connections: number;
  /** the status every answer must have (default 200) */
  expectStatus?: number;
}

export interface LoadResult {
  /** completed answers with the expected status, per second of the run */
  rps: number;
  total: number;
  /** answers with another status, and socket errors/timeouts */
  bad: number;
  firstBad?: string;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** CPU the load generator itself used, as a fraction of one core (near 1: it may be the bottleneck) */
  generatorCpu: number;
  /** 1-minute load average of the machine when the run started and ended */
  loadBefore: number;
  loadAfter: number;
}

const SELF = fileURLToPath(import.meta.url);

/** Runs one measurement in a fresh child process and returns its result. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--child'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`load generator exited ${code}: ${out}`));
      try {
        resolve(JSON.parse(line) as LoadResult);
      } catch {
        reject(new Error(`load generator printed no result: ${out}`));
      }
    });
    child.stdin.end(JSON.stringify(spec));
  });
}

async function child(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const spec = JSON.parse(input) as LoadSpec;
  const expect = spec.expectStatus ?? 200;
  // autocannon has no types of its own; this is the part of its API used here.
  const { default: autocannon } = (await import('autocannon')) as unknown as {
    default: Autocannon;
  };
  let firstBad: string | undefined;
  let bad = 0;
  const loadBefore = loadavg()[0];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const instance = autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: spec.seconds,
    requests: spec.requests.map((r) => ({
      method: r.method,
      path: r.path,
      headers: r.headers ?? {},
      body: r.body,
    })),
  });
  instance.on('response', (client: unknown, status: number, _bytes: number, _time: number) => {
    if (status !== expect) {
      bad++;
      firstBad ??= `status ${status}`;
    }
  });
  const result = await new Promise<AutocannonResult>((ok, fail) =>
    instance.once('done', ok).once('error', fail),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const total = result.requests.total;
  const socketErrors = result.errors + result.timeouts;
  const out: LoadResult = {
    rps: (total - bad) / seconds,
    total,
    bad: bad + socketErrors,
    firstBad:
      firstBad ??
      (socketErrors > 0
        ? `${result.errors} socket errors, ${result.timeouts} timeouts`
        : undefined),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    generatorCpu: (cpu.user + cpu.system) / 1e6 / seconds,
    loadBefore,
    loadAfter: loadavg()[0],
  };
  console.log(JSON.stringify(out));
}

interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
}
interface AutocannonInstance {
  on(
    event: 'response',
    listener: (client: unknown, status: number, bytes: number, time: number) => void,
  ): AutocannonInstance;
  once(event: 'done', listener: (result: AutocannonResult) => void): AutocannonInstance;
  once(event: 'error', listener: (error: Error) => void): AutocannonInstance;
}
type Autocannon = (options: Record<string, unknown>) => AutocannonInstance;

if (process.argv.includes('--child') && process.argv[1] && resolvePath(process.argv[1]) === SELF) {
  child().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
