/**
 * The one request pipeline of every server we ship (the generated listener, hence the stateful
 * mock, and the Prism front):
 *
 *   CORS preflight → route → authenticate → read the body with its limits → decode with the
 *   wire model → bound stored strings → validate → dispatch → validate the answer
 *
 * Its own refusals are written in the contract's error shape (`refusals`, pipeline-answers.ts).
 *
 * It is transport-free (no node: import, no Buffer): a transport hands it an `Incoming` and
 * writes the `Answer` back. runtime/server-fetch.ts builds an `Incoming` from a web `Request`
 * and returns a `Response` (for fetch-style servers, MSW handlers, a service worker);
 * runtime/server-http.ts does the same for node:http without building a `Request` (about 34 µs
 * of CPU per request on Node 20 here, more than half of a whole stateful-mock request; Hono's
 * node adapter avoids it the same way).
 */
import {
  createAnswers,
  invalidRequestStatus,
  LISTENER_ERROR_CODES as C,
  withIgnored,
} from './pipeline-answers.js';
import type { Answer, ValidationIssue } from './pipeline-answers.js';
import { createCors, type CorsOptions } from './pipeline-cors.js';
import { invalidResponseText } from './validation-words.js';
import {
  challengeOf,
  readCredentials,
  withoutQueryKeys,
  type Credentials,
} from './pipeline-auth.js';
import { createRouter } from './server-router.js';
import type { AuthScheme, OperationInfo, RefusalShape } from './operation-info.js';
import { createFieldIndexes, decodeRequest, type DecodedRequest } from './wire.js';
import { isBlob } from './is-object.js';

export type { Answer, ValidationIssue } from './pipeline-answers.js';
export type { CorsOptions } from './pipeline-cors.js';
export type {
  BasicCredentials,
  Credentials,
  KeyCredentials,
  OtherCredentials,
  SchemeCredentials,
  TokenCredentials,
} from './pipeline-auth.js';

export type BodyRead =
  | { ok: true; bytes: Uint8Array | undefined }
  | { ok: false; reason: 'too-large' | 'timeout' | 'aborted' };

/** A request as the pipeline reads it; `Raw` is the transport's own object (IncomingMessage, Request). */
export interface Incoming<Raw = unknown> {
  readonly method: string;
  /** the path as received (percent-encoded), without the query */
  readonly path: string;
  /** the raw query string without `?` */
  readonly query: string;
  /** request headers by lower-case name, for the wire model's header parameters */
  readonly headers: Record<string, string | string[] | undefined>;
  /** one header by lower-case name (repeated headers joined by `, `) */
  header(name: string): string | undefined;
  /** how many Authorization headers arrived (node keeps only the first in `headers`) */
  authorizationCount(): number;
  /** the whole body, refused past `maxBytes` or when it has not all arrived within `timeoutMs` */
  readBody(maxBytes: number, timeoutMs: number): BodyRead | Promise<BodyRead>;
  readonly raw: Raw;
}

export interface ValidationResultLike {
  valid: boolean;
  errors?: ValidationIssue[];
}

/** The two functions of generated/validators.js the pipeline uses (method syntax: ids may be narrower). */
export interface Validators {
  validateRequest(
    operationId: string,
    input: { path?: unknown; query?: unknown; body?: unknown },
  ): { valid: true } | { valid: false; errors: ValidationIssue[] };
  validateResponse(
    operationId: string,
    status: number,
    body: unknown,
  ): { valid: true } | { valid: false; errors: ValidationIssue[] };
}

/**
 * Resolves the request's credentials (shaped by the contract's security schemes: HTTP Basic,
 * a Bearer token, an API key; see pipeline-auth.ts) to a user. `null`/`undefined` means "not
 * valid": the pipeline answers 401 (also for operations whose auth is optional, since bad
 * credentials are an error).
 */
export type Authenticate<User, Raw = unknown> = (
  credentials: Credentials,
  request: Raw,
) => User | null | undefined | Promise<User | null | undefined>;

/** A routed, authenticated, decoded and validated request, ready for the operation. */
export interface Call<User, Raw = unknown> {
  operation: OperationInfo;
  value: DecodedRequest;
  /** names sent that the operation does not have */
  ignored: string[];
  user: User | null;
  incoming: Incoming<Raw>;
}

/** What answers a valid request: the handlers of a real server, Prism's engine in the front. */
export type Dispatch<User, Raw = unknown> = (call: Call<User, Raw>) => Answer | Promise<Answer>;

