/**
 * The stateful mock before and after a change of the server pipeline, side by side: requests
 * per second of `mock/stateful/start.ts` from a baseline commit and from this tree, on the same
 * mix as bench/stateful.ts, interleaved.
 *
 * `node --import tsx bench/pipeline.ts [--baseline-ref 4478cb4] [--seconds 5] [--rounds 5] [--warmup 5] [--connections 16]`
 *
 * The baseline (default: the last commit before the request pipeline of runtime/pipeline.ts)
 * is checked out as a temporary git worktree under bench/.tmp/ (this tree's node_modules linked
 * in) and removed afterwards. Each server runs in its own process, the load generator in a
 * fresh one per run (bench/lib/load.ts); the order alternates each round; medians, the ratio of
 * medians, the paired per-round ratio and the machine's load are reported.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad, type LoadResult } from './lib/load.js';
import { median } from './lib/stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const REQUESTS = [
  { name: 'GET /users', method: 'GET', path: '/users' },
  { name: 'GET /streams', method: 'GET', path: '/streams' },
  {
    name: 'GET /messages (narrow)',
    method: 'GET',
    path: `/messages?anchor=newest&num_before=20&num_after=0&narrow=${encodeURIComponent(JSON.stringify([{ operator: 'channel', operand: 'general' }]))}`,
  },
  {
    name: 'POST /messages (form, JSON field)',
    method: 'POST',
    path: '/messages',
    body: 'type=direct&to=%5B5%5D&content=hello',
  },
  {
    name: 'POST /messages/flags',
    method: 'POST',
    path: '/messages/flags',
    body: 'messages=%5B1%2C2%5D&op=add&flag=starred',
  },
];

interface Server {
  child: ChildProcess;
  root: string;
  auth: string;
  stop(): Promise<void>;
}

function startStateful(cwd: string): Promise<Server> {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/stateful/start.ts'], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let output = '';
  const stop = () =>
    new Promise<void>((ok) => {
      if (child.exitCode !== null) return ok();
      child.once('exit', () => ok());
      child.kill('SIGTERM');
    });
  return new Promise((ok, fail) => {
    const ready =
      /listening on (http:\/\/\S+)[\s\S]*maya@example\.com\s+password \S+\s+api key (\S+)/;
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = ready.exec(output);
      if (!m) return;
      ok({
        child,
        root: m[1],
        auth: `Basic ${Buffer.from(`maya@example.com:${m[2]}`).toString('base64')}`,
        stop,
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      fail(new Error(`stateful mock in ${cwd} exited (${code}):\n${output}`)),
    );
  });
}

function measure(server: Server, seconds: number, connections: number): Promise<LoadResult> {
  const url = new URL(server.root);
  return runLoad({
    origin: url.origin,
    seconds,
    connections,
    requests: REQUESTS.map((r) => ({
      name: r.name,
      method: r.method,
      path: url.pathname.replace(/\/$/, '') + r.path,
      headers: {
        accept: 'application/json',
        authorization: server.auth,
        ...(r.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: r.body,
    })),
  });
}

/** CPU seconds a process has used (user + system, from /proc): per-CPU rates survive a busy machine. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function main(): Promise<void> {
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
  };
  const ref = arg('--baseline-ref', '4478cb4');
  const seconds = Number(arg('--seconds', '5'));
  const rounds = Number(arg('--rounds', '5'));
  const warmup = Number(arg('--warmup', '5'));
  const connections = Number(arg('--connections', '16'));
  const out = resolve(ROOT, arg('--out', 'bench/results/pipeline.md'));

  const baseline = resolve(ROOT, 'bench/.tmp/pipeline-baseline');
  if (existsSync(baseline))
    spawnSync('git', ['worktree', 'remove', '--force', baseline], { cwd: ROOT });
  mkdirSync(dirname(baseline), { recursive: true });
  const added = spawnSync('git', ['worktree', 'add', '--detach', baseline, ref], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (added.status !== 0) throw new Error(`git worktree add ${ref} failed: ${added.stderr}`);
  symlinkSync(resolve(ROOT, 'node_modules'), resolve(baseline, 'node_modules'));

  const servers: Record<'before' | 'after', Server> = {
    before: await startStateful(baseline),
    after: await startStateful(ROOT),
  };
  const runs: { round: number; key: 'before' | 'after'; result: LoadResult; perCpu: number }[] = [];
  try {
    for (const key of ['before', 'after'] as const)
      await measure(servers[key], warmup, connections);
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const key of order) {
        const pid = servers[key].child.pid!;
        const cpu0 = cpuSeconds(pid);
        const result = await measure(servers[key], seconds, connections);
        const perCpu = (result.rps * seconds) / Math.max(cpuSeconds(pid) - cpu0, 0.01);
        if (result.bad > 0) throw new Error(`bad answers from ${key}: ${result.firstBad}`);
        runs.push({ round, key, result, perCpu });
        if (!process.env.CI)
          console.log(
            `round ${round}: ${key.padEnd(6)} ${Math.round(result.rps)} req/s, ${Math.round(perCpu)} req per server CPU-second, load ${result.loadBefore.toFixed(1)}`,
          );
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
    spawnSync('git', ['worktree', 'remove', '--force', baseline], { cwd: ROOT });
  }

  const of = (k: 'before' | 'after') => runs.filter((r) => r.key === k);
  const rps = (k: 'before' | 'after') => median(of(k).map((r) => r.result.rps));
  const cpu = (k: 'before' | 'after') => median(of(k).map((r) => r.perCpu));
  const paired = median(
    of('after').map(
      (a) => a.result.rps / of('before').find((b) => b.round === a.round)!.result.rps,
    ),
  );
  const loads = runs.map((r) => r.result.loadBefore);
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
  const row = (k: 'before' | 'after') =>
    [
      k,
      fmt(rps(k)),
      of(k)
        .map((r) => fmt(r.result.rps))
        .join(', '),
      fmt(cpu(k)),
      of(k)
        .map((r) => fmt(r.perCpu))
        .join(', '),
      `${median(of(k).map((r) => r.result.latencyP50Ms))} / ${median(of(k).map((r) => r.result.latencyP99Ms))} ms`,
    ].join(' | ');
  const rows = `| ${row('before')} |\n| ${row('after')} |`;
  const md = `# Stateful mock before and after the request pipeline

Generated by \`node --import tsx bench/pipeline.ts --baseline-ref ${ref} --seconds ${seconds} --rounds ${rounds} --warmup ${warmup} --connections ${connections}\`
on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}.

"before": \`mock/stateful/start.ts\` at ${ref}; "after": this tree. Each in its own process, response
validation on (NODE_ENV unset, as \`npm run mock:stateful\` starts), the load generator in a fresh process per
run, ${connections} keep-alive connections, ${seconds} s per run, ${rounds} rounds alternating the order, after ${warmup} s of
warm-up each. Same mix as bench/stateful.ts: ${REQUESTS.map((r) => r.name).join(', ')}.

| server | median req/s | runs (req/s) | median req per server CPU-second | runs | latency p50 / p99 |
|---|---:|---|---:|---|---:|
${rows}

**after / before: ${(rps('after') / rps('before')).toFixed(3)} in req/s (ratio of medians; ${paired.toFixed(3)} median of per-round ratios); ${(cpu('after') / cpu('before')).toFixed(3)} in requests per server CPU-second (the measure that survives a loaded machine).**

Machine load (1-minute load average at the start of each run; ${cpus().length} cores): min ${Math.min(...loads).toFixed(1)}, median ${median(loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}.
`;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, md);
  console.log(md);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
