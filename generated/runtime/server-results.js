// runtime/server-results.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * What a handler returns, and the helpers that build the API's envelopes. Shared by the request
 * listener (runtime/server.ts), the generated handler types (generated/server.ts) and the
 * starter implementations `tms-gen scaffold` writes. No contract knowledge.
 */
/** A 200 success envelope around `fields`: `ok({id: 42})` → `{result: 'success', msg: '', id: 42}`. */
export function ok(fields) {
    return { status: 200, body: { result: 'success', msg: '', ...(fields ?? {}) } };
}
/**
 * An error envelope: `error(400, 'BAD_REQUEST', 'Invalid flag')`, or with extra fields
 * `error(400, 'STREAM_DOES_NOT_EXIST', "Channel 'x' does not exist", {stream: 'x'})`.
 */
export function error(status, code, msg, extra) {
    return { status, body: { ...(extra ?? {}), result: 'error', msg, code } };
}
/** What a starter implementation answers until someone writes the real one. */
export function notImplemented(operationId) {
    return error(501, 'NOT_IMPLEMENTED', `The operation ${operationId} is not implemented yet.`);
}
