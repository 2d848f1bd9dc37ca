// runtime/client-request.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * Small pieces of one client request that need no operation table: where the API lives, the
 * credentials, the headers, the signal that ends a call (client signal, call signal, timeout),
 * and how the request leaves when nobody else looks at it.
 */
/**
 * The URL every operation path is appended to. Users give either the server root
 * (`https://chat.example.com`) or the API root (`https://chat.example.com/api/v1`), with or
 * without a trailing slash; both mean the same API root. Relative roots (`/api/v1`, ``) are
 * kept relative, for browsers talking to their own origin.
 */
export function resolveBaseUrl(given, basePath) {
    if (typeof given !== 'string')
        throw new TypeError(`baseUrl must be a string, not ${given === undefined ? 'missing' : typeof given}`);
    const m = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*)?([^?#]*)$/.exec(given.trim());
    if (!m)
        throw new TypeError(`baseUrl '${given}' must not carry a query or fragment`);
    const origin = m[1] ?? '';
    if (origin === '' && /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(m[2]))
        throw new TypeError(`baseUrl '${given}' is not an http(s) URL`);
    const path = m[2].replace(/\/+$/, '');
    const base = basePath.replace(/\/+$/, '');
    return origin + (base !== '' && !path.endsWith(base) ? path + base : path);
}
/** A call nothing can end early (the common case), shared rather than built per call. */
const UNENDING = {
    signal: undefined,
    why: () => ({ timedOut: false, cancelled: false }),
    done: () => { },
};
/** One signal from the client's, the call's and a timeout's; the timer runs until `done()`. */
export function callSignal(clientSignal, ownSignal, timeoutMs) {
    if (ownSignal !== undefined && !(ownSignal instanceof AbortSignal))
        throw new TypeError('signal must be an AbortSignal');
    if (timeoutMs !== undefined &&
        (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs))) {
        throw new TypeError(`timeoutMs must be a positive number of milliseconds, not ${String(timeoutMs)}`);
    }
    if (clientSignal === undefined && ownSignal === undefined && timeoutMs === undefined)
        return UNENDING;
    const timeout = timeoutMs === undefined ? undefined : new AbortController();
    const timer = timeout &&
        setTimeout(() => timeout.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    const signals = [clientSignal, ownSignal, timeout?.signal].filter((s) => s !== undefined);
    return {
        signal: signals.length <= 1 ? signals[0] : AbortSignal.any(signals),
        why: () => ({
            timedOut: timeout?.signal.aborted === true &&
                !clientSignal?.aborted &&
                !ownSignal?.aborted,
            cancelled: clientSignal?.aborted === true || ownSignal?.aborted === true,
            timeoutMs: timeoutMs,
        }),
        done: () => clearTimeout(timer),
    };
}
/**
 * The fetch handed to openapi-fetch when nobody else sees the request (no custom fetch, no
 * middleware). openapi-fetch builds a Request and passes it to fetch; in undici building a
 * Request, copying its body into a stream and fetching it again cost about a quarter of a local
 * call. With nobody to see that Request, openapi-fetch is given `BareRequest` as its `Request`
 * option, and the request goes out from its parts: URL and method as openapi-fetch made them,
 * the headers, the wire model's bytes and the call's signal.
 */
export function directFetch(headers, body, signal) {
    const sent = headersToSend(headers);
    // TS 5.9 types BodyInit's typed arrays as ArrayBuffer-backed; the wire model's bytes are.
    return (request) => globalThis.fetch(request.url, {
        method: request.method,
        headers: sent,
        body: body,
        signal,
    });
}
/**
 * The headers a request sent without openapi-fetch carries, merged as openapi-fetch merges them
 * into a Headers object: names compare without case, a later name replaces an earlier one and
 * `null` removes it (so a caller's `authorization` cannot ride along where the client sets or
 * drops `Authorization`).
 */
export function headersToSend(headers) {
    const sent = {};
    const keyOf = new Map();
    for (const name in headers) {
        const value = headers[name];
        if (value === undefined)
            continue;
        const lower = name.toLowerCase();
        const earlier = keyOf.get(lower);
        if (earlier !== undefined)
            delete sent[earlier];
        if (value === null)
            keyOf.delete(lower);
        else {
            sent[name] = value;
            keyOf.set(lower, name);
        }
    }
    return sent;
}
/** What `directFetch` reads of the request openapi-fetch builds: the URL and the method. */
export class BareRequest {
    url;
    method;
    constructor(url, init) {
        this.url = url;
        this.method = init.method ?? 'GET';
    }
}
/** Headers as openapi-fetch accepts them (record, Headers, pairs) as one record; null deletes. */
export function headerRecord(headers) {
    if (headers === undefined || headers === null)
        return {};
    if (headers instanceof Headers || Array.isArray(headers))
        return Object.fromEntries(new Headers(headers));
    const out = {};
    for (const [name, value] of Object.entries(headers)) {
        if (value === null)
            out[name] = null;
        else if (value !== undefined)
            out[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return out;
}
export function basicAuthorization(email, apiKey) {
    if (email === undefined && apiKey === undefined)
        return undefined;
    if (typeof email !== 'string' || typeof apiKey !== 'string' || email === '' || apiKey === '') {
        throw new TypeError('email and apiKey go together: pass both (non-empty) or neither');
    }
    // btoa takes Latin-1 only; UTF-8 first so that any email encodes (RFC 7617 charset=UTF-8).
    const bytes = new TextEncoder().encode(`${email}:${apiKey}`);
    let binary = '';
    for (const b of bytes)
        binary += String.fromCharCode(b);
    return `Basic ${btoa(binary)}`;
}
/**
 * An answer read the way openapi-fetch 0.17 reads it with `parseAs: 'text'`, for calls sent
 * without it: no body for 204, HEAD or an empty answer; the text of a 2xx answer; the JSON (or,
 * failing that, the text) of any other. (openapi-fetch tells "empty" by `Content-Length: 0`, so a
 * chunked empty answer gives it `''`; here any empty body is no body.)
 */
export function answerOf(response, method, text) {
    if (response.status === 204 || method === 'HEAD' || text === '') {
        return response.ok ? { data: undefined, response } : { error: undefined, response };
    }
    if (response.ok)
        return { data: text, response };
    let error = text;
    try {
        error = JSON.parse(text);
    }
    catch {
        // not JSON: the text as is
    }
    return { error, response };
}
