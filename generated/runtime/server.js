// runtime/server.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
import { parseBasicAuth, readBody, sendJson, splitUrl } from './server-http.js';
import { createRouter } from './server-router.js';
import { decodeRequest } from './wire.js';
export { ok, error, notImplemented } from './server-results.js';
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
};
const envelope = (code, msg) => ({ result: 'error', msg, code });
export function createRequestListener(options) {
    const router = createRouter(Object.values(options.operations), options.basePath ?? '');
    const validateResponses = options.validateResponses ?? process.env.NODE_ENV !== 'production';
    const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
    const logger = options.logger ?? { error: (m) => console.error(m) };
    const C = LISTENER_ERROR_CODES;
    return async function listener(req, res, next) {
        try {
            const { path, query } = splitUrl(req);
            const route = router.match(req.method ?? 'GET', path);
            if (route.kind === 'outside' && next)
                return next();
            if (route.kind === 'outside' || route.kind === 'no-path') {
                req.resume();
                return sendJson(res, 404, envelope(C.notFound, `No such endpoint: ${path}`));
            }
            if (route.kind === 'no-method') {
                req.resume();
                return sendJson(res, 405, envelope(C.methodNotAllowed, `Method ${req.method} is not allowed on ${path}; allowed: ${route.allowed.join(', ')}`), { allow: route.allowed.join(', ') });
            }
            const op = route.operation;
            // Authenticate before reading the body: an unauthenticated client learns nothing else.
            let user = null;
            if (op.auth !== 'none') {
                const credentials = parseBasicAuth(req.headers.authorization);
                if (credentials === null || (credentials === undefined && op.auth === 'required')) {
                    req.resume();
                    return sendJson(res, 401, envelope(C.unauthorized, 'Authentication required: HTTP Basic with your email address and API key.'), { 'www-authenticate': 'Basic realm="api"' });
                }
                if (credentials) {
                    const found = options.authenticate(credentials, req);
                    // Hooks are usually synchronous: awaiting only a promise saves a turn of the event loop.
                    user = (isPromise(found) ? await found : found) ?? null;
                    if (user === null) {
                        req.resume();
                        return sendJson(res, 401, envelope(C.unauthorized, 'Invalid credentials: unknown email address or API key.'), { 'www-authenticate': 'Basic realm="api"' });
                    }
                }
            }
            const reading = readBody(req, maxBodyBytes);
            const read = isPromise(reading) ? await reading : reading;
            if (!read.ok) {
                if (read.reason === 'aborted')
                    return;
                return sendJson(res, 413, envelope(C.tooLarge, `Request body larger than ${maxBodyBytes} bytes.`), { connection: 'close' });
            }
            const decoded = decodeRequest(op, {
                pathParams: route.pathParams,
                query,
                contentType: req.headers['content-type'],
                body: read.bytes,
                headers: req.headers,
            }, { lenientLocation: op.method === 'PATCH' || op.method === 'DELETE' });
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
                return sendJson(res, 400, envelope(C.badRequest, `Invalid request: ${describeIssues(checked.errors)}`));
            }
            const handler = options.handlers[op.operationId];
            if (!handler) {
                return sendJson(res, 501, envelope(C.notImplemented, `The operation ${op.operationId} is not implemented.`));
            }
            const ignored = decoded.unknown;
            // Flattened by name: the description lists path, query and body parameters side by side.
            const params = flatten(op, value);
            const context = {
                user,
                operationId: op.operationId,
                ignoredParameters: ignored,
                request: req,
            };
            let result;
            try {
                const answer = handler(params, context);
                result = isPromise(answer) ? await answer : answer;
            }
            catch (error) {
                logger.error(`handler ${op.operationId} threw: ${error?.stack ?? String(error)}`);
                return sendJson(res, 500, envelope(C.internal, 'Internal server error.'));
            }
            if (!result || typeof result !== 'object' || typeof result.status !== 'number') {
                logger.error(`handler ${op.operationId} returned no {status, body} result`);
                return sendJson(res, 500, envelope(C.internal, `The server's handler for ${op.operationId} returned no response.`));
            }
            let body = result.body;
            if (ignored.length > 0 &&
                result.status >= 200 &&
                result.status < 300 &&
                isSuccessEnvelope(body)) {
                const already = Array.isArray(body.ignored_parameters_unsupported)
                    ? body.ignored_parameters_unsupported
                    : [];
                body = { ...body, ignored_parameters_unsupported: [...new Set([...already, ...ignored])] };
            }
            if (validateResponses) {
                const verdict = options.validators.validateResponse(op.operationId, result.status, body);
                if (!verdict.valid) {
                    const what = describeIssues(verdict.errors);
                    logger.error(`response validation failed for ${op.operationId} (status ${result.status}): ${what}`);
                    return sendJson(res, 500, envelope(C.internal, `Response validation failed for ${op.operationId} (status ${result.status}): ${what}`));
                }
            }
            sendJson(res, result.status, body, result.headers);
        }
        catch (error) {
            // Anything else is a bug of the server or of a hook; the client gets no internals.
            logger.error(`request ${req.method} ${req.url} failed: ${error?.stack ?? String(error)}`);
            sendJson(res, 500, envelope(C.internal, 'Internal server error.'));
        }
    };
}
/** Path, query and body parameters side by side; the body's fields for a form body, `body` otherwise. */
function flatten(op, value) {
    if (op.body === undefined)
        return { ...value.path, ...value.query };
    if (op.body.kind !== 'form')
        return { ...value.path, ...value.query, body: value.body };
    return { ...value.path, ...value.query, ...value.body };
}
function isPromise(value) {
    return typeof value?.then === 'function';
}
function describeIssues(errors) {
    const shown = errors.slice(0, 5).map((e) => `${e.pointer || '/'} ${e.message}`);
    if (errors.length > 5)
        shown.push(`and ${errors.length - 5} more`);
    return shown.join('; ');
}
function isSuccessEnvelope(body) {
    return (typeof body === 'object' &&
        body !== null &&
        !Array.isArray(body) &&
        body.result === 'success');
}
