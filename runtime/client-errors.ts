/**
 * The error values the client returns. Every failure a caller should expect comes back as a
 * value beside the response (the server said no, the network failed, the call timed out or
 * was cancelled); only misuse throws (see runtime/client.ts).
 */

/** The server answered with the API's error envelope `{result: "error", msg, code, ...}`. */
export interface ApiError<Code extends string = never> {
  kind: 'api';
  /** HTTP status of the answer */
  status: number;
  /** one of the codes the operation documents, or any other code the server sends */
  code: Code | (string & {});
  msg: string;
  /** the other fields of the error body, as sent (e.g. `stream` of STREAM_DOES_NOT_EXIST) */
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

export type ClientError<Code extends string = never> = ApiError<Code> | TransportError;

/** What a method call resolves to: data, or an error value; the response when there was one. */
export type CallResult<Data, Code extends string = never> =
  | { data: Data; error?: undefined; response: Response }
  | { data?: undefined; error: ClientError<Code>; response: Response | undefined };

/** The error value of a non-2xx answer, from its parsed body (openapi-fetch parses JSON when it can). */
export function errorFromAnswer(response: Response, body: unknown): ClientError<string> {
  if (isErrorEnvelope(body)) {
    const { code, msg, ...rest } = body;
    return { ...rest, kind: 'api', status: response.status, code, msg };
  }
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
    msg: `the answer is not valid JSON: ${why}`,
    body: text,
    cause: error,
  };
}

function isErrorEnvelope(
  body: unknown,
): body is { code: string; msg: string; [field: string]: unknown } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return typeof b.code === 'string' && typeof b.msg === 'string';
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
