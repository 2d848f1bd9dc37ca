/**
 * The node:http face of the request pipeline (runtime/pipeline.ts): an `Incoming` read straight
 * from an IncomingMessage (no web `Request` is built: a Request and a Response cost about 34 µs
 * of CPU per request on Node 20 here, more than half of what the stateful mock spends on a whole
 * request), and an `Answer` written back in one writeHead and one end(). Also the
 * small node helpers other servers reuse: a bounded body read, a JSON answer, the split URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer } from './pipeline-answers.js';
import type { BodyRead, Incoming } from './pipeline.js';

export type { BodyRead } from './pipeline.js';
export { parseBasicAuth, type Credentials } from './pipeline-auth.js';

const TOO_LARGE: BodyRead = Object.freeze({ ok: false, reason: 'too-large' });
const NO_BODY: BodyRead = Object.freeze({ ok: true, bytes: undefined });

/**
 * Marks a listener that answers `Expect: 100-continue` itself (its reads go through `readBody`
 * with the response): `createHttpServer` then hands such requests to it as they are, instead of
 * letting node send `100 Continue` before any listener runs.
 */
export const WRITES_CONTINUE = Symbol.for('tms.writesContinue');

export function markWritesContinue<T extends object>(listener: T): T {
  return Object.assign(listener, { [WRITES_CONTINUE]: true });
}

/**
 * Set on a request by `createHttpServer` when it handed the `100 Continue` to the listener; a
 * listener under node's own server (which sent it already) never sends a second one.
 */
export const CONTINUE_PENDING = Symbol.for('tms.continuePending');

type MaybePending = IncomingMessage & { [CONTINUE_PENDING]?: boolean };

/** Sends the `100 Continue` the client waits for, if it waits for one from us. */
function sendContinue(req: MaybePending, res: ServerResponse | undefined): void {
  if (!res || req[CONTINUE_PENDING] !== true || res.headersSent) return;
  req[CONTINUE_PENDING] = false;
  res.writeContinue();
}

/**
 * Reads the whole request body, giving up as soon as it passes `maxBytes` (a declared
 * Content-Length over the limit is refused before reading anything) or when it has not all
 * arrived within `timeoutMs` (a client that stops half-way is cut off, not waited for). The
 * rest of an oversized body is drained, not buffered, so the 413 answer still reaches the
 * client. Without a body (or when refused up front) the answer is immediate, not a promise:
 * most requests are GETs, and a caller that awaits only promises skips a turn of the event
 * loop for them. With `res`, a request that asked `Expect: 100-continue` is told to go on only
 * here, once its declared length is within the limit: an oversized upload is refused before
 * the client sends a byte of it, instead of racing it.
 */
export function readBody(
  req: IncomingMessage,
  maxBytes: number,
  timeoutMs?: number,
  res?: ServerResponse,
): BodyRead | Promise<BodyRead> {
  const length = req.headers['content-length'];
  const declared = Number(length);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return TOO_LARGE;
  }
  sendContinue(req, res);
  const hasBody =
    (length !== undefined && declared !== 0) || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || req.readableEnded) {
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
      if (timer !== undefined) clearTimeout(timer);
      resolve(result);
    };
    const timer =
      timeoutMs !== undefined && timeoutMs > 0
        ? setTimeout(() => {
            chunks.length = 0;
            finish({ ok: false, reason: 'timeout' });
          }, timeoutMs)
        : undefined;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        finish(TOO_LARGE);
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

/** The pipeline's view of a node request. A class: its methods are shared, not closures per request. */
export class NodeIncoming implements Incoming<IncomingMessage> {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: IncomingMessage['headers'];
  /** `res`: where a `100 Continue` goes, for a request that waits for one (readBody) */
  constructor(
    readonly raw: IncomingMessage,
    readonly res?: ServerResponse,
  ) {
    this.method = raw.method ?? 'GET';
    this.headers = raw.headers;
    const { path, query } = splitUrl(raw);
    this.path = path;
    this.query = query;
  }
  header(name: string): string | undefined {
    const value = this.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  authorizationCount(): number {
    // node keeps the first Authorization in `headers` and drops repeats; rawHeaders has them all.
    const raw = this.raw.rawHeaders;
    let count = 0;
    for (let i = 0; i < raw.length; i += 2)
      if (raw[i].length === 13 && raw[i].toLowerCase() === 'authorization') count++;
    return count;
  }
  readBody(maxBytes: number, timeoutMs: number): BodyRead | Promise<BodyRead> {
    return readBody(this.raw, maxBytes, timeoutMs, this.res);
  }
}

/** Writes a pipeline answer; the rest of an unread body is drained so keep-alive still works. */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  if (!req.readableEnded && req.readableFlowing !== true) req.resume();
  if (answer.text !== undefined) {
    if (res.headersSent || res.writableEnded) return;
    const bytes = Buffer.from(answer.text, 'utf8');
    res.writeHead(answer.status, {
      ...answer.headers,
      'content-length': String(bytes.byteLength),
    });
    res.end(bytes);
    return;
  }
  if (answer.status === 204 || answer.body === undefined) {
    if (res.headersSent || res.writableEnded) return;
    res.writeHead(answer.status, answer.headers);
    res.end();
    return;
  }
  sendJson(res, answer.status, answer.body, answer.headers, answer.contentType);
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
