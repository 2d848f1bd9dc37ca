/**
 * Requests per second of the stateful mock (mock/stateful) versus Prism on the same mix of
 * requests, and the stateful mock's memory with 100k messages. Each server runs in its own
 * process; the load generator (keep-alive node:http, N concurrent loops) runs here.
 *
 * `node --import tsx bench/stateful.ts [--seconds 4] [--concurrency 16] [--rounds 3] [--out bench/results/stateful.md]`
 * Target: the stateful mock serves ≥ 20× Prism's requests per second.
 *
 * The stateful mock runs as `npm run mock:stateful` does: NODE_ENV unset, so its response
 * validation is ON (every answer is checked against the contract), the honest default. A
 * second column runs it with NODE_ENV=production (validation off) for reference.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
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

/** The mix: reads with query and JSON-encoded query parameters, and writes with form bodies. */
const REQUESTS: BenchRequest[] = [
  { name: 'GET /users', method: 'GET', path: '/users' },
  { name: 'GET /streams', method: 'GET', path: '/streams' },
  { name: 'GET /messages (narrow)', method: 'GET', path: `/messages?anchor=newest&num_before=20&num_after=0&narrow=${encodeURIComponent(JSON.stringify([{ operator: 'channel', operand: 'general' }]))}` },
  { name: 'POST /messages (form, JSON field)', method: 'POST', path: '/messages', body: 'type=direct&to=%5B5%5D&content=hello' },
  { name: 'POST /messages/flags', method: 'POST', path: '/messages/flags', body: 'messages=%5B1%2C2%5D&op=add&flag=starred' },
];

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

interface Proc {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns a server and waits until its output matches `ready`. */
function startProcess(cmd: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<Proc & { match: RegExpExecArray; output: string }> {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  const stop = () => new Promise<void>((ok) => {
    if (child.exitCode !== null) return ok();
    child.once('exit', () => ok());
    child.kill('SIGTERM');
  });
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => {
      void stop();
      fail(new Error(`${cmd} did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        ok({ child, stop, match, output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`${cmd} exited (${code}):\n${output}`)));
  });
}

async function startStateful(production: boolean, messages = 0): Promise<Proc & { root: string; auth: string }> {
  const env = { ...process.env };
  if (production) env.NODE_ENV = 'production';
  else delete env.NODE_ENV;
  const p = await startProcess(process.execPath, ['--import', 'tsx', 'mock/stateful/start.ts', '--port', '0', '--messages', String(messages)], /api key \S+\n[\s\S]*maya@example\.com\s+password \S+\s+api key (\S+)/, env);
  const root = /listening on (http:\/\/\S+)/.exec(p.output)![1];
  return { ...p, root, auth: `Basic ${Buffer.from(`maya@example.com:${p.match[1]}`).toString('base64')}` };
}

/** A bare node:http server answering a fixed success envelope: the ceiling of any Node server here. */
async function startFloor(): Promise<Proc & { root: string; auth: string }> {
  const code = `const s=require('node:http').createServer((q,r)=>{q.resume();q.on('end',()=>{const t='{"result":"success","msg":""}';r.writeHead(200,{'content-type':'application/json','content-length':t.length});r.end(t)})});s.listen(0,'127.0.0.1',()=>console.log('floor on http://127.0.0.1:'+s.address().port))`;
  const p = await startProcess(process.execPath, ['-e', code], /floor on (http:\/\/\S+)/);
  return { ...p, root: p.match[1], auth: 'Basic eDp5' };
}

async function startPrism(): Promise<Proc & { root: string; auth: string }> {
  const port = await freePort();
  const p = await startProcess(resolve(ROOT, 'node_modules/.bin/prism'), ['mock', '-h', '127.0.0.1', '-p', String(port), resolve(ROOT, 'generated/openapi.prism.json')], /Prism is listening/);
  // Prism checks only that credentials are present; the value is the stateful mock's format.
  return { ...p, root: `http://127.0.0.1:${port}`, auth: `Basic ${Buffer.from('maya@example.com:any').toString('base64')}` };
}

/** `concurrency` loops over the mix for `seconds`; completed 200 answers per second. */
async function load(root: string, auth: string, seconds: number, concurrency: number): Promise<{ rps: number; errors: number; firstError?: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(root);
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  let firstError: string | undefined;
  const once = (r: BenchRequest) => new Promise<void>((ok) => {
    const headers: Record<string, string> = { accept: 'application/json', authorization: auth };
    if (r.body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(r.body));
    }
    const req = request({ agent, host: url.hostname, port: url.port, method: r.method, path: url.pathname.replace(/\/$/, '') + r.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode === 200) done++;
        else {
          errors++;
          firstError ??= `${r.name}: ${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`;
        }
        ok();
      });
    });
    req.on('error', (e) => {
      errors++;
      firstError ??= `${r.name}: ${e.message}`;
      ok();
    });
    req.end(r.body);
  });
  const worker = async (offset: number) => {
    for (let i = offset; performance.now() < deadline; i++) await once(REQUESTS[i % REQUESTS.length]);
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, i) => worker(i)));
  agent.destroy();
  return { rps: done / ((performance.now() - t0) / 1000), errors, firstError };
}

