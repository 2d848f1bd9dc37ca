/**
 * The thin `node:http` front before Prism. Prism does the mocking; the front does what Prism
 * gets wrong on this API's wire (see generator/emit/prism.ts for the document Prism is fed):
 *
 * - routes `/api/v1/...` (Prism ignores the servers' base path) with the runtime's router;
 * - enforces Basic auth except where the operation's auth is `none` (or `optional` and no
 *   credentials were sent). The mock accepts any email address and API key: it only checks that
 *   both are there;
 * - decodes urlencoded and multipart bodies, JSON-encoded fields and `content:` query parameters
 *   with the shared wire model (runtime/wire.ts), accepting PATCH and DELETE parameters in the
 *   query string as well as in a body, and validates the result with the generated validators;
 * - answers an invalid request with 400 `{"result":"error","msg":...,"code":"BAD_REQUEST"}`;
 * - re-encodes a valid request canonically (one urlencoded body) with the same wire model,
 *   completes `Prefer: example=<name>` with the status of that example, forwards it to Prism and
 *   relays the answer; a Prism problem+json (422, 404 of an unknown example...) becomes the
 *   API's error envelope. Every upstream call has a timeout; nothing bad input does gives a 500.
 */
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { OperationInfo } from '../../runtime/operation-info.js';
import { LISTENER_ERROR_CODES as C, type Validators } from '../../runtime/server.js';
import { parseBasicAuth, readBody, sendJson, splitUrl } from '../../runtime/server-http.js';
import { createRouter } from '../../runtime/server-router.js';
import { decodeRequest, encodeRequest, type DecodeError } from '../../runtime/wire.js';
import { resolvePrefer } from './prefer.js';

export interface FrontOptions {
  /** where Prism listens, e.g. `http://127.0.0.1:43123` */
  prismUrl: string;
  operations: Record<string, OperationInfo>;
  /** prefix of every route, the operation table's `basePath` (`/api/v1`) */
  basePath: string;
  /** operationId → example name → status (`x-mock-examples` of the Prism document) */
  exampleStatuses: Record<string, Record<string, number>>;
  /** request validation of the generated validators; absent: the wire model's decoding only */
  validateRequest?: Validators['validateRequest'];
  /** upstream (Prism) timeout, default 10 s */
  upstreamTimeoutMs?: number;
  /** largest accepted request body, default 1 MiB */
  maxBodyBytes?: number;
}

const errorEnvelope = (code: string, msg: string) => ({ result: 'error', msg, code });

