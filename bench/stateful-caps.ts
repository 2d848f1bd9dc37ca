/**
 * What the stateful mock's caps (mock/stateful/caps.ts) bound, in memory: one user saves 3,000
 * snippets with title and content at the longest string the mock accepts (issue 27 item 7: this
 * took +130 MB), over HTTP through the generated client, with the caps (100 stored, the rest
 * refused) and with that one cap lifted (the mock as it was), each in a process of its own. The heap is
 * measured after a full GC before and after; runs interleaved, the load noted.
 *
 *   node --import tsx bench/stateful-caps.ts [--attempts 3000] [--rounds 2] [--out bench/results/stateful-caps.md]
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createApiClient } from '../generated/client.js';
import { CAPS } from '../mock/stateful/caps.js';
import { createStatefulMock, MAX_STORED_STRING_LENGTH } from '../mock/stateful/index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const { values } = parseArgs({
  options: {
    attempts: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '2' },
    out: { type: 'string', default: 'bench/results/stateful-caps.md' },
    /** internal: measure one mode in this process and print it as JSON */
    one: { type: 'string' },
  },
});
const attempts = Number(values.attempts);
const rounds = Number(values.rounds);

interface Run {
  mode: 'capped' | 'cap lifted';
  stored: number;
  refused: number;
  heapMb: number;
  seconds: number;
}

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

async function once(mode: Run['mode']): Promise<Run> {
  const caps = CAPS as { savedSnippetsPerUser: number };
  const cap = caps.savedSnippetsPerUser;
  if (mode === 'cap lifted') caps.savedSnippetsPerUser = Number.POSITIVE_INFINITY;
  const mock = createStatefulMock({ logger: { error: () => {} } });
  const server = createServer(mock.listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const maya = mock.credentials.find((c) => c.email === 'maya@example.com')!;
    const api = createApiClient({
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      email: maya.email,
      apiKey: maya.apiKey,
      onNotice: () => {},
      onIgnoredParameters: () => {},
    });
    const text = (i: number) => `${i} `.padEnd(MAX_STORED_STRING_LENGTH, 'x');
    const before = heap();
    const t0 = performance.now();
    let refused = 0;
    for (let i = 0; i < attempts; i++) {
      const r = await api.createSavedSnippet({ title: text(i), content: text(i) });
      if (r.error) refused++;
    }
    const seconds = (performance.now() - t0) / 1000;
    const after = heap();
    return {
      mode,
      stored: attempts - refused,
      refused,
      heapMb: (after - before) / 1024 / 1024,
      seconds,
    };
  } finally {
    caps.savedSnippetsPerUser = cap;
    await new Promise<void>((r) => server.close(() => r()));
  }
}

/** One mode in a fresh process: nothing of an earlier run is left on its heap. */
function inChild(mode: Run['mode']): Run {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/stateful-caps.ts', '--attempts', String(attempts), '--one', mode],
    { encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`the ${mode} run failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as Run;
}

if (values.one) {
  console.log(JSON.stringify(await once(values.one as Run['mode'])));
  process.exit(0);
}

const load = loadavg().map((l) => l.toFixed(1));
const runs: Run[] = [];
for (let round = 0; round < rounds; round++)
  for (const mode of ['capped', 'cap lifted'] as const) {
    const run = inChild(mode);
    runs.push(run);
    console.log(
      `${mode}: ${run.stored} stored, ${run.refused} refused, heap +${run.heapMb.toFixed(1)} MB, ${run.seconds.toFixed(1)} s`,
    );
  }
const loadAfter = loadavg().map((l) => l.toFixed(1));

const table = [
  '| round | mock | snippets stored | refused (400 BAD_REQUEST) | heap growth after GC | time |',
  '|---:|---|---:|---:|---:|---:|',
  ...runs.map(
    (r, i) =>
      `| ${Math.floor(i / 2) + 1} | ${r.mode} | ${r.stored.toLocaleString('en-US')} | ${r.refused.toLocaleString('en-US')} | +${r.heapMb.toFixed(1)} MB | ${r.seconds.toFixed(1)} s |`,
  ),
];
writeFileSync(
  values.out,
  `# Stateful mock: what the per-user caps bound

\`node --import tsx bench/stateful-caps.ts\` (${new Date().toISOString().slice(0, 10)}). One user
saves ${attempts.toLocaleString('en-US')} snippets, title and content each ${MAX_STORED_STRING_LENGTH.toLocaleString('en-US')} characters (the
longest string the mock stores), one request at a time over loopback through the generated
client; heap measured after a full GC before and after, each run in a process of its own.
"cap lifted" is the same mock with \`savedSnippetsPerUser\` set to infinity (the mock before the
caps). The seed already holds one snippet of hers, so 99 more fit under the cap. Rounds
interleaved. Load average (1/5/15 min) before: ${load.join(' / ')}; after: ${loadAfter.join(' / ')} (2 cores, shared).

${table.join('\n')}

With the cap (${CAPS.savedSnippetsPerUser} per user) the heap grows by what 100 snippets hold,
whatever a client sends; without it, by every snippet sent. The other caps bound the other
collections the same way (the mock package's README, "Limits").
`,
);
console.log(`wrote ${values.out}`);
