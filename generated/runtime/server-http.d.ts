// runtime/server-http.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/**
 * The node:http plumbing of the request listener: reading a bounded body, parsing Basic
 * credentials, writing a JSON answer. Nothing here knows the API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
export type BodyRead = {
    ok: true;
    bytes: Uint8Array | undefined;
} | {
    ok: false;
    reason: 'too-large' | 'aborted';
};
/**
 * Reads the whole request body, giving up as soon as it passes `maxBytes` (a declared
 * Content-Length over the limit is refused before reading anything). The rest of an oversized
 * body is drained, not buffered, so the 413 answer still reaches the client. Without a body (or
 * when refused up front) the answer is immediate, not a promise: most requests are GETs, and a
 * caller that awaits only promises skips a turn of the event loop for them.
 */
export declare function readBody(req: IncomingMessage, maxBytes: number): BodyRead | Promise<BodyRead>;
export interface Credentials {
    /** the Basic username: the user's (or bot's) email address */
    email: string;
    /** the Basic password: the API key */
    apiKey: string;
}
/**
 * Basic credentials from the Authorization header; `undefined` when absent, `null` when
 * malformed. Parsed on every request, on purpose: a library that servers embed keeps no
 * process-wide table of API keys (a base64 decode costs about a microsecond).
 */
export declare function parseBasicAuth(header: string | undefined): Credentials | null | undefined;
/**
 * Writes `body` as JSON; never throws (a response already sent is left alone). One writeHead
 * with every header and one end(): the status line, headers and body leave in one write.
 */
export declare function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void;
/** The path and raw query of a request; under Express, `originalUrl` keeps a mount prefix that `url` lost. */
export declare function splitUrl(req: IncomingMessage): {
    path: string;
    query: string;
};