/** The front's request listener; `createMockFront` wraps it in a server with sane timeouts. */
export function createFrontListener(options: FrontOptions): { listener: (req: IncomingMessage, res: ServerResponse) => Promise<void>; close(): void } {
  const router = createRouter(Object.values(options.operations), options.basePath);
  // Keep-alive sockets to Prism, enough for every concurrent client; reused newest first so the
  // pool stays small and warm under light load.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, scheduling: 'lifo' });
  const upstreamOrigin = new URL(options.prismUrl);
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;

  async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      // Browsers call the mock from front-end dev servers: allow any origin, answer preflights here.
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        req.resume();
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
          'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? 'authorization, content-type, prefer'),
          'access-control-max-age': '600',
        });
        return void res.end();
      }
      const { path, query } = splitUrl(req);
      const route = router.match(req.method ?? 'GET', path);
      if (route.kind === 'outside' || route.kind === 'no-path') {
        req.resume();
        return sendJson(res, 404, errorEnvelope(C.notFound, `No such endpoint: ${path} (the mock serves ${options.basePath}/...)`));
      }
      if (route.kind === 'no-method') {
        req.resume();
        return sendJson(res, 405, errorEnvelope(C.methodNotAllowed, `Method ${req.method} is not allowed on ${path}; allowed: ${route.allowed.join(', ')}`), { allow: route.allowed.join(', ') });
      }
      const op = route.operation;

      if (op.auth !== 'none') {
        const credentials = parseBasicAuth(req.headers.authorization);
        const missing = credentials === undefined && op.auth === 'required';
        const invalid = credentials === null || (credentials !== undefined && (credentials.email === '' || credentials.apiKey === ''));
        if (missing || invalid) {
          req.resume();
          const msg = missing
            ? 'Authentication required: HTTP Basic with your email address and API key (the mock accepts any).'
            : 'Invalid credentials: HTTP Basic needs an email address and a non-empty API key.';
          return sendJson(res, 401, errorEnvelope(C.unauthorized, msg), { 'www-authenticate': 'Basic realm="api"' });
        }
      }

      const read = await readBody(req, maxBodyBytes);
      if (!read.ok) {
        if (read.reason === 'aborted') return;
        return sendJson(res, 413, errorEnvelope(C.tooLarge, `Request body larger than ${maxBodyBytes} bytes.`), { connection: 'close' });
      }
      const decoded = await decodeRequest(op, {
        pathParams: route.pathParams,
        query,
        contentType: req.headers['content-type'],
        body: read.bytes,
      }, { lenientLocation: op.method === 'PATCH' || op.method === 'DELETE' });
      if (!decoded.ok) {
        const what = decoded.errors.map((e: DecodeError) => `${e.field ? `'${e.field}'` : 'request'}${e.location ? ` (${e.location})` : ''}: ${e.message}`).join('; ');
        return sendJson(res, 400, errorEnvelope(C.badRequest, `Invalid request: ${what}`));
      }
      const value = decoded.value;
      if (options.validateRequest) {
        const checked = options.validateRequest(op.operationId, value);
        if (!checked.valid) {
          const shown = checked.errors.slice(0, 5).map((e) => `${e.pointer || '/'} ${e.message}`).join('; ');
          return sendJson(res, 400, errorEnvelope(C.badRequest, `Invalid request: ${shown}`));
        }
      }

      const prefer = resolvePrefer(req.headers.prefer, options.exampleStatuses[op.operationId] ?? {});
      if (!prefer.ok) return sendJson(res, 400, errorEnvelope(C.badRequest, prefer.message));

      const wire = encodeRequest(op, { path: value.path, query: value.query, body: value.body }, { mediaType: 'application/x-www-form-urlencoded' });
      const upstream = await forward({
        host: upstreamOrigin.hostname,
        port: upstreamOrigin.port,
        path: `${upstreamOrigin.pathname.replace(/\/$/, '')}${wire.path}${queryString(wire.query)}`,
        method: wire.method,
        headers: {
          accept: 'application/json',
          ...(prefer.prefer ? { prefer: prefer.prefer } : {}),
          ...(wire.body ? { 'content-type': wire.body.contentType } : {}),
        },
        body: wire.body ? (wire.body.bytes ?? Buffer.from(wire.body.text ?? '', 'utf8')) : undefined,
        agent,
        timeoutMs: upstreamTimeoutMs,
      });
      if (!upstream.ok) {
        return sendJson(res, upstream.timedOut ? 504 : 502, errorEnvelope(C.internal, `The mock could not get an answer from Prism: ${upstream.message}`));
      }
      relay(res, upstream, unknownNames(decoded.unknown));
    } catch (error) {
      // A bug of the front, never the client's fault: say so without internals.
      console.error(`mock front: ${req.method} ${req.url} failed: ${(error as Error)?.stack ?? String(error)}`);
      sendJson(res, 500, errorEnvelope(C.internal, 'Internal error of the mock front.'));
    }
  }

  return { listener, close: () => agent.destroy() };
}

/** A server running the front listener, with timeouts so a slow or silent client cannot hang it. */
export function createMockFront(options: FrontOptions): Server {
  const { listener, close } = createFrontListener(options);
  const server = createServer({ requestTimeout: 15_000, headersTimeout: 10_000 }, (req, res) => void listener(req, res));
  server.keepAliveTimeout = 5_000;
  server.on('close', close);
  return server;
}

