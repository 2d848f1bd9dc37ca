/**
 * The request listener behind generated/server.ts: routes, decodes, authenticates, validates
 * and answers in the API's envelope. It knows nothing of the contract beyond the operation
 * table (generated/operations.ts) and the validators (generated/validators.js) it is handed;
 * decoding is the shared wire model's (runtime/wire.ts), never a second decoder.
 *
 * Usable as a plain `node:http` listener and as connect/express middleware
 * (`(req, res, next)`: requests outside the base path go to `next`). Mount it before any body
 * parser: it reads the raw body itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { levelView, refusalMessage, type LevelTable } from './feature-levels.js';
import type { OperationInfo } from './operation-info.js';
import { parseBasicAuth, readBody, sendJson, splitUrl, type Credentials } from './server-http.js';
import type { HandlerResult } from './server-results.js';
import { createRouter } from './server-router.js';
import { answerMediaType } from './media-type.js';
import { createFieldIndexes, decodeRequest } from './wire.js';

export type { Credentials } from './server-http.js';
export { ok, error, notImplemented } from './server-results.js';
export type { HandlerResult, HttpErrorStatus, HttpClientErrorStatus } from './server-results.js';

export interface ValidationIssue {
  pointer: string;
  keyword: string;
  message: string;
}
export type ValidationResult = { valid: true } | { valid: false; errors: ValidationIssue[] };

/** The two functions of generated/validators.js the listener uses (method syntax: ids may be narrower). */
export interface Validators {
  validateRequest(
    operationId: string,
    input: { path?: unknown; query?: unknown; body?: unknown },
  ): ValidationResult;
  validateResponse(operationId: string, status: number, body: unknown): ValidationResult;
}

export interface HandlerContext<User> {
  /** the authenticated user (`null` where the operation's auth is `none`, or `optional` and none was sent) */
  user: User;
  operationId: string;
  /** names of parameters the operation does not have; added to a success body automatically */
  ignoredParameters: string[];
  request: IncomingMessage;
}

export type Handler<User = unknown> = (
  params: Record<string, unknown>,
  context: HandlerContext<User | null>,
) => HandlerResult | Promise<HandlerResult>;

/**
 * Resolves Basic credentials to a user. `null`/`undefined` means "not valid": the listener
 * answers 401 (also for operations whose auth is optional, since bad credentials are an error).
 */
export type Authenticate<User> = (
  credentials: Credentials,
  request: IncomingMessage,
) => User | null | undefined | Promise<User | null | undefined>;

export interface Logger {
  error(message: string): void;
}

export interface ListenerOptions<User> {
  handlers: Record<string, Handler<User> | undefined>;
  operations: Record<string, OperationInfo>;
  validators: Validators;
  authenticate: Authenticate<User>;
  /** prefix of every route (the operation table's `basePath`, e.g. `/api/v1`) */
  basePath?: string;
  /** validate every handler response; default on unless NODE_ENV is `production` */
  validateResponses?: boolean;
  /** largest accepted request body; default 1 MiB */
  maxBodyBytes?: number;
  logger?: Logger;
  /**
   * The contract's level table (generated/operations.ts `levels`). With it the listener serves as
   * a server of `featureLevel` (default: the newest level the table records): operations newer
   * than that level are unknown paths, parameters that do not exist at it (newer, or removed at
   * or before it) are unknown parameters (ignored and reported), enum values that do not exist
   * at it are refused, and answers leave out the fields that do not exist at it
   * (runtime/feature-levels.ts).
   */
  levels?: LevelTable;
  featureLevel?: number;
}

export type RequestListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
) => Promise<void>;

/**
 * Error codes of answers the listener gives on its own (no handler involved). BAD_REQUEST is
 * the API's generic code and is what the description implies for invalid requests. The others
 * (401, 404, 405, 413, 500, 501) have no code in the description: these names are this
 * server stub's choice, not the API's, kept distinct so a client can tell the cases apart.
 */
export const LISTENER_ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  tooLarge: 'REQUEST_TOO_LARGE',
  internal: 'INTERNAL_SERVER_ERROR',
  notImplemented: 'NOT_IMPLEMENTED',
} as const;

const envelope = (code: string, msg: string) => ({ result: 'error', msg, code });

