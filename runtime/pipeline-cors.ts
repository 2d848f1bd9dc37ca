/**
 * CORS for the servers, so a web app served from another origin (or a page opened from disk,
 * whose origin is `null`) can call them. Resolved once per server; per request it is a lookup.
 *
 * Only "simple" cross-origin use is offered: the API authenticates with an explicit
 * Authorization header, never with cookies, so no Access-Control-Allow-Credentials.
 */

export interface CorsOptions {
  /**
   * Origins allowed to call: `'*'` for any (including `null`), or exact origins such as
   * `'http://localhost:5173'` and `'null'` (pages opened from disk, sandboxed frames).
   */
  origins: '*' | string[];
  /** how long a browser may cache a preflight answer, in seconds (default 600) */
  maxAgeSeconds?: number;
}

export interface Cors {
  /** headers to add to an answer for this Origin; undefined when none apply */
  headersFor(origin: string | undefined): Record<string, string> | undefined;
  /** the answer to a preflight from this origin (204; without CORS headers if the origin is refused) */
  preflight(
    origin: string | undefined,
    requestHeaders: string | undefined,
  ): { status: 204; headers: Record<string, string> };
}

/** Methods the API's operations use; a preflight allows them all, the route answers 405 itself. */
const METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** Allowed when a preflight names none: what the generated client and the mocks' users send. */
const DEFAULT_HEADERS = 'authorization, content-type, prefer';
/** A comma-separated list of header names (RFC 9110 tokens), nothing else echoed back. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

export function createCors(options: CorsOptions | boolean | undefined): Cors | undefined {
  if (options === undefined || options === false) return undefined;
  const config: CorsOptions = options === true ? { origins: '*' } : options;
  const any = config.origins === '*';
  const allowed = new Set(any ? [] : config.origins);
  const maxAge = String(config.maxAgeSeconds ?? 600);
  // With '*' the answer does not depend on the Origin (one cacheable header); otherwise it
  // echoes the allowed origin and says that it varies.
  const ANY: Record<string, string> = Object.freeze({
    'access-control-allow-origin': '*',
  }) as never;

  const headersFor = (origin: string | undefined): Record<string, string> | undefined => {
    if (origin === undefined) return undefined;
    if (any) return ANY;
    if (!allowed.has(origin)) return { vary: 'origin' };
    return { 'access-control-allow-origin': origin, vary: 'origin' };
  };

  return {
    headersFor,
    preflight(origin, requestHeaders) {
      const base = headersFor(origin);
      if (base === undefined || base['access-control-allow-origin'] === undefined)
        return { status: 204, headers: { ...base } };
      const asked = requestHeaders?.trim();
      return {
        status: 204,
        headers: {
          ...base,
          'access-control-allow-methods': METHODS,
          'access-control-allow-headers':
            asked && HEADER_LIST.test(asked) ? asked : DEFAULT_HEADERS,
          'access-control-max-age': maxAge,
        },
      };
    },
  };
}

/** Origins from a command line: `*`, or a comma-separated list (`null` for pages opened from disk). */
export function parseOrigins(text: string | undefined): '*' | string[] | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '*') return '*';
  return text
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}
