/**
 * `tms-gen preview`: the reference of a contract served on a local port, regenerated when one of
 * the contract's files changes (the document and the files its `$ref`s reach), and the open
 * pages reloaded once the new files are written (each HTML page gets a small script listening
 * to `/__preview/events`, server-sent events). It drives the generate run from outside
 * (`runGenerate`, docs only) and the contract watch of `generate --watch` (run/watch.ts); the
 * run itself knows nothing of previews.
 */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { runGenerate } from '../run/index.js';
import { printRun } from '../run/report.js';
import { stampFiles, watchContract } from '../run/watch.js';
import { parseListenArgs } from './server-options.js';
import { DEFAULT_CONTRACT, listenProblem, usageLine } from '../common/usage.js';

/** Its own default port: the mock takes 4010 and the proxy 4020, so all three can run at once. */
const DEFAULT_PORT = 4030;

const HELP = `tms-gen preview — the reference of a contract, served and reloaded as you edit

Usage: tms-gen preview [--contract api.yaml] [options]

  --contract <file>   the contract's root document (default: ${DEFAULT_CONTRACT})
  --port <n>          port (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <addr>       address to listen on (default 127.0.0.1)
  --docs <dir>        where the reference is written (default: a temporary folder)
  --lenient           tms-gen's own rules become warnings (as for generate)
  --quiet             say only what goes wrong
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

/** preview's own options, beside those of every listening command (server-options.ts). */
const OPTIONS = {
  docs: { type: 'string' },
  lenient: { type: 'boolean' },
} as const;

export async function runPreview(argv: string[]): Promise<number> {
  const parsed = parseListenArgs(argv, OPTIONS, {
    port: DEFAULT_PORT,
    contract: DEFAULT_CONTRACT,
  });
  if (parsed === 'help') {
    console.log(HELP);
    return 0;
  }
  if (typeof parsed === 'string') {
    console.error(usageLine('preview', parsed));
    return 2;
  }
  const { listen, values } = parsed;
  const { contract } = listen;
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
  const before = stampFiles([contract]);
  const first = await generate();
  printRun(first);
  if (first.exitCode !== 0) return 1;
  const clients = new Set<ServerResponse>();
  const server = createServer((req, res) => serve(req, res, docs, clients));
  const failed = await new Promise<unknown>((done) => {
    server.once('error', done);
    server.listen(listen.port, listen.host, () => done(undefined));
  });
  if (failed !== undefined) {
    if (temporary) rmSync(docs, { recursive: true, force: true });
    const problem = listenProblem(failed, listen.port);
    if (problem === undefined) throw failed;
    console.error(`tms-gen preview: ${problem}`);
    return 1;
  }
  const { port: bound } = server.address() as AddressInfo;
  console.log(
    `preview of ${values.contract ?? DEFAULT_CONTRACT}: http://${listen.host}:${bound}/ (Ctrl-C stops)`,
  );
  const watcher = watchContract({
    contract,
    before,
    first,
    run: generate,
    finished: (result, ms) => {
      if (result.exitCode === 0)
        for (const client of clients) client.write('event: regenerated\ndata: \n\n');
      printRun(result);
      if (result.exitCode === 0 && !listen.quiet)
        console.error(`regenerated in ${Math.round(ms)} ms; pages reloaded`);
    },
  });
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  watcher.stop();
  for (const client of clients) client.end();
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  if (temporary) rmSync(docs, { recursive: true, force: true });
  return 0;
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
