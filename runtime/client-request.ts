/**
 * Small pieces of one client request that need no operation table: where the API lives, and
 * the signal that ends a call (client signal, call signal, timeout).
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
  if (typeof given !== 'string') throw new TypeError(`baseUrl must be a string, not ${given === undefined ? 'missing' : typeof given}`);
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*)?([^?#]*)$/.exec(given.trim());
  if (!m) throw new TypeError(`baseUrl '${given}' must not carry a query or fragment`);
  const origin = m[1] ?? '';
  if (origin === '' && /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(m[2])) throw new TypeError(`baseUrl '${given}' is not an http(s) URL`);
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

/** One signal from the client's, the call's and a timeout's; the timer runs until `done()`. */
export function callSignal(clientSignal: AbortSignal | undefined, ownSignal: unknown, timeoutMs: unknown): CallSignal {
  if (ownSignal !== undefined && !(ownSignal instanceof AbortSignal)) throw new TypeError('signal must be an AbortSignal');
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs))) {
    throw new TypeError(`timeoutMs must be a positive number of milliseconds, not ${String(timeoutMs)}`);
  }
  const timeout = timeoutMs === undefined ? undefined : new AbortController();
  const timer = timeout && setTimeout(() => timeout.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs as number);
  const signals = [clientSignal, ownSignal as AbortSignal | undefined, timeout?.signal].filter((s): s is AbortSignal => s !== undefined);
  return {
    signal: signals.length <= 1 ? signals[0] : AbortSignal.any(signals),
    why: () => ({
      timedOut: timeout?.signal.aborted === true && !clientSignal?.aborted && !(ownSignal as AbortSignal | undefined)?.aborted,
      cancelled: clientSignal?.aborted === true || (ownSignal as AbortSignal | undefined)?.aborted === true,
      timeoutMs: timeoutMs as number | undefined,
    }),
    done: () => clearTimeout(timer),
  };
}
