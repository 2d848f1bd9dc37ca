/**
 * The error values the client returns. Every failure a caller should expect comes back as a
 * value beside the response (the server said no, the network failed, the call timed out or
 * was cancelled); only misuse throws (see runtime/client.ts).
 */
import type { ErrorShape } from './operation-info.js';
import { notJsonText } from './validation-words.js';
import { isObject } from './is-object.js';

/**
 * The server answered with an error body of the shape the contract's error responses declare:
 * our API's envelope `{result: "error", msg, code, ...}`, or another contract's (`{message}`,
 * `{error: {message, code}}`; generator/model/errors.ts finds the fields).
 */
export interface ApiError<Code extends string = never> {
  kind: 'api';
  /** HTTP status of the answer */
  status: number;
  /**
   * one of the codes the operation documents, or any other code the server sends; `''` when the
   * contract's error bodies carry no code
   */
  code: Code | (string & {});
  /** the body's message, whatever the contract names its field */
  msg: string;
  /**
   * the fields of the error body, as sent (e.g. `stream` of STREAM_DOES_NOT_EXIST, `message` of
   * a `{message}` body)
   */
  [field: string]: unknown;
}

/**
 * No API error envelope to report: `http` is a non-2xx answer whose body is not the envelope
 * (a proxy's HTML page, an empty 401), `invalid-response` a 2xx answer that is not the JSON
 * it should be, `network` a failed fetch, `timeout` the call's `timeoutMs` running out,
 * `aborted` a caller's AbortSignal.
 */
export interface TransportError {
  kind: 'http' | 'invalid-response' | 'network' | 'timeout' | 'aborted';
  /** HTTP status, or 0 when no answer came */
  status: number;
  code?: undefined;
  msg: string;
  /** the body as received (parsed JSON when it parsed), for `http` and `invalid-response` */
  body?: unknown;
  /** the thrown error or abort reason behind it */
  cause?: unknown;
}

/**
 * The `api` error of one code, with the fields the contract declares for that code typed
 * (`Fields`: the generated client's `ApiErrorFields`, e.g. `stream: string` of
 * STREAM_DOES_NOT_EXIST). What `isApiError(error, code)` narrows an error to.
 */
export type ApiErrorOf<C extends string, Fields = {}> = ApiError<C> & {
  code: C;
} & (C extends keyof Fields ? Fields[C] : {});

/** One `ApiErrorOf` per code of `Code` the contract declares fields for. */
type TypedApiErrors<Code extends string, Fields> = {
  [C in Code & keyof Fields & string]: ApiErrorOf<C, Fields>;
}[Code & keyof Fields & string];

export type ClientError<Code extends string = never, Fields = {}> =
  ApiError<Code> | TypedApiErrors<Code, Fields> | TransportError;

/** What a method call resolves to: data, or an error value; the response when there was one. */
export type CallResult<Data, Code extends string = never, Fields = {}> =
  | { data: Data; error?: undefined; response: Response }
  | { data?: undefined; error: ClientError<Code, Fields>; response: Response | undefined };

/** `error` narrowed to the `api` error of `code`: that code's typed member, if it has one. */
export type ErrorWithCode<E, C extends string> = [Extract<E, { code: C }>] extends [never]
  ? Extract<E, { kind: 'api' }> & { code: C }
  : Extract<E, { code: C }>;

/**
 * Whether `error` is the API's error of `code`, narrowing it so that the fields the contract
 * declares for that code are typed: after `isApiError(error, 'STREAM_DOES_NOT_EXIST')`,
 * `error.stream` is a string. (`error.code === …` cannot narrow this far: the code of an `api`
 * error is any string too, since a server may send a code the operation does not document.)
 */
export function isApiError<E extends { kind: string; code?: unknown }, C extends string>(
  error: E | undefined,
  code: C,
): error is ErrorWithCode<E, C> {
  return error !== undefined && error.kind === 'api' && error.code === code;
}

/**
 * The error value of a non-2xx answer, from its parsed body (openapi-fetch parses JSON when it
 * can) and where the contract's errors carry message and code (`shape`; none: no `api` errors).
 */
export function errorFromAnswer(
  response: Response,
  body: unknown,
  shape: ErrorShape | undefined,
): ClientError<string> {
  const fields = shape && objectOf(shape.within ? objectOf(body)?.[shape.within] : body);
  const msg = fields?.[shape!.message];
  const code = shape?.code === undefined ? '' : fields?.[shape.code];
  // The body's own fields stay as sent (`message` of a `{message}` body too) beside `code` and `msg`.
  if (typeof msg === 'string' && (typeof code === 'string' || typeof code === 'number'))
    return { ...objectOf(body), kind: 'api', status: response.status, code: String(code), msg };
  return {
    kind: 'http',
    status: response.status,
    msg: `HTTP ${response.status}${response.statusText ? ' ' + response.statusText : ''} without an API error body`,
    body,
  };
}

/** The error value of a 2xx answer that says it is JSON but does not parse. */
export function invalidAnswer(response: Response, text: string, error: unknown): TransportError {
  const why = error instanceof Error ? error.message : String(error);
  return {
    kind: 'invalid-response',
    status: response.status,
    msg: notJsonText('the answer', why),
    body: text,
    cause: error,
  };
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return isObject(value) ? value : undefined;
}

/**
 * The error value of a call that got no usable answer. `timedOut` and `cancelled` say which of
 * the call's signals fired, because the error fetch throws looks the same for both.
 */
export function errorFromThrow(
  error: unknown,
  why: { timedOut: boolean; cancelled: boolean; timeoutMs?: number },
): TransportError {
  if (why.timedOut)
    return {
      kind: 'timeout',
      status: 0,
      msg: `no answer within ${why.timeoutMs} ms`,
      cause: error,
    };
  if (why.cancelled)
    return { kind: 'aborted', status: 0, msg: 'the call was aborted', cause: error };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'network', status: 0, msg: `request failed: ${message}`, cause: error };
}
