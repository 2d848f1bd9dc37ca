// runtime/client-errors.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * The error values the client returns. Every failure a caller should expect comes back as a
 * value beside the response (the server said no, the network failed, the call timed out or
 * was cancelled); only misuse throws (see runtime/client.ts).
 */
/** The error value of a non-2xx answer, from its parsed body (openapi-fetch parses JSON when it can). */
export function errorFromAnswer(response, body) {
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
export function invalidAnswer(response, text, error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
        kind: 'invalid-response',
        status: response.status,
        msg: `the answer is not valid JSON: ${why}`,
        body: text,
        cause: error,
    };
}
function isErrorEnvelope(body) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
        return false;
    const b = body;
    return typeof b.code === 'string' && typeof b.msg === 'string';
}
/**
 * The error value of a call that got no usable answer. `timedOut` and `cancelled` say which of
 * the call's signals fired, because the error fetch throws looks the same for both.
 */
export function errorFromThrow(error, why) {
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
