/**
 * Plain Prism (pinned @stoplight/prism-cli 5.14.2, the `prism mock` CLI server) as a child
 * process on a free port: started, waited for, stopped. The mock no longer uses it (Prism's
^ * engine runs inside the front, mock/prism/prism-engine.ts); bench/mock.ts does, as the peer the front is
 * measured against. Run with node directly (not through the `.bin` shell shim) so the process
 * we signal, and whose CPU the benchmark reads, is Prism itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

export interface PrismProcess {
  url: string;
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

export interface PrismOptions {
  document: string;
  dynamic?: boolean;
  /** seed of dynamic examples, for reproducible runs */
  seed?: string;
  startTimeoutMs?: number;
}

/** A port nobody listens on right now (Prism takes no port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function prismCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
}

export async function startPrism(options: PrismOptions): Promise<PrismProcess> {
  let lastError: unknown;
  // The free port can be taken between the probe and Prism's listen: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    try {
      return await startPrismOn(port, options);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function startPrismOn(port: number, options: PrismOptions): Promise<PrismProcess> {
  const args = [
    prismCli(),
    'mock',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--cors',
    'false',
    '--verboseLevel',
    'error',
  ];
  if (options.dynamic) args.push('--dynamic');
  if (options.seed) args.push('--seed', options.seed);
  args.push(options.document);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilListening(child, url, options.startTimeoutMs ?? 30_000, () => output);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, port, pid: child.pid, stop: () => stopChild(child) };
}

async function waitUntilListening(
  child: ChildProcess,
  url: string,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `Prism exited (${child.exitCode ?? child.signalCode}) before listening:\n${output()}`,
      );
    }
    try {
      // Any HTTP answer (Prism says 404 for `/`) means it is up.
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`Prism did not listen on ${url} within ${timeoutMs} ms:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