export interface Logger {
  error(message: string): void;
}

export interface PipelineLimits {
  /** largest accepted request body; default 1 MiB */
  maxBodyBytes?: number;
  /** a body that has not fully arrived this long after its headers gets 408; default 30 s */
  bodyTimeoutMs?: number;
  /**
   * longest string (in Unicode code points) any decoded parameter may carry, nested JSON values
   * included; default: none. For servers that store what they are sent (the stateful mock).
   */
  maxStringLength?: number;
}

export interface PipelineOptions<User, Raw = unknown> extends PipelineLimits {
  operations: Record<string, OperationInfo>;
  /** prefix of every route (the operation table's `basePath`, e.g. `/api/v1`) */
  basePath?: string;
  /** credentials to a user; operations with auth `none` never call it */
  authenticate: Authenticate<User, Raw>;
  /**
   * How each security scheme the operations name travels (generated/operations.ts
   * `authSchemes`); absent: every scheme is HTTP Basic (tables generated before schemes)
   */
  authSchemes?: { readonly [name: string]: AuthScheme };
  /**
   * How the pipeline's own refusals (400, 401, 404, 405, 408, 413, 500, 501) are written: the
   * contract's error shape (generated/operations.ts `refusals`, decided by the generator).
   * Absent (tables generated before it was carried): our API's `{result, msg, code}` envelope.
   */
  refusals?: RefusalShape;
  /** request validation; absent: the wire model's decoding only */
  validateRequest?: Validators['validateRequest'];
  /** answer validation (JSON bodies); absent: answers are not checked */
  validateResponse?: Validators['validateResponse'];
  dispatch: Dispatch<User, Raw>;
  /**
   * A last check of a decoded, valid request (a feature level refuses enum values it does not
   * have): a message refuses the request with BAD_REQUEST, worded by the hook (the status: see
   * `invalidRequestStatus`).
   */
  checkRequest?: (operation: OperationInfo, value: DecodedRequest) => string | undefined;
  /**
   * Told the operation a request routed to, before any step may refuse it: a caller that judges
   * the answer of a refused request too (the contract runner's proxy) learns its operation
   * from the one routing, without routing the request again.
   */
  routed?: (operation: OperationInfo, incoming: Incoming<Raw>) => void;
  /**
   * The last step of a JSON answer, after it was checked (a feature level leaves out the
   * fields it does not have).
   */
  shapeAnswer?: (operationId: string, status: number, body: unknown) => unknown;
  /** CORS (see pipeline-cors.ts); default none */
  cors?: CorsOptions | boolean;
  logger?: Logger;
}

