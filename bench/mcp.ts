/**
 * `npm run bench -- mcp`: the generated MCP server on Stripe's and GitHub's documents. For each:
 * generating only what the server needs (`--only mcp,runtime`: types, operations, client, the
 * tool table and the runtime), the tool table's size, then the server started over stdio by the
 * official SDK's client until `tools/list` answers (3 rounds each, interleaved): compact (the
 * default above 100 operations), and one tool per operation with every operation allowed; and
 * whether every tool's input schema compiles as JSON Schema 2020-12. Writes
 * bench/results/mcp.md with the machine's load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { median } from './lib/stats.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TMP = join(ROOT, 'bench', '.tmp', 'mcp');
const SHARED = resolve(ROOT, process.env.TMS_SHARED ?? '../shared');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DOCUMENTS = [
  { name: 'stripe', file: join(SHARED, 'specs', 'big', 'stripe-spec3.json') },
  { name: 'github', file: join(SHARED, 'specs', 'big', 'github-api.github.com.json') },
];
const MODES = [
  { label: 'compact, reads only (default)', args: [] as string[] },
  {
    label: 'one tool per operation, all allowed',
    args: ['--no-compact', '--allow-writes', '--allow-destructive'],
  },
];

interface Listing {
  ms: number;
  tools: number;
  bytes: number;
  inputSchemas?: { compiled: number; failed: string[] };
}

function generate(file: string, out: string): { s: number; rssMb?: number } {
  const time = existsSync('/usr/bin/time');
  const args = [
    'bin/tms-gen.js',
    '--quiet',
    '--no-cache',
    '--contract',
    file,
    '--out',
    out,
    '--only',
    'mcp,runtime',
  ];
  const started = performance.now();
  const r = time
    ? spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], {
        cwd: ROOT,
        encoding: 'utf8',
      })
    : spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`generate ${file} failed: ${r.stderr}`);
  const rss = time ? Number(r.stderr.trim().split('\n').at(-1)) / 1024 : undefined;
  return { s: (performance.now() - started) / 1000, rssMb: rss };
}

async function listing(server: string, args: string[], check: boolean): Promise<Listing> {
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [server, ...args],
    env: {
      PATH: process.env.PATH ?? '',
      STRIPE_BASE_URL: 'http://127.0.0.1:9',
      GITHUB_OFFICIAL_BASE_URL: 'http://127.0.0.1:9',
    },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  const ms = performance.now() - started;
  await client.close();
  const result: Listing = { ms, tools: tools.length, bytes: JSON.stringify(tools).length };
  if (check) {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const failed: string[] = [];
    for (const t of tools) {
      try {
        ajv.compile(t.inputSchema);
      } catch (error) {
        failed.push(`${t.name}: ${(error as Error).message.slice(0, 120)}`);
      }
    }
    result.inputSchemas = { compiled: tools.length - failed.length, failed };
  }
  return result;
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  for (const d of DOCUMENTS)
    if (!existsSync(d.file)) throw new Error(`${d.file} is missing (set TMS_SHARED)`);
  mkdirSync(TMP, { recursive: true });
  const load = [loadavg()[0]];
  const lines: string[] = [];
  const generated = DOCUMENTS.map((d) => {
    const out = join(TMP, d.name);
    console.log(`generating ${d.name} (--only mcp,runtime)`);
    return { ...d, out, gen: generate(d.file, out) };
  });
  const times = new Map<string, number[]>();
  const last = new Map<string, Listing>();
  for (let round = 0; round < ROUNDS; round++)
    for (const d of generated)
      for (const [i, mode] of MODES.entries()) {
        const key = `${d.name}\0${i}`;
        const l = await listing(join(d.out, 'mcp-server.js'), mode.args, round === 0 && i === 1);
        times.set(key, [...(times.get(key) ?? []), l.ms]);
        if (round === 0 || !last.has(key)) last.set(key, l);
        else last.set(key, { ...l, inputSchemas: last.get(key)!.inputSchemas });
        console.log(`${d.name} ${mode.label}: ${l.tools} tools in ${l.ms.toFixed(0)} ms`);
      }
  load.push(loadavg()[0]);
  lines.push(
    '# The generated MCP server on big documents',
    '',
    `Command: \`npm run bench -- mcp\` (${ROUNDS} interleaved rounds; ${cpus().length} cores; load average ${load[0].toFixed(2)} → ${load[1].toFixed(2)}).`,
    'Generation: `tms-gen --only mcp,runtime` (types, operations, client, tool table, runtime), one run.',
    'Start: a Node process for `mcp-server.js` spawned by the SDK client over stdio, `initialize`, then every page of `tools/list` answered.',
    '',
    '| document | generate (wall / peak RSS) | mcp-tools.json | mode | tools | tools/list JSON | start to tools/list, median (rounds) | input schemas compiled (2020-12) |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const d of generated)
    for (const [i, mode] of MODES.entries()) {
      const key = `${d.name}\0${i}`;
      const l = last.get(key)!;
      const ms = times.get(key)!;
      const schemas = l.inputSchemas
        ? `${l.inputSchemas.compiled}/${l.tools}${l.inputSchemas.failed.length ? ` (failed: ${l.inputSchemas.failed.slice(0, 3).join('; ')})` : ''}`
        : '';
      lines.push(
        `| ${d.name} | ${d.gen.s.toFixed(1)} s / ${d.gen.rssMb?.toFixed(0) ?? '?'} MB | ${kb(statSync(join(d.out, 'mcp-tools.json')).size)} | ${mode.label} | ${l.tools} | ${kb(l.bytes)} | ${median(ms).toFixed(0)} ms (${ms.map((m) => m.toFixed(0)).join(', ')}) | ${schemas} |`,
      );
    }
  lines.push(
    '',
    "Compact mode keeps an agent's context small on these documents: three tools whose listing is about",
    '2 KB, the operations read through `list_operations` and `describe_operation` on demand. One tool',
    "per operation, most of the time to list them is the client's: the SDK's client compiles every",
    "result schema it is given (each tool's result schema is left out above 32 KB for that reason).",
    '',
  );
  writeFileSync(join(ROOT, 'bench', 'results', 'mcp.md'), lines.join('\n'));
  console.log(readFileSync(join(ROOT, 'bench', 'results', 'mcp.md'), 'utf8'));
}

await main();
