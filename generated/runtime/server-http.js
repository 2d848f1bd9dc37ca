// runtime/server-http.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
const TOO_LARGE = Object.freeze({ ok: false, reason: 'too-large' });
const NO_BODY = Object.freeze({ ok: true, bytes: undefined });
/**
 * Reads the whole request body, giving up as soon as it passes `maxBytes` (a declared
 * Content-Length over the limit is refused before reading anything). The rest of an oversized
 * body is drained, not buffered, so the 413 answer still reaches the client. Without a body (or
 * when refused up front) the answer is immediate, not a promise: most requests are GETs, and a
 * caller that awaits only promises skips a turn of the event loop for them.
 */
export function readBody(req, maxBytes) {
    const length = req.headers['content-length'];
    const declared = Number(length);
    if (Number.isFinite(declared) && declared > maxBytes) {
        req.resume();
        return TOO_LARGE;
    }
    const hasBody = (length !== undefined && declared !== 0) || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody) {
        req.resume();
        return NO_BODY;
    }
    return new Promise((resolve) => {
        const chunks = [];
        let size = 0;
        let done = false;
        const finish = (result) => {
            if (done)
                return;
            done = true;
            resolve(result);
        };
        req.on('data', (chunk) => {
            if (done)
                return;
            size += chunk.length;
            if (size > maxBytes) {
                chunks.length = 0;
                finish({ ok: false, reason: 'too-large' });
                return;
            }
            chunks.push(chunk);
        });
        req.on('end', () => finish({ ok: true, bytes: size === 0 ? undefined : Buffer.concat(chunks) }));
        req.on('error', () => finish({ ok: false, reason: 'aborted' }));
        req.on('aborted', () => finish({ ok: false, reason: 'aborted' }));
    });
}
/**
 * Basic credentials from the Authorization header; `undefined` when absent, `null` when
 * malformed. Parsed on every request, on purpose: a library that servers embed keeps no
 * process-wide table of API keys (a base64 decode costs about a microsecond).
 */
export function parseBasicAuth(header) {
    if (header === undefined || header === '')
        return undefined;
    const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
    if (!match)
        return null;
    const text = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (colon <= 0)
        return null;
    return { email: text.slice(0, colon), apiKey: text.slice(colon + 1) };
}
/**
 * Writes `body` as JSON; never throws (a response already sent is left alone). One writeHead
 * with every header and one end(): the status line, headers and body leave in one write.
 */
export function sendJson(res, status, body, headers) {
    if (res.headersSent || res.writableEnded)
        return;
    const text = JSON.stringify(body);
    const length = String(Buffer.byteLength(text));
    if (headers === undefined)
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': length });
    else
        res.writeHead(status, {
            ...headers,
            'content-type': 'application/json',
            'content-length': length,
        });
    res.end(text);
}
/** The path and raw query of a request; under Express, `originalUrl` keeps a mount prefix that `url` lost. */
export function splitUrl(req) {
    const url = req.originalUrl ?? req.url ?? '/';
    const q = url.indexOf('?');
    return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q + 1) };
}
