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
export function resolveBaseUrl(given: unknown, basePath: string): string {
  if (typeof given !== 'string')
    throw new TypeError(
      `baseUrl must be a string, not ${given === undefined ? 'missing' : typeof given}`,
    );
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*)?([^?#]*)$/.exec(given.trim());
  if (!m) throw new TypeError(`baseUrl '${given}' must not carry a query or fragment`);
  const origin = m[1] ?? '';
  if (origin === '' && /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(m[2]))
    throw new TypeError(`baseUrl '${given}' is not an http(s) URL`);
  const path = m[2].replace(/\/+$/, '');
  const base = basePath.replace(/\/+$/, '');
  return origin + (base !== '' && !path.endsWith(base) ? path + base : path);
}

export interface CallSignal {
  /** undefined when nothing can end the call early */
  signal: AbortSignal | undefined;
  /** which signal fired, for the error value */
  why(): { timedOut: boolean; cancelled: boolean; timeoutMs?: number };
  /** stops the timer; call when the call is over */
  done(): void;
}

/** A call nothing can end early (the common case), shared rather than built per call. */
const UNENDING: CallSignal = {
  signal: undefined,
  why: () => ({ timedOut: false, cancelled: false }),
  done: () => {},
};

/** One signal from the client's, the call's and a timeout's; the timer runs until `done()`. */
export function callSignal(
  clientSignal: AbortSignal | undefined,
  ownSignal: unknown,
  timeoutMs: unknown,
): CallSignal {
  if (ownSignal !== undefined && !(ownSignal instanceof AbortSignal))
    throw new TypeError('signal must be an AbortSignal');
  if (
    timeoutMs !== undefined &&
    (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs))
  ) {
    throw new TypeError(
      `timeoutMs must be a positive number of milliseconds, not ${String(timeoutMs)}`,
    );
  }
  if (clientSignal === undefined && ownSignal === undefined && timeoutMs === undefined)
    return UNENDING;
  const timeout = timeoutMs === undefined ? undefined : new AbortController();
  const timer =
    timeout &&
    setTimeout(
      () => timeout.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs as number,
    );
  const signals = [clientSignal, ownSignal as AbortSignal | undefined, timeout?.signal].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  return {
    signal: signals.length <= 1 ? signals[0] : AbortSignal.any(signals),
    why: () => ({
      timedOut:
        timeout?.signal.aborted === true &&
        !clientSignal?.aborted &&
        !(ownSignal as AbortSignal | undefined)?.aborted,
      cancelled:
        clientSignal?.aborted === true || (ownSignal as AbortSignal | undefined)?.aborted === true,
      timeoutMs: timeoutMs as number | undefined,
    }),
    done: () => clearTimeout(timer),
  };
}

/**
 * The headers a request sent without openapi-fetch carries, merged as openapi-fetch merges them
 * into a Headers object: names compare without case, a later name replaces an earlier one and
 * `null` removes it (so a caller's `authorization` cannot ride along where the client sets or
 * drops `Authorization`).
 */
export function headersToSend(headers: Record<string, string | null>): Record<string, string> {
  const sent: Record<string, string> = {};
  const keyOf = new Map<string, string>();
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    const earlier = keyOf.get(lower);
    if (earlier !== undefined) delete sent[earlier];
    if (value === null) keyOf.delete(lower);
    else {
      sent[name] = value;
      keyOf.set(lower, name);
    }
  }
  return sent;
}

/** Headers as openapi-fetch accepts them (record, Headers, pairs) as one record; null deletes. */
export function headerRecord(headers: unknown): Record<string, string | null> {
  if (headers === undefined || headers === null) return {};
  if (headers instanceof Headers || Array.isArray(headers))
    return Object.fromEntries(
      new Headers(headers as HeadersInit) as unknown as Iterable<[string, string]>,
    );
  const out: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (value === null) out[name] = null;
    else if (value !== undefined)
      out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

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
export function answerOf(response: Response, method: string, text: string): Answer {
  if (response.status === 204 || method === 'HEAD' || text === '') {
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  }
  if (response.ok) return { data: text, response };
  let error: unknown = text;
  try {
    error = JSON.parse(text);
  } catch {
    // not JSON: the text as is
  }
  return { error, response };
}
