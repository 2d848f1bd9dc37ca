/**
 * Where the run sends its requests, and whether anything listens there. The README's form of
 * `--base-url` is the organization's root (`https://host`), the contract's server URL adds its
 * path (ours `{base_url}/api/v1`): both forms are accepted, the path is added where it is
 * missing (the model's `servers[0].basePath`), so probes never hit the root and report its
 * 404s as violations. A server that is not running is one usage line, not a FAIL per operation.
 */
import { connect } from 'node:net';
import type { ApiModel } from '../generator/model/types.js';

/** The URL requests are sent under: `given`, with the contract's server path added if missing. */
export function serverUrl(given: string, model: Pick<ApiModel, 'servers'>): string {
  const trimmed = given.replace(/\/+$/, '');
  const basePath = model.servers[0]?.basePath ?? '';
  if (basePath === '' || basePath === '/') return trimmed;
  const path = new URL(trimmed).pathname.replace(/\/+$/, '');
  return path.endsWith(basePath) ? trimmed : `${trimmed}${basePath}`;
}

/**
 * Undefined when a TCP connection to the URL's host and port opens within `timeoutMs`, else
 * why not (`ECONNREFUSED`, `ENOTFOUND`, ...). A connection that opens but whose server never
 * answers is left to the run: it is the server's fault, reported per request (`no-answer`).
 */
export function unreachable(url: string, timeoutMs: number): Promise<string | undefined> {
  const { hostname, port, protocol } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  const portNumber = Number(port || (protocol === 'https:' ? 443 : 80));
  return new Promise((done) => {
    const socket = connect({ host, port: portNumber });
    const finish = (why: string | undefined) => {
      socket.destroy();
      done(why);
    };
    // The kernel accepts for a busy server too: no connection in time means none is coming.
    socket.setTimeout(timeoutMs, () => finish(`no connection within ${timeoutMs} ms`));
    socket.once('connect', () => finish(undefined));
    socket.once('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
  });
}
