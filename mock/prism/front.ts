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
 *   completes `Prefer: example=<name>` with the status of that example and asks Prism's engine,
 *   running in this process (prism-engine.ts), for the answer; a problem Prism reports (404 of
 *   an unknown status...) becomes the API's error envelope. Nothing bad input does gives a 500.
 *
 * Prism used to run as a child process behind a second HTTP exchange; that hop cost the front
 * about a quarter of Prism's throughput (bench/results/mock.md), hence the in-process engine.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { OperationInfo } from '../../runtime/operation-info.js';
import { isJsonMediaType } from '../../runtime/media-type.js';
import { LISTENER_ERROR_CODES as C, type Validators } from '../../runtime/server.js';
import { parseBasicAuth, readBody, sendJson, splitUrl } from '../../runtime/server-http.js';
import { createRouter } from '../../runtime/server-router.js';
import {
  createFieldIndexes,
  decodeRequest,
  encodeRequest,
  type DecodeError,
  type DecodedRequest,
} from '../../runtime/wire.js';
import { resolvePrefer } from './prefer.js';
import type { EngineAnswer, PrismEngine } from './prism-engine.js';

export interface FrontOptions {
  /** Prism's mocking engine (prism-engine.ts) */
  engine: PrismEngine;
  operations: Record<string, OperationInfo>;
  /** prefix of every route, the operation table's `basePath` (`/api/v1`) */
  basePath: string;
  /** operationId → example name → status (`x-mock-examples` of the Prism document) */
  exampleStatuses: Record<string, Record<string, number>>;
  /** request validation of the generated validators; absent: the wire model's decoding only */
  validateRequest?: Validators['validateRequest'];
  /** largest accepted request body, default 1 MiB */
  maxBodyBytes?: number;
  /**
   * Feature-level hooks (mock/prism/levels.ts): a check of a decoded, valid request (a message
   * refuses it with 400 BAD_REQUEST) and the last step of a success answer before it is sent.
   */
  checkRequest?: (operationId: string, request: DecodedRequest) => string | undefined;
  shapeAnswer?: (operationId: string, status: number, body: unknown) => unknown;
}

const errorEnvelope = (code: string, msg: string) => ({ result: 'error', msg, code });

/** The front's request listener; `createMockFront` wraps it in a server with sane timeouts. */
export function createFrontListener(
  options: FrontOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const router = createRouter(Object.values(options.operations), options.basePath);
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const fieldIndexes = createFieldIndexes();

  async function listener(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      // Browsers call the mock from front-end dev servers: allow any origin, answer preflights here.
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        req.resume();
        res.writeHead(204, {
          'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
          'access-control-allow-headers': String(
            req.headers['access-control-request-headers'] ?? 'authorization, content-type, prefer',
          ),
          'access-control-max-age': '600',
        });
        return void res.end();
      }
      const { path, query } = splitUrl(req);
      const route = router.match(req.method ?? 'GET', path);
      if (route.kind === 'outside' || route.kind === 'no-path') {
        req.resume();
        return sendJson(
          res,
          404,
          errorEnvelope(
            C.notFound,
            `No such endpoint: ${path} (the mock serves ${options.basePath}/...)`,
          ),
        );
      }
      if (route.kind === 'no-method') {
        req.resume();
        return sendJson(
          res,
          405,
          errorEnvelope(
            C.methodNotAllowed,
            `Method ${req.method} is not allowed on ${path}; allowed: ${route.allowed.join(', ')}`,
          ),
          { allow: route.allowed.join(', ') },
        );
      }
      const op = route.operation;

      if (op.auth !== 'none') {
        const credentials = parseBasicAuth(req.headers.authorization);
        const missing = credentials === undefined && op.auth === 'required';
        const invalid =
          credentials === null ||
          (credentials !== undefined && (credentials.email === '' || credentials.apiKey === ''));
        if (missing || invalid) {
          req.resume();
          const msg = missing
            ? 'Authentication required: HTTP Basic with your email address and API key (the mock accepts any).'
            : 'Invalid credentials: HTTP Basic needs an email address and a non-empty API key.';
          return sendJson(res, 401, errorEnvelope(C.unauthorized, msg), {
            'www-authenticate': 'Basic realm="api"',
          });
        }
      }

      const read = await readBody(req, maxBodyBytes);
      if (!read.ok) {
        if (read.reason === 'aborted') return;
        return sendJson(
          res,
          413,
          errorEnvelope(C.tooLarge, `Request body larger than ${maxBodyBytes} bytes.`),
          { connection: 'close' },
        );
      }
      const decoded = await decodeRequest(
        op,
        {
          pathParams: route.pathParams,
          query,
          contentType: req.headers['content-type'],
          body: read.bytes,
        },
        { lenientLocation: op.method === 'PATCH' || op.method === 'DELETE', fieldIndexes },
      );
      if (!decoded.ok) {
        const what = decoded.errors
          .map(
            (e: DecodeError) =>
              `${e.field ? `'${e.field}'` : 'request'}${e.location ? ` (${e.location})` : ''}: ${e.message}`,
          )
          .join('; ');
        return sendJson(res, 400, errorEnvelope(C.badRequest, `Invalid request: ${what}`));
      }
      const value = decoded.value;
      if (options.validateRequest) {
        const checked = options.validateRequest(op.operationId, value);
        if (!checked.valid) {
          const shown = checked.errors
            .slice(0, 5)
            .map((e) => `${e.pointer || '/'} ${e.message}`)
            .join('; ');
          return sendJson(res, 400, errorEnvelope(C.badRequest, `Invalid request: ${shown}`));
        }
      }

      const refused = options.checkRequest?.(op.operationId, value);
      if (refused) return sendJson(res, 400, errorEnvelope(C.badRequest, refused));

      const prefer = resolvePrefer(
        req.headers.prefer,
        options.exampleStatuses[op.operationId] ?? {},
      );
      if (!prefer.ok) return sendJson(res, 400, errorEnvelope(C.badRequest, prefer.message));

      const wire = encodeRequest(
        op,
        { path: value.path, query: value.query, body: value.body },
        { mediaType: 'application/x-www-form-urlencoded', fieldIndexes },
      );
      const answer = await options.engine.respond({
        operationId: op.operationId,
        method: wire.method,
        path: wire.path,
        query: wire.query,
        headers: {
          ...wire.headers,
          accept: 'application/json',
          ...(wire.body ? { 'content-type': wire.body.contentType } : {}),
        },
        body: wire.body?.text,
        preference: prefer.preference,
      });
      relay(res, answer, unknownNames(decoded.unknown), (status, body) =>
        options.shapeAnswer ? options.shapeAnswer(op.operationId, status, body) : body,
      );
    } catch (error) {
      // A bug of the front, never the client's fault: say so without internals.
      console.error(
        `mock front: ${req.method} ${req.url} failed: ${(error as Error)?.stack ?? String(error)}`,
      );
      sendJson(res, 500, errorEnvelope(C.internal, 'Internal error of the mock front.'));
    }
  }

  return listener;
}

