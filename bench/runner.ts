/**
 * Wall time of a full default contract run (`npm run contract`) against the stateful mock.
 *
 * `node --import tsx bench/runner.ts [--rounds 5] [--out bench/results/runner.md]`
 * Target: ≤ 15 s for a full default run (22 operations, scenarios, probes, and the default
 * --max-examples of generated requests per operation).
 *
 * Method: the mock runs in its own process (`npm run mock:stateful`, seeded as shipped, a fresh
 * one per run so every run meets the same state); the runner runs as a user runs it, a fresh
 * `node --import tsx contract-runner/cli.ts` process per run, so process start, loading the
 * contract and the scenarios are in the figure. Default run and `--allow-destructive` run are
 * interleaved round by round; medians are reported with the machine's load average (the
 * machine is shared). No peer tool is measured: none that runs Arazzo-shaped scenarios is
 * installable here (Schemathesis is Python; the registry gives npm packages only).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const rounds = Number(arg('--rounds', '5'));
const out = resolve(ROOT, arg('--out', 'bench/results/runner.md'));

interface Mock {
  baseUrl: string;
  owner: { email: string; password: string; apiKey: string };
  stop(): void;
}

async function startMock(): Promise<Mock> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/stateful/start.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  await new Promise<void>((ok, fail) => {
    child.stdout!.on('data', (chunk) => {
      text += String(chunk);
      if (/owner\s+\S+\s+password\s+\S+\s+api key\s+\S+/.test(text)) ok();
    });
    child.on('exit', () => fail(new Error(`the mock exited: ${text}`)));
  });
  const baseUrl = /listening on (\S+)/.exec(text)![1];
  const m = /owner\s+(\S+)\s+password\s+(\S+)\s+api key\s+(\S+)/.exec(text)!;
  return {
    baseUrl,
    owner: { email: m[1], password: m[2], apiKey: m[3] },
    stop: () => child.kill('SIGTERM'),
  };
}

async function timedRun(
  extra: string[],
  seed: number,
): Promise<{ seconds: number; summary: string; code: number | null }> {
  const mock = await startMock();
  try {
    const started = performance.now();
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'contract-runner/cli.ts',
        '--base-url',
        mock.baseUrl,
        '--email',
        mock.owner.email,
        '--api-key',
        mock.owner.apiKey,
        '--password',
        mock.owner.password,
        '--seed',
        String(seed),
        ...extra,
      ],
      // The whole table (its coverage line) without progress lines: `--quiet` prints only the
      // verdict, CI=true only turns progress off.
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
    );
    const seconds = (performance.now() - started) / 1000;
    // The summary line and the coverage line (the table ends with coverage and links).
    const lines = run.stdout.trim().split('\n');
    const totals = (lines.find((l) => /^\d+ operations: /.test(l)) ?? '').replace(
      / · [0-9.]+ s against .*/,
      '',
    );
    const covered = lines.find((l) => l.startsWith('coverage ')) ?? '';
    const summary = [totals, covered].filter(Boolean).join(' · ');
    return { seconds, summary, code: run.status };
  } finally {
    mock.stop();
  }
}

const variants = [
  { name: 'default run', args: [] as string[] },
  { name: '--allow-destructive', args: ['--allow-destructive'] },
];
const times = new Map<string, number[]>(variants.map((v) => [v.name, []]));
const summaries = new Map<string, string>();
const loads: string[] = [];
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? variants : [...variants].reverse();
  for (const v of order) {
    const load = loadavg()[0].toFixed(2);
    const r = await timedRun(v.args, 1000 + round);
    if (r.code !== 0) throw new Error(`${v.name}: exit ${r.code}: ${r.summary}`);
    times.get(v.name)!.push(r.seconds);
    summaries.set(v.name, r.summary);
    loads.push(load);
    console.log(
      `round ${round + 1} ${v.name}: ${r.seconds.toFixed(2)} s (load ${load}) ${r.summary}`,
    );
  }
}

const lines = [
  '# Contract runner: wall time of a full run against the stateful mock',
  '',
  `Command: \`npm run bench -- runner\` (\`node --import tsx bench/runner.ts --rounds ${rounds}\`), ${new Date().toISOString().slice(0, 10)}.`,
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, shared; 1-minute load average before each run: ${loads.join(', ')}.`,
  '',
  'Each run: a fresh `npm run mock:stateful` process, then `npm run contract` as a fresh process',
  '(`--email/--api-key/--password` of the seeded owner, default `--max-examples 5`, a seed per round),',
  'timed from process start to exit. Target: ≤ 15 s for the default run.',
  '',
  '| run | median | min | max | runs | result of the last run |',
  '|---|---|---|---|---|---|',
  ...variants.map((v) => {
    const t = times.get(v.name)!;
    return `| ${v.name} | ${median(t).toFixed(2)} s | ${Math.min(...t).toFixed(2)} s | ${Math.max(...t).toFixed(2)} s | ${t.map((x) => x.toFixed(2)).join(', ')} | ${summaries.get(v.name)} |`;
  }),
  '',
  'No peer tool is measured: none that runs Arazzo-shaped scenarios installs from the npm registry',
  '(Schemathesis is Python). Each figure includes starting Node with tsx and loading the contract,',
  'the generated validators and client, and the scenarios.',
  '',
];
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, lines.join('\n'));
console.log(`wrote ${out}`);
