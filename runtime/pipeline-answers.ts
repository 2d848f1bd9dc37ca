/**
 * What the request pipeline answers with, and the answers it gives on its own. One wording per
 * fault, whichever server (generated listener, Prism front, stateful mock, MSW handlers) gives
 * it, in the contract's error shape (`RefusalShape`, decided by the generator). No transport
 * here: the node:http and fetch faces turn an `Answer` into bytes or a `Response`.
 */
import type { OperationInfo, RefusalFields, RefusalShape } from './operation-info.js';
import type { DecodeError } from './wire.js';
import { invalidRequestText } from './validation-words.js';
import { isObject } from './is-object.js';

/**
 * One answer of the pipeline. `body` is sent as JSON; `text` (when set) is sent as it is, with
 * the `content-type` of `headers` (the Prism front relays non-JSON examples that way).
 */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  text?: string;
  /** the JSON media type `body` is sent with, when the contract documents another than application/json */
  contentType?: string;
}

export interface ValidationIssue {
  pointer: string;
  keyword: string;
  message: string;
}

/**
 * Error codes of answers the servers give on their own (no handler involved), written where the
 * contract's error bodies carry a code (its `RefusalShape`; a contract whose code field is a
 * number gets the HTTP status instead, one whose errors carry no code gets none). For our API
 * BAD_REQUEST is the API's generic code, what the description implies for invalid requests; the
 * others have no code in our description: these names are the servers' choice, not the API's,
 * kept distinct so a client can tell the cases apart. Another document's codes are its own: a
 * server of its bindings writes these names only in a free-text code field its errors declare
 * (`{message, code}`, `{error: {message, code}}`), never a field the document does not have.
 */
export const LISTENER_ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  requestTimeout: 'REQUEST_TIMEOUT',
  tooLarge: 'REQUEST_TOO_LARGE',
  expectationFailed: 'EXPECTATION_FAILED',
  headersTooLarge: 'REQUEST_HEADERS_TOO_LARGE',
  internal: 'INTERNAL_SERVER_ERROR',
  notImplemented: 'NOT_IMPLEMENTED',
} as const;

const C = LISTENER_ERROR_CODES;

/**
 * The refusal shape of operation tables generated before the contract's was carried
 * (generated/operations.ts `refusals`): our API's `{"result": "error", "msg": ..., "code": ...}`,
 * the only shape those tables were made for. Every generated server passes its contract's.
 */
export const ENVELOPE_REFUSALS: RefusalShape = {
  message: 'msg',
  code: { name: 'code', value: 'name' },
  fixed: { result: 'error' },
};

/**
 * A refusal's body in the contract's error shape (see `RefusalShape`); a handler's error body too,
 * with `extra` fields beside the words (inside `within`'s object when the shape nests them). The
 * shape's own fields win over `extra`'s.
 */
export function refusalBody(
  shape: RefusalShape,
  status: number,
  code: string,
  msg: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const fields: Record<string, unknown> = { [shape.message]: msg };
  if (shape.code) fields[shape.code.name] = shape.code.value === 'status' ? status : code;
  const cls = status >= 500 ? 'server' : 'client';
  const given = (f: RefusalFields) => ({ ...f.fixed, ...f.byClass?.[cls] });
  if (shape.within === undefined) return { ...extra, ...given(shape), ...fields };
  const inner = { ...extra, ...given(shape.within), ...fields };
  return { ...given(shape), [shape.within.name]: shape.within.list ? [inner] : inner };
}

/** Our API's error envelope (for tables generated before refusal shapes; see ENVELOPE_REFUSALS). */
export function envelope(code: string, msg: string): Record<string, unknown> {
  return refusalBody(ENVELOPE_REFUSALS, 0, code, msg);
}

/**
 * Whether `statuses`, as the contract writes them (`200`, `4XX`, `default`), document `status`:
 * a 2xx must be listed (exactly or as `2XX`); an error may also fall under `default`.
 */
export function documentsStatus(statuses: readonly string[], status: number): boolean {
  const text = String(status);
  if (statuses.includes(text) || statuses.includes(`${text[0]}XX`)) return true;
  return status >= 300 && statuses.includes('default');
}

/** After 400, the statuses whose meaning fits "this request is invalid" (RFC 9110). */
const OTHER_INVALID_STATUSES = [422, 409, 404, 413];

