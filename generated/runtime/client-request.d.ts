// runtime/client-request.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * Small pieces of one client request that need no operation table: where the API lives, the
 * credentials, the headers, the signal that ends a call (client signal, call signal, timeout),
 * and how the request leaves when nobody else looks at it.
 */
/** A request's parameters by location, before the wire model encodes them. */
export interface RequestParts {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    header?: Record<string, unknown>;
    /** form fields by name, or the whole body of a non-form request */
    body?: unknown;
}
/**
 * The URL every operation path is appended to. Users give either the server root
 * (`https://chat.example.com`) or the API root (`https://chat.example.com/api/v1`), with or
 * without a trailing slash; both mean the same API root. Relative roots (`/api/v1`, ``) are
 * kept relative, for browsers talking to their own origin.
 */
export declare function resolveBaseUrl(given: unknown, basePath: string): string;
export interface CallSignal {
    /** undefined when nothing can end the call early */
    signal: AbortSignal | undefined;
    /** which signal fired, for the error value */
    why(): {
        timedOut: boolean;
        cancelled: boolean;
        timeoutMs?: number;
    };
    /** stops the timer; call when the call is over */
    done(): void;
}
/** One signal from the client's, the call's and a timeout's; the timer runs until `done()`. */
export declare function callSignal(clientSignal: AbortSignal | undefined, ownSignal: unknown, timeoutMs: unknown): CallSignal;
/**
 * The fetch handed to openapi-fetch when nobody else sees the request (no custom fetch, no
 * middleware). openapi-fetch builds a Request and passes it to fetch; in undici building a
 * Request, copying its body into a stream and fetching it again cost about a quarter of a local
 * call. With nobody to see that Request, openapi-fetch is given `BareRequest` as its `Request`
 * option, and the request goes out from its parts: URL and method as openapi-fetch made them,
 * the headers, the wire model's bytes and the call's signal.
 */
export declare function directFetch(headers: Record<string, string | null>, body: string | Uint8Array | Blob | undefined, signal: AbortSignal | undefined): (request: Request) => Promise<Response>;
/**
 * The headers a request sent without openapi-fetch carries, merged as openapi-fetch merges them
 * into a Headers object: names compare without case, a later name replaces an earlier one and
 * `null` removes it (so a caller's `authorization` cannot ride along where the client sets or
 * drops `Authorization`).
 */
export declare function headersToSend(headers: Record<string, string | null>): Record<string, string>;
/** What `directFetch` reads of the request openapi-fetch builds: the URL and the method. */
export declare class BareRequest {
    readonly url: string;
    readonly method: string;
    constructor(url: string, init: {
        method?: string;
    });
}
/** Headers as openapi-fetch accepts them (record, Headers, pairs) as one record; null deletes. */
export declare function headerRecord(headers: unknown): Record<string, string | null>;
export declare function basicAuthorization(email: string | undefined, apiKey: string | undefined): string | undefined;
/** A call's outcome as openapi-fetch gives it: `data` for a 2xx answer, `error` otherwise. */
export interface Answer {
    data?: unknown;
    error?: unknown;
    response: Response;
}
/**
 * An answer read the way openapi-fetch 0.17 reads it with `parseAs: 'text'`, for calls sent
 * without it: no body for 204, HEAD or an empty answer; the text of a 2xx answer; the JSON (or,
 * failing that, the text) of any other. (openapi-fetch tells "empty" by `Content-Length: 0`, so a
 * chunked empty answer gives it `''`; here any empty body is no body.)
 */
export declare function answerOf(response: Response, method: string, text: string): Answer;