function queryString(query: unknown): string {
  if (query === undefined || query === null || query === '') return '';
  const text = typeof query === 'string' ? query : new URLSearchParams(query as Record<string, string>).toString();
  if (text === '') return '';
  return text.startsWith('?') ? text : `?${text}`;
}

interface Upstream { ok: true; status: number; contentType: string; body: Buffer }
type UpstreamResult = Upstream | { ok: false; timedOut: boolean; message: string };

type UpstreamCall = { host: string; port: string; path: string; method: string; headers: Record<string, string>; body?: Uint8Array; agent: Agent; timeoutMs: number };

/**
 * One call to Prism. A kept-alive socket that Prism closed while idle fails at once with
 * ECONNRESET/EPIPE; that request never reached Prism, so it is retried once on a new socket
 * (the pattern Node's http docs give for `reusedSocket`).
 */
async function forward(call: UpstreamCall): Promise<UpstreamResult> {
  const first = await forwardOnce(call);
  if (!first.ok && 'retry' in first && first.retry) return forwardOnce(call);
  return first;
}

function forwardOnce(call: UpstreamCall): Promise<UpstreamResult & { retry?: boolean }> {
  return new Promise((resolve) => {
    const headers = { ...call.headers, ...(call.body ? { 'content-length': String(call.body.byteLength) } : {}) };
    // Host, port and path given apart: no URL to parse per request.
    const req = httpRequest({ host: call.host, port: call.port, path: call.path, method: call.method, headers, agent: call.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ ok: true, status: res.statusCode ?? 502, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
      res.on('error', (e) => resolve({ ok: false, timedOut: false, message: e.message }));
    });
    req.setTimeout(call.timeoutMs, () => {
      req.destroy();
      resolve({ ok: false, timedOut: true, message: `no answer within ${call.timeoutMs} ms` });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      const stale = req.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE');
      resolve({ ok: false, timedOut: false, message: e.message, retry: stale });
    });
    req.end(call.body);
  });
}

/**
 * Prism's answer to the client. A problem+json is Prism talking about the request (422 invalid,
 * 404 no such example or status, 406 ...), never the API: it becomes the API's envelope, 400
 * BAD_REQUEST for anything below 500. Parameters the operation does not have are reported in
 * `ignored_parameters_unsupported` of a success body, as the service does.
 */
function relay(res: ServerResponse, upstream: Upstream, ignored: string[]): void {
  if (/problem\+json/i.test(upstream.contentType) || upstream.status === 422) {
    let problem: { title?: string; detail?: string } = {};
    try {
      problem = JSON.parse(upstream.body.toString('utf8'));
    } catch {
      // not JSON after all: the status alone says enough
    }
    const what = [problem.title, problem.detail].filter(Boolean).join(': ') || `Prism answered ${upstream.status}`;
    if (upstream.status < 500) return sendJson(res, 400, errorEnvelope(C.badRequest, `Invalid request (mock): ${what}`));
    return sendJson(res, 502, errorEnvelope(C.internal, `The mock failed: ${what}`));
  }
  if (ignored.length > 0 && upstream.status >= 200 && upstream.status < 300 && /json/i.test(upstream.contentType)) {
    try {
      const body = JSON.parse(upstream.body.toString('utf8'));
      if (body && typeof body === 'object' && !Array.isArray(body) && body.result === 'success') {
        const already: unknown[] = Array.isArray(body.ignored_parameters_unsupported) ? body.ignored_parameters_unsupported : [];
        body.ignored_parameters_unsupported = [...new Set([...already, ...ignored])];
        return sendJson(res, upstream.status, body);
      }
    } catch {
      // relay as is below
    }
  }
  res.writeHead(upstream.status, {
    'content-type': upstream.contentType || 'application/json',
    'content-length': String(upstream.body.byteLength),
  });
  res.end(upstream.body);
}

/** The wire model's `unknown` as names (names or `{name}` entries). */
function unknownNames(unknown: unknown): string[] {
  if (!Array.isArray(unknown)) return [];
  return unknown.map((u) => (typeof u === 'string' ? u : String((u as { name?: unknown }).name ?? ''))).filter(Boolean);
}
