// runtime/client-errors.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
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
export type CallResult<Data, Code extends string = never> = {
    data: Data;
    error?: undefined;
    response: Response;
} | {
    data?: undefined;
    error: ClientError<Code>;
    response: Response | undefined;
};
/** The error value of a non-2xx answer, from its parsed body (openapi-fetch parses JSON when it can). */
export declare function errorFromAnswer(response: Response, body: unknown): ClientError<string>;
/** The error value of a 2xx answer that says it is JSON but does not parse. */
export declare function invalidAnswer(response: Response, text: string, error: unknown): TransportError;
/**
 * The error value of a call that got no usable answer. `timedOut` and `cancelled` say which of
 * the call's signals fired, because the error fetch throws looks the same for both.
 */
export declare function errorFromThrow(error: unknown, why: {
    timedOut: boolean;
    cancelled: boolean;
    timeoutMs?: number;
}): TransportError;
