/**
 * The node:http plumbing of the request listener: reading a bounded body, parsing Basic
 * credentials, writing a JSON answer. Nothing here knows the API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type BodyRead =
  { ok: true; bytes: Uint8Array | undefined } | { ok: false; reason: 'too-large' | 'aborted' };

const TOO_LARGE: BodyRead = Object.freeze({ ok: false, reason: 'too-large' });
const NO_BODY: BodyRead = Object.freeze({ ok: true, bytes: undefined });

/**
 * Reads the whole request body, giving up as soon as it passes `maxBytes` (a declared
 * Content-Length over the limit is refused before reading anything). The rest of an oversized
 * body is drained, not buffered, so the 413 answer still reaches the client. Without a body (or
 * when refused up front) the answer is immediate, not a promise: most requests are GETs, and a
 * caller that awaits only promises skips a turn of the event loop for them.
 */
export function readBody(req: IncomingMessage, maxBytes: number): BodyRead | Promise<BodyRead> {
  const length = req.headers['content-length'];
  const declared = Number(length);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return TOO_LARGE;
  }
  const hasBody =
    (length !== undefined && declared !== 0) || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) {
    req.resume();
    return NO_BODY;
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyRead) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () =>
      finish({ ok: true, bytes: size === 0 ? undefined : Buffer.concat(chunks) }),
    );
    req.on('error', () => finish({ ok: false, reason: 'aborted' }));
    req.on('aborted', () => finish({ ok: false, reason: 'aborted' }));
  });
}

export interface Credentials {
  /** the Basic username: the user's (or bot's) email address */
  email: string;
  /** the Basic password: the API key */
  apiKey: string;
}

/**
 * Basic credentials from the Authorization header; `undefined` when absent, `null` when
 * malformed. Parsed on every request, on purpose: a library that servers embed keeps no
 * process-wide table of API keys (a base64 decode costs about a microsecond).
 */
export function parseBasicAuth(header: string | undefined): Credentials | null | undefined {
  if (header === undefined || header === '') return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return null;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  return { email: text.slice(0, colon), apiKey: text.slice(colon + 1) };
}

/**
 * Writes `body` as JSON; never throws (a response already sent is left alone). One writeHead
 * with every header and one end(): the status line, headers and body leave in one write.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
  contentType = 'application/json',
): void {
  if (res.headersSent || res.writableEnded) return;
  const text = JSON.stringify(body);
  const length = String(Buffer.byteLength(text));
  if (headers === undefined)
    res.writeHead(status, { 'content-type': contentType, 'content-length': length });
  else
    res.writeHead(status, {
      ...headers,
      'content-type': contentType,
      'content-length': length,
    });
  res.end(text);
}

/** The path and raw query of a request; under Express, `originalUrl` keeps a mount prefix that `url` lost. */
export function splitUrl(req: IncomingMessage): { path: string; query: string } {
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
}
