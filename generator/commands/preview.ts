/**
 * `tms-gen preview`: the reference of a contract served on a local port, regenerated when a file
 * of the contract's folder changes, and the open pages reloaded once the new files are written
 * (each HTML page gets a small script listening to `/__preview/events`, server-sent events). It
 * drives the generate run from outside (`runGenerate`, docs only) and the folder watch of
 * `--watch`; the run itself knows nothing of previews.
 */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { runGenerate } from '../run/index.js';
import { folderStamp, watchFolder } from '../run/watch.js';
import { listenProblem, missingContract, usageLine } from './usage.js';

const HELP = `tms-gen preview — the reference of a contract, served and reloaded as you edit

Usage: tms-gen preview [--contract api.yaml] [options]

  --contract <file>   the contract's root document (default: openapi/openapi.yaml)
  --port <n>          port (default 4020; 0 picks a free one)
  --docs <dir>        where the reference is written (default: a temporary folder)
  --lenient           tms-gen's own rules become warnings (as for generate)
  --help              this text

Exit codes: 0 stopped · 1 the contract is invalid at the start · 2 usage error`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** Appended to every HTML page: reload when the server says the reference was regenerated. */
const RELOAD = `<script>new EventSource('/__preview/events').addEventListener('regenerated',()=>location.reload())</script>`;

export async function runPreview(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        contract: { type: 'string' },
        port: { type: 'string' },
        docs: { type: 'string' },
        lenient: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const port = Number(values.port ?? '4020');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return usage('--port needs a whole number from 0 to 65535');
  const contract = values.contract ?? 'openapi/openapi.yaml';
  const missing = missingContract('preview', contract);
  if (missing) {
    console.error(missing);
    return 2;
  }
  const temporary = values.docs === undefined;
  const docs = values.docs ?? mkdtempSync(join(tmpdir(), 'tms-preview-'));
  const generate = () =>
    runGenerate({
      command: 'generate',
      contract,
      out: join(docs, '.code'),
      docs,
      only: ['docs'],
      check: false,
      watch: false,
      quiet: true,
      ...(values.lenient ? { lenient: true } : {}),
    });
  const root = dirname(resolve(contract));
  const stampBefore = folderStamp(root);
  const first = await generate();
  first.lines.forEach((line) => console.error(line));
  if (first.exitCode !== 0) return 1;
  const clients = new Set<ServerResponse>();
  const server = createServer((req, res) => serve(req, res, docs, clients));
  const failed = await new Promise<unknown>((done) => {
    server.once('error', done);
    server.listen(port, '127.0.0.1', () => done(undefined));
  });
  if (failed !== undefined) {
    if (temporary) rmSync(docs, { recursive: true, force: true });
    const problem = listenProblem(failed, port);
    if (problem === undefined) throw failed;
    console.error(`tms-gen preview: ${problem}`);
    return 1;
  }
  const { port: bound } = server.address() as AddressInfo;
  console.log(`preview of ${contract}: http://127.0.0.1:${bound}/ (Ctrl-C stops)`);
  const changed = regenerateOnChange(root, stampBefore, generate, clients);
  const stopWatching = watchFolder(root, changed);
  // an edit made while the first run went on: it saw the old text
  changed();
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  stopWatching();
  for (const client of clients) client.end();
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  if (temporary) rmSync(docs, { recursive: true, force: true });
  return 0;
}

function usage(message: string): number {
  console.error(usageLine('preview', message));
  return 2;
}

/**
 * Editors save in several writes a few milliseconds apart (truncate then write, or write then
 * rename), each an event: one regeneration per burst, after it has settled. Kept short, since
 * it adds to every edit's time to the reloaded page.
 */
const SETTLE_MS = 25;

/**
 * One regeneration at a time, only when the folder's files differ from what the last one read
 * (an event arriving after its write was already read regenerates nothing); an edit made during
 * one starts another after it.
 */
function regenerateOnChange(
  root: string,
  stampBefore: string,
  generate: () => Promise<{ exitCode: number; lines: string[] }>,
  clients: Set<ServerResponse>,
): () => void {
  let running = false;
  let again = false;
  let read = stampBefore;
  let timer: NodeJS.Timeout | undefined;
  const go = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    const stamp = folderStamp(root);
    if (stamp === read) return;
    read = stamp;
    running = true;
    const started = performance.now();
    const result = await generate();
    running = false;
    if (result.exitCode === 0) {
      for (const client of clients) client.write('event: regenerated\ndata: \n\n');
      console.error(`regenerated in ${Math.round(performance.now() - started)} ms; pages reloaded`);
    } else result.lines.forEach((line) => console.error(line));
    if (again) {
      again = false;
      await go();
    }
  };
  return () => {
    clearTimeout(timer);
    timer = setTimeout(() => void go(), SETTLE_MS);
  };
}

function serve(
  req: IncomingMessage,
  res: ServerResponse,
  docs: string,
  clients: Set<ServerResponse>,
): void {
  const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
  if (path === '/__preview/events') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    res.write(': connected\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
    return;
  }
  const root = resolve(docs);
  let file = normalize(join(root, path));
  // Only files of the reference are served, never a path climbing out of it.
  if (file !== root && !file.startsWith(root + sep)) return notFound(res);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file) || file.includes(`${sep}.code${sep}`)) return notFound(res);
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  if (extname(file) === '.html') res.end(readFileSync(file, 'utf8') + RELOAD);
  else createReadStream(file).pipe(res);
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('not found');
}