export interface Pipeline<Raw = unknown> {
  /**
   * The answer to a request; `null` when there is nobody to answer (the client went away while
   * sending its body). `'outside'` when the path is not under the base path and the caller
   * asked to be told (middleware hands such requests on).
   */
  handle(incoming: Incoming<Raw>, passOutside?: boolean): Promise<Answer | null | 'outside'>;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/** One pipeline's settings, read once: the steps below take it. */
interface Steps<User, Raw> {
  readonly options: PipelineOptions<User, Raw>;
  readonly basePath: string;
  readonly router: ReturnType<typeof createRouter>;
  readonly maxBodyBytes: number;
  readonly bodyTimeoutMs: number;
  /** operations with header parameters: their strings are always checked against the limit */
  readonly withHeaderFields: Set<OperationInfo>;
  readonly logger: Logger;
  /** fields grouped once per operation, per pipeline (no module-level cache shared by servers) */
  readonly fieldIndexes: ReturnType<typeof createFieldIndexes>;
  readonly answers: ReturnType<typeof createAnswers>;
}

export function createPipeline<User, Raw = unknown>(
  options: PipelineOptions<User, Raw>,
): Pipeline<Raw> {
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const cors = createCors(options.cors);
  const ctx: Steps<User, Raw> = {
    options,
    basePath,
    router: createRouter(Object.values(options.operations), basePath),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    withHeaderFields: new Set(
      Object.values(options.operations).filter((op) => op.fields.some((f) => f.in === 'header')),
    ),
    logger: options.logger ?? { error: (m: string) => console.error(m) },
    fieldIndexes: createFieldIndexes(),
    answers: createAnswers(options.refusals),
  };
  return {
    handle(incoming, passOutside = false) {
      // Not async itself: the steps' promise is handed on as it is unless CORS must be added.
      if (cors === undefined) return steps(ctx, incoming, passOutside);
      const origin = incoming.header('origin');
      // As middleware, a preflight for a path outside the API is the next handler's to answer.
      const outside =
        passOutside &&
        basePath !== '' &&
        incoming.path !== basePath &&
        !incoming.path.startsWith(basePath + '/');
      if (outside) return Promise.resolve('outside' as const);
      if (
        incoming.method === 'OPTIONS' &&
        incoming.header('access-control-request-method') !== undefined
      )
        return Promise.resolve(
          cors.preflight(origin, incoming.header('access-control-request-headers')),
        );
      const extra = cors.headersFor(origin);
      const answered = steps(ctx, incoming, passOutside);
      if (extra === undefined) return answered;
      return answered.then((answer) =>
        answer === null || answer === 'outside'
          ? answer
          : { ...answer, headers: { ...answer.headers, ...extra } },
      );
    },
  };
}

/** The steps after CORS, in order; each refusal is an answer, and a thrown error a 500. */
async function steps<User, Raw>(
  ctx: Steps<User, Raw>,
  incoming: Incoming<Raw>,
  passOutside: boolean,
): Promise<Answer | null | 'outside'> {
  const { answers, basePath } = ctx;
  try {
    const { path, method } = incoming;
    const route = ctx.router.match(method, path);
    if (route.kind === 'outside' && passOutside) return 'outside' as const;
    if (route.kind === 'outside' || route.kind === 'no-path')
      return answers.notFound(path, basePath);
    if (route.kind === 'no-method') return answers.methodNotAllowed(method, path, route.allowed);
    const op = route.operation;
    ctx.options.routed?.(op, incoming);

    // One Authorization header or none: with two, servers and proxies disagree on which counts.
    const authorization = incoming.header('authorization');
    if (authorization !== undefined && incoming.authorizationCount() > 1)
      return answers.repeatedAuthorization(invalidRequestStatus(op));

    // Authenticate before reading the body: an unauthenticated client learns nothing else.
    const authenticated = authenticateStep(ctx, op, incoming);
    const who = isPromise(authenticated) ? await authenticated : authenticated;
    if ('status' in who) return who;

    const reading = incoming.readBody(ctx.maxBodyBytes, ctx.bodyTimeoutMs);
    const read = isPromise(reading) ? await reading : reading;
    if (!read.ok) {
      if (read.reason === 'aborted') return null;
      return read.reason === 'timeout'
        ? answers.bodyTimeout(ctx.bodyTimeoutMs)
        : answers.tooLarge(ctx.maxBodyBytes);
    }

    const decoded = decodeStep(ctx, op, incoming, route.pathParams, who.query, read.bytes);
    if ('status' in decoded) return decoded;
    const dispatched = ctx.options.dispatch({
      operation: op,
      value: decoded.value,
      ignored: decoded.unknown,
      user: who.user,
      incoming,
    });
    const answer = withIgnored(
      isPromise(dispatched) ? await dispatched : dispatched,
      decoded.unknown,
      op.reportsIgnored,
    );
    return checkedAnswer(ctx, op, answer);
  } catch (error) {
    // A bug of the server or of a hook: logged; the client gets no internals.
    ctx.logger.error(
      `request ${incoming.method} ${incoming.path} failed: ${(error as Error)?.stack ?? String(error)}`,
    );
    return answers.internal();
  }
}

/**
 * The user the request's credentials name (null: none, where the operation allows it) and the
 * query without the credentials it carried; or the refusal.
 */
function authenticateStep<User, Raw>(
  ctx: Steps<User, Raw>,
  op: OperationInfo,
  incoming: Incoming<Raw>,
):
  | { user: User | null; query: string }
  | Answer
  | Promise<{ user: User | null; query: string } | Answer> {
  if (op.auth === 'none') return { user: null, query: incoming.query };
  const { authSchemes, authenticate } = ctx.options;
  // An API key in the query is a credential, not a parameter the operation ignores.
  const query = () => withoutQueryKeys(incoming.query, op.security, authSchemes);
  const verdict = readCredentials(op.security, authSchemes, incoming);
  if (verdict.kind !== 'found') {
    const { challenge, wanted } = challengeOf(op.security, authSchemes);
    if (verdict.kind === 'malformed') return ctx.answers.badCredentials(challenge);
    if (op.auth === 'required') return ctx.answers.authRequired(wanted, challenge);
    return { user: null, query: query() };
  }
  const found = authenticate(verdict.credentials, incoming.raw);
  const verdictOf = (user: User | null | undefined) =>
    user == null
      ? ctx.answers.badCredentials(challengeOf(op.security, authSchemes).challenge)
      : { user, query: query() };
  // Hooks are usually synchronous: awaiting only a promise saves a turn of the event loop.
  return isPromise(found) ? found.then(verdictOf) : verdictOf(found);
}

/**
 * The request decoded by the wire model, its stored strings bounded, validated and checked by
 * the hook; or the refusal.
 */
function decodeStep<User, Raw>(
  ctx: Steps<User, Raw>,
  op: OperationInfo,
  incoming: Incoming<Raw>,
  pathParams: Record<string, string>,
  query: string,
  bytes: Uint8Array | undefined,
): { value: DecodedRequest; unknown: string[] } | Answer {
  const { answers, options } = ctx;
  const decoded = decodeRequest(
    op,
    {
      pathParams,
      query,
      contentType: incoming.header('content-type'),
      body: bytes,
      headers: incoming.headers,
    },
    {
      lenientLocation: op.method === 'PATCH' || op.method === 'DELETE',
      fieldIndexes: ctx.fieldIndexes,
    },
  );
  // Any server refuses an invalid request with a status its operation documents (400 if it can).
  if (!decoded.ok) return answers.decodeErrors(decoded.errors, invalidRequestStatus(op));
  const value = decoded.value;
  const maxString = options.maxStringLength;
  // A decoded string is never longer than the text that carried it: short requests skip the walk.
  if (
    maxString !== undefined &&
    (incoming.path.length + incoming.query.length + (bytes?.length ?? 0) > maxString ||
      ctx.withHeaderFields.has(op))
  ) {
    const long = longString(value, maxString);
    if (long) return answers.decodeErrors([long], invalidRequestStatus(op));
  }
  if (options.validateRequest) {
    const checked = options.validateRequest(op.operationId, {
      path: value.path,
      query: value.query,
      body: value.body,
    });
    if (!checked.valid) return answers.invalid(checked.errors, invalidRequestStatus(op));
  }
  const refused = options.checkRequest?.(op, value);
  if (refused !== undefined) return answers.refused(refused, invalidRequestStatus(op));
  return { value, unknown: decoded.unknown };
}

/** The handler's answer, checked against the contract (a 500 when it breaks it) and shaped. */
function checkedAnswer<User, Raw>(
  ctx: Steps<User, Raw>,
  op: OperationInfo,
  answer: Answer,
): Answer {
  const { validateResponse, shapeAnswer } = ctx.options;
  if (validateResponse && answer.text === undefined) {
    const verdict = validateResponse(op.operationId, answer.status, answer.body);
    if (!verdict.valid) {
      const text = invalidResponseText(
        `${op.operationId} (status ${answer.status})`,
        verdict.errors,
      );
      // the log line as before (lower-case first word: log readers grep for it)
      ctx.logger.error(text[0].toLowerCase() + text.slice(1));
      return ctx.answers.fail(500, C.internal, text);
    }
  }
  if (shapeAnswer && answer.text === undefined)
    return { ...answer, body: shapeAnswer(op.operationId, answer.status, answer.body) };
  return answer;
}

/**
 * The first string longer than `max` in the decoded parameters, as a decode error. Iterative
 * (nesting is already bounded by the wire model, but no recursion is needed either).
 */
function longString(value: DecodedRequest, max: number) {
  const places = [
    ['path', value.path],
    ['query', value.query],
    ['header', value.headers],
    ['body', value.body],
  ] as const;
  for (const [location, root] of places) {
    const stack: unknown[] = [root];
    const names: (string | null)[] = [null];
    while (stack.length > 0) {
      const item = stack.pop();
      const name = names.pop() ?? null;
      if (typeof item === 'string') {
        // Code units bound code points from above: only a long string needs counting.
        if (item.length > max && codePoints(item) > max)
          return {
            field: name,
            location,
            message: `${name ? `\`${name}\`` : 'the body'} is longer than ${max} characters (Unicode code points; this server's limit)`,
          };
      } else if (item !== null && typeof item === 'object' && !isBlob(item)) {
        // A top-level key names the parameter; deeper values are reported under it.
        for (const [key, child] of Object.entries(item)) {
          stack.push(child);
          names.push(name ?? key);
        }
      }
    }
  }
  return undefined;
}

/** Unicode code points of a string, as JSON Schema's maxLength counts (a surrogate pair is one). */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