/** A server running the front listener, with timeouts so a slow or silent client cannot hang it. */
export function createMockFront(options: FrontOptions): Server {
  const listener = createFrontListener(options);
  const server = createServer(
    { requestTimeout: 15_000, headersTimeout: 10_000 },
    (req, res) => void listener(req, res),
  );
  server.keepAliveTimeout = 5_000;
  return server;
}

/**
 * Prism's answer to the client. A problem Prism reports is about the request (404 no such
 * example or status, 406 ...), never the API: it becomes the API's envelope, 400 BAD_REQUEST for
 * anything below 500. Parameters the operation does not have are reported in
 * `ignored_parameters_unsupported` of a success body, as the service does.
 */
function relay(
  res: ServerResponse,
  answer: EngineAnswer,
  ignored: string[],
  shape: (status: number, body: unknown) => unknown,
): void {
  if (!answer.ok) {
    const what =
      [answer.title, answer.detail].filter(Boolean).join(': ') || `Prism answered ${answer.status}`;
    if (answer.status < 500)
      return sendJson(res, 400, errorEnvelope(C.badRequest, `Invalid request (mock): ${what}`));
    return sendJson(res, 500, errorEnvelope(C.internal, `The mock failed: ${what}`));
  }
  let body = answer.body;
  if (
    ignored.length > 0 &&
    answer.status >= 200 &&
    answer.status < 300 &&
    isSuccessEnvelope(body)
  ) {
    const already: unknown[] = Array.isArray(body.ignored_parameters_unsupported)
      ? body.ignored_parameters_unsupported
      : [];
    // A copy: Prism may hand out its example object itself.
    body = { ...body, ignored_parameters_unsupported: [...new Set([...already, ...ignored])] };
  }
  body = shape(answer.status, body);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) headers[name.toLowerCase()] = value;
  const contentType =
    headers['content-type'] ?? (body === undefined ? undefined : 'application/json');
  // Serialised as prism-http-server does: JSON for JSON media types, strings as they are.
  const text =
    body === undefined
      ? ''
      : typeof body === 'string' && !isJsonMediaType(contentType ?? '')
        ? body
        : JSON.stringify(body);
  const bytes = Buffer.from(text, 'utf8');
  if (contentType) headers['content-type'] = contentType;
  headers['content-length'] = String(bytes.byteLength);
  res.writeHead(answer.status, headers);
  res.end(bytes);
}

function isSuccessEnvelope(
  body: unknown,
): body is Record<string, unknown> & { ignored_parameters_unsupported?: unknown } {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { result?: unknown }).result === 'success'
  );
}

/** The wire model's `unknown` as names (names or `{name}` entries). */
function unknownNames(unknown: unknown): string[] {
  if (!Array.isArray(unknown)) return [];
  return unknown
    .map((u) => (typeof u === 'string' ? u : String((u as { name?: unknown }).name ?? '')))
    .filter(Boolean);
}