/**
 * A status `op` documents for refusing an invalid request: 400 where it documents that
 * (itself, as `4XX` or under `default`), else the first it documents of 422, 409, 404 and 413;
 * 400 when it documents none of them (nothing it documents fits).
 */
export function invalidRequestStatus(op: Pick<OperationInfo, 'statuses'>): number {
  if (documentsStatus(op.statuses, 400)) return 400;
  return OTHER_INVALID_STATUSES.find((s) => documentsStatus(op.statuses, s)) ?? 400;
}

const challenge = (value: string | undefined) =>
  value === undefined ? undefined : { 'www-authenticate': value };

/** The answers every server words the same way, in the contract's error shape. */
export type Answers = ReturnType<typeof createAnswers>;

/** The servers' own answers, their bodies in `shape` (default: our API's envelope, see above). */
export function createAnswers(shape: RefusalShape = ENVELOPE_REFUSALS) {
  const fail = (
    status: number,
    code: string,
    msg: string,
    headers?: Record<string, string>,
  ): Answer => {
    const body = refusalBody(shape, status, code, msg);
    return headers ? { status, headers, body } : { status, body };
  };
  return {
    /** any refusal: `code` is one of LISTENER_ERROR_CODES */
    fail,
    notFound: (path: string, basePath: string) =>
      fail(
        404,
        C.notFound,
        basePath !== '' && path !== basePath && !path.startsWith(basePath + '/')
          ? `No such endpoint: ${path} (the API is served under ${basePath}/)`
          : `No such endpoint: ${path}`,
      ),
    methodNotAllowed: (method: string, path: string, allowed: string[]) =>
      fail(
        405,
        C.methodNotAllowed,
        `Method ${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
        { allow: allowed.join(', ') },
      ),
    /** `wanted`: what the operation takes, in words (`HTTP Basic credentials`, `a Bearer token`) */
    authRequired: (
      wanted = 'HTTP Basic credentials',
      scheme: string | undefined = 'Basic realm="api"',
    ) => fail(401, C.unauthorized, `Authentication required: ${wanted}.`, challenge(scheme)),
    badCredentials: (scheme: string | undefined = 'Basic realm="api"') =>
      fail(401, C.unauthorized, 'Invalid credentials.', challenge(scheme)),
    // The refusals of an invalid request take the status `invalidRequestStatus` gives the operation.
    repeatedAuthorization: (status: number) =>
      fail(status, C.badRequest, invalidRequestText('send one Authorization header, not several.')),
    tooLarge: (maxBytes: number) =>
      fail(413, C.tooLarge, `Request body larger than ${maxBytes} bytes.`, {
        connection: 'close',
      }),
    bodyTimeout: (timeoutMs: number) =>
      fail(408, C.requestTimeout, `The request body did not arrive within ${timeoutMs} ms.`, {
        connection: 'close',
      }),
    decodeErrors: (errors: DecodeError[], status: number) =>
      fail(
        status,
        C.badRequest,
        invalidRequestText(errors.map((e) => `${e.message} (in ${e.location})`).join('; ')),
      ),
    invalid: (issues: ValidationIssue[], status: number) =>
      fail(status, C.badRequest, invalidRequestText(issues)),
    /** a hook's refusal of a valid request, worded by the hook */
    refused: (message: string, status: number) => fail(status, C.badRequest, message),
    badPreference: (message: string, status: number) =>
      fail(status, C.badRequest, invalidRequestText(message)),
    notImplemented: (operationId: string) =>
      fail(501, C.notImplemented, `The operation ${operationId} is not implemented.`),
    internal: () => fail(500, C.internal, 'Internal server error.'),
  };
}

/**
 * Parameters the operation does not have, reported in the success-body field the contract
 * declares for them (`field`: the operation's `reportsIgnored`, ours `ignored_parameters_unsupported`;
 * none: nothing is added, the document's answers have no such field). A copy: the body may be
 * an object the caller keeps.
 */
export function withIgnored(answer: Answer, ignored: string[], field: string | undefined): Answer {
  if (field === undefined || ignored.length === 0) return answer;
  if (answer.status < 200 || answer.status >= 300) return answer;
  const body = answer.body;
  if (answer.text !== undefined || !isObject(body)) return answer;
  const already: unknown[] = Array.isArray(body[field]) ? body[field] : [];
  return { ...answer, body: { ...body, [field]: [...new Set([...already, ...ignored])] } };
}