/**
 * CPU seconds a process has used (user + system, from /proc). Requests per CPU-second is the
 * measure that survives a busy machine: wall-clock req/s also counts time spent waiting for
 * a core that other processes (the load generator included) hold.
 */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Child mode: heap and RSS of a mock seeded with `n` extra messages, measured after GC. */
async function memoryChild(n: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const { createStatefulMock } = await import('../mock/stateful/index.js');
  gc();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const mock = createStatefulMock({ seedOptions: { extraMessages: n } });
  const seedMs = performance.now() - t0;
  gc();
  const after = process.memoryUsage();
  console.log(JSON.stringify({ messages: mock.state.messages.length, heapMB: (after.heapUsed - before.heapUsed) / 2 ** 20, rssMB: after.rss / 2 ** 20, seedMs }));
}

function measureMemory(n: number): { messages: number; heapMB: number; rssMB: number; seedMs: number } {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--memory-child', String(n)], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`memory measurement failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

async function main(): Promise<void> {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
  };
  if (process.argv.includes('--memory-child')) return memoryChild(Number(arg('--memory-child', '0')));
  const seconds = Number(arg('--seconds', '4'));
  const concurrency = Number(arg('--concurrency', '16'));
  const rounds = Number(arg('--rounds', '3'));
  const out = resolve(ROOT, arg('--out', 'bench/results/stateful.md'));

  const servers = { prism: await startPrism(), stateful: await startStateful(false), production: await startStateful(true), big: await startStateful(false, 100_000), floor: await startFloor() };
  const rps: Record<keyof typeof servers, number[]> = { prism: [], stateful: [], production: [], big: [], floor: [] };
  const perCpu: Record<keyof typeof servers, number[]> = { prism: [], stateful: [], production: [], big: [], floor: [] };
  try {
    for (const s of Object.values(servers)) await load(s.root, s.auth, 1, concurrency); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const key of Object.keys(servers) as (keyof typeof servers)[]) {
        const pid = servers[key].child.pid!;
        const cpu0 = cpuSeconds(pid);
        const r = await load(servers[key].root, servers[key].auth, seconds, concurrency);
        const cpu = cpuSeconds(pid) - cpu0;
        if (r.errors > 0) throw new Error(`non-200 answers from ${key}: ${r.errors} (${r.firstError})`);
        rps[key].push(r.rps);
        perCpu[key].push((r.rps * seconds) / Math.max(cpu, 0.01));
        console.log(`round ${round + 1}: ${key.padEnd(10)} ${Math.round(r.rps)} req/s, ${Math.round(perCpu[key][round])} req per CPU-second`);
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
  const mem0 = measureMemory(0);
  const mem = measureMemory(100_000);
  const m = (k: keyof typeof rps) => median(rps[k]);
  const c = (k: keyof typeof rps) => median(perCpu[k]);
  const ratio = m('stateful') / m('prism');
  const cpuRatio = c('stateful') / c('prism');
  const verdict = (x: number) => (x >= 20 ? 'meets the target (≥ 20×)' : 'MISSES the target (≥ 20×)');
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const md = `# Stateful mock vs Prism

Generated by \`node --import tsx bench/stateful.ts\` on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.
${rounds} rounds of ${seconds} s per server, ${concurrency} concurrent keep-alive connections, servers in separate processes,
round-robin over the same mix of requests (every answer must be a 200):

${REQUESTS.map((r) => `- ${r.name}`).join('\n')}

Prism: \`prism mock\` on \`generated/openapi.prism.json\` (static examples). Stateful mock: \`npm run mock:stateful\`
(default seed; the POSTs really store messages and flags, so its state grows during the run).

| server | median req/s (wall clock) | rounds | vs Prism | median req per CPU-second of the server | vs Prism |
|---|---:|---|---:|---:|---:|
| Prism 5 | ${fmt(m('prism'))} | ${rps.prism.map(fmt).join(', ')} | 1× | ${fmt(c('prism'))} | 1× |
| stateful mock (response validation on, the default) | ${fmt(m('stateful'))} | ${rps.stateful.map(fmt).join(', ')} | ${ratio.toFixed(1)}× | ${fmt(c('stateful'))} | ${cpuRatio.toFixed(1)}× |
| stateful mock, NODE_ENV=production (validation off) | ${fmt(m('production'))} | ${rps.production.map(fmt).join(', ')} | ${(m('production') / m('prism')).toFixed(1)}× | ${fmt(c('production'))} | ${(c('production') / c('prism')).toFixed(1)}× |
| stateful mock with 100k extra messages (validation on) | ${fmt(m('big'))} | ${rps.big.map(fmt).join(', ')} | ${(m('big') / m('prism')).toFixed(1)}× | ${fmt(c('big'))} | ${(c('big') / c('prism')).toFixed(1)}× |
| reference: bare node:http answering a constant (no routing, no decoding, no state) | ${fmt(m('floor'))} | ${rps.floor.map(fmt).join(', ')} | ${(m('floor') / m('prism')).toFixed(1)}× | ${fmt(c('floor'))} | ${(c('floor') / c('prism')).toFixed(1)}× |

**Wall clock: ${ratio.toFixed(1)}× Prism — ${verdict(ratio)}. Per CPU-second of the server: ${cpuRatio.toFixed(1)}× — ${verdict(cpuRatio)}.**
The load generator shares the machine's ${cpus().length} cores with the server under test (and, on a shared machine, with
whatever else runs: load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')} at the end of this run), so wall-clock
numbers are a floor; requests per CPU-second of the server process (from /proc) measure the servers' own cost.
The last row bounds what any Node server can reach on this machine with this load generator: a ratio to Prism
above it is impossible, so where the bare server itself is under 20× Prism, the target cannot be met by the mock.

## Memory with 100k messages

| seed | messages | heap used by the mock (after GC) | process RSS | seeding time |
|---|---:|---:|---:|---:|
| default | ${mem0.messages} | ${mem0.heapMB.toFixed(1)} MB | ${mem0.rssMB.toFixed(0)} MB | ${mem0.seedMs.toFixed(0)} ms |
| default + 100,000 | ${mem.messages.toLocaleString('en-US')} | ${mem.heapMB.toFixed(1)} MB | ${mem.rssMB.toFixed(0)} MB | ${mem.seedMs.toFixed(0)} ms |

About ${Math.round(((mem.heapMB - mem0.heapMB) * 2 ** 20) / 100_000)} bytes of heap per message (record, ID index, topic index, sender's read flag).
`;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, md);
  console.log(md);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