export function createRequestListener<User>(options: ListenerOptions<User>): RequestListener {
  // Responses are validated as the handler gave them (the newest shape), then cut to the level.
  const level = options.levels ? levelView(options.levels, options.featureLevel) : undefined;
  const operations = level ? level.operationsAt(options.operations) : options.operations;
  const router = createRouter(Object.values(operations), options.basePath ?? '');
  const validateResponses = options.validateResponses ?? process.env.NODE_ENV !== 'production';
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const logger = options.logger ?? { error: (m: string) => console.error(m) };
  const C = LISTENER_ERROR_CODES;
  const fieldIndexes = createFieldIndexes();

  return async function listener(req, res, next) {
    try {
      const { path, query } = splitUrl(req);
      const route = router.match(req.method ?? 'GET', path);
      if (route.kind === 'outside' && next) return next();
      if (route.kind === 'outside' || route.kind === 'no-path') {
        req.resume();
        return sendJson(res, 404, envelope(C.notFound, `No such endpoint: ${path}`));
      }
      if (route.kind === 'no-method') {
        req.resume();
        return sendJson(
          res,
          405,
          envelope(
            C.methodNotAllowed,
            `Method ${req.method} is not allowed on ${path}; allowed: ${route.allowed.join(', ')}`,
          ),
          { allow: route.allowed.join(', ') },
        );
      }
      const op = route.operation;

      // Authenticate before reading the body: an unauthenticated client learns nothing else.
      let user: User | null = null;
      if (op.auth !== 'none') {
        const credentials = parseBasicAuth(req.headers.authorization);
        if (credentials === null || (credentials === undefined && op.auth === 'required')) {
          req.resume();
          return sendJson(
            res,
            401,
            envelope(
              C.unauthorized,
              'Authentication required: HTTP Basic with your email address and API key.',
            ),
            { 'www-authenticate': 'Basic realm="api"' },
          );
        }
        if (credentials) {
          const found = options.authenticate(credentials, req);
          // Hooks are usually synchronous: awaiting only a promise saves a turn of the event loop.
          user = (isPromise(found) ? await found : found) ?? null;
          if (user === null) {
            req.resume();
            return sendJson(
              res,
              401,
              envelope(C.unauthorized, 'Invalid credentials: unknown email address or API key.'),
              { 'www-authenticate': 'Basic realm="api"' },
            );
          }
        }
      }

      const reading = readBody(req, maxBodyBytes);
      const read = isPromise(reading) ? await reading : reading;
      if (!read.ok) {
        if (read.reason === 'aborted') return;
        return sendJson(
          res,
          413,
          envelope(C.tooLarge, `Request body larger than ${maxBodyBytes} bytes.`),
          { connection: 'close' },
        );
      }

      const decoded = decodeRequest(
        op,
        {
          pathParams: route.pathParams,
          query,
          contentType: req.headers['content-type'],
          body: read.bytes,
          headers: req.headers,
        },
        { lenientLocation: op.method === 'PATCH' || op.method === 'DELETE', fieldIndexes },
      );
      if (!decoded.ok) {
        const what = decoded.errors.map((e) => `${e.message} (in ${e.location})`).join('; ');
        return sendJson(res, 400, envelope(C.badRequest, `Invalid request: ${what}`));
      }
      const { value } = decoded;
      const checked = options.validators.validateRequest(op.operationId, {
        path: value.path,
        query: value.query,
        body: value.body,
      });
      if (!checked.valid) {
        return sendJson(
          res,
          400,
          envelope(C.badRequest, `Invalid request: ${describeIssues(checked.errors)}`),
        );
      }

      const refused = level?.refusedValues(op.operationId, flatten(op, value)) ?? [];
      if (refused.length > 0) {
        return sendJson(res, 400, envelope(C.badRequest, refusalMessage(refused, level!.level)));
      }

      const handler = options.handlers[op.operationId];
      if (!handler) {
        return sendJson(
          res,
          501,
          envelope(C.notImplemented, `The operation ${op.operationId} is not implemented.`),
        );
      }
      const ignored = decoded.unknown;
      // Flattened by name: the description lists path, query and body parameters side by side.
      const params = flatten(op, value);
      const context: HandlerContext<User | null> = {
        user,
        operationId: op.operationId,
        ignoredParameters: ignored,
        request: req,
      };

      let result: HandlerResult;
      try {
        const answer = handler(params, context);
        result = isPromise(answer) ? await answer : answer;
      } catch (error) {
        logger.error(
          `handler ${op.operationId} threw: ${(error as Error)?.stack ?? String(error)}`,
        );
        return sendJson(res, 500, envelope(C.internal, 'Internal server error.'));
      }
      if (!result || typeof result !== 'object' || typeof result.status !== 'number') {
        logger.error(`handler ${op.operationId} returned no {status, body} result`);
        return sendJson(
          res,
          500,
          envelope(C.internal, `The server's handler for ${op.operationId} returned no response.`),
        );
      }
      let body = result.body;
      if (
        ignored.length > 0 &&
        result.status >= 200 &&
        result.status < 300 &&
        isSuccessEnvelope(body)
      ) {
        const already = Array.isArray(body.ignored_parameters_unsupported)
          ? (body.ignored_parameters_unsupported as string[])
          : [];
        body = { ...body, ignored_parameters_unsupported: [...new Set([...already, ...ignored])] };
      }
      if (validateResponses) {
        const verdict = options.validators.validateResponse(op.operationId, result.status, body);
        if (!verdict.valid) {
          const what = describeIssues(verdict.errors);
          logger.error(
            `response validation failed for ${op.operationId} (status ${result.status}): ${what}`,
          );
          return sendJson(
            res,
            500,
            envelope(
              C.internal,
              `Response validation failed for ${op.operationId} (status ${result.status}): ${what}`,
            ),
          );
        }
      }
      if (level) body = level.answerAt(op.operationId, result.status, body);
      // With the JSON media type the contract documents for that status (problem+json, ...).
      sendJson(res, result.status, body, result.headers, answerMediaType(op, result.status));
    } catch (error) {
      // Anything else is a bug of the server or of a hook; the client gets no internals.
      logger.error(
        `request ${req.method} ${req.url} failed: ${(error as Error)?.stack ?? String(error)}`,
      );
      sendJson(res, 500, envelope(C.internal, 'Internal server error.'));
    }
  };
}

/** Path, query and body parameters side by side; the body's fields for a form body, `body` otherwise. */
function flatten(
  op: OperationInfo,
  value: { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown },
): Record<string, unknown> {
  if (op.body === undefined) return { ...value.path, ...value.query };
  if (op.body.kind !== 'form') return { ...value.path, ...value.query, body: value.body };
  return { ...value.path, ...value.query, ...(value.body as Record<string, unknown> | undefined) };
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function describeIssues(errors: ValidationIssue[]): string {
  const shown = errors.slice(0, 5).map((e) => `${e.pointer || '/'} ${e.message}`);
  if (errors.length > 5) shown.push(`and ${errors.length - 5} more`);
  return shown.join('; ');
}

function isSuccessEnvelope(body: unknown): body is Record<string, unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as Record<string, unknown>).result === 'success'
  );
}
