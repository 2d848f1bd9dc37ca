/**
 * Retries of requests that are safe to repeat, as a policy object a client (or one call) is
 * given: `createApiClient({ ..., retry: retryPolicy({ maxAttempts: 4 }) })`. The client core only
 * hands the policy its attempts (runtime/client.ts); everything retries need lives here, so a
 * client that is given no policy carries none of it.
 *
 * What is retried: a request that got no answer (the connection failed or was reset) or an
 * answer whose status says "try again" (408, 429, 502, 503, 504 by default), and only for an
 * operation that is safe to repeat: the contract's `x-idempotent` where it says so
 * (generator/model/idempotency.ts: the generated `idempotentOperations`), else its method (GET,
 * HEAD, OPTIONS, TRACE, PUT, DELETE). Never a call the caller aborted or that ran out of its
 * `timeoutMs`: those end the waiting at once.
 *
 * How long to wait: the answer's `Retry-After` (seconds or an HTTP date), else exponential
 * backoff with jitter: `initialDelayMs * 2^(n-1)`, at most `maxDelayMs`, less a random part of up
 * to `jitter` of it (default half). A wait that would end past `maxElapsedMs` since the first
 * attempt, or a `Retry-After` longer than `maxDelayMs`, is not waited: the last answer (or
 * failure) is the call's result.
 */

/** What a retry policy is told of each retry, before it waits. */
export interface RetryEvent {
  operationId: string;
  /** the attempt that failed (1 for the first) */
  attempt: number;
  /** how long the policy waits before the next attempt */
  delayMs: number;
  /** the answer's status, when there was an answer */
  status?: number;
  /** what the failed attempt threw, when there was no answer */
  error?: unknown;
  /** whether the wait comes from the answer's `Retry-After` */
  retryAfter: boolean;
}

export interface RetryOptions {
  /** attempts in all, the first one included (default 3) */
  maxAttempts?: number;
  /** no wait may end later than this after the first attempt started (default 60000) */
  maxElapsedMs?: number;
  /** the first backoff (default 500); doubled at each retry */
  initialDelayMs?: number;
  /** the longest backoff, and the longest `Retry-After` honoured (default 30000) */
  maxDelayMs?: number;
  /** the share of each backoff that is random, 0 to 1 (default 0.5) */
  jitter?: number;
  /** the answer statuses retried (default 408, 429, 502, 503, 504) */
  statuses?: readonly number[];
  /** told of each retry before its wait */
  onRetry?: (event: RetryEvent) => void;
  /** the random source of the jitter (tests make it fixed); default Math.random */
  random?: () => number;
}

/** An attempt's outcome as the policy sees it: an answer (its status and headers). */
export interface AttemptAnswer {
  response: Response;
}

/** What the client hands a policy: the operation, one attempt to run again, the call's signal. */
export interface RetryPolicy {
  run<A extends AttemptAnswer>(
    operation: { operationId: string; method: string },
    attempt: () => Promise<A>,
    signal: AbortSignal | undefined,
  ): Promise<A>;
  /** the same policy with some options changed (for one call: `{ retry: policy.with({ maxAttempts: 1 }) }`) */
  with(options: RetryOptions): RetryPolicy;
}

/** The methods RFC 9110 §9.2.2 calls idempotent: what is retried where the contract says nothing. */
export const IDEMPOTENT_METHODS: readonly string[] = [
  'GET',
  'HEAD',
  'OPTIONS',
  'TRACE',
  'PUT',
  'DELETE',
];
const DEFAULT_STATUSES: readonly number[] = [408, 429, 502, 503, 504];

/**
 * A retry policy. `idempotent` is the contract's word per operationId where it has one (the
 * generated client binds it: `retryPolicy` of the bindings); other operations go by method.
 */
export function createRetryPolicy(
  options: RetryOptions = {},
  idempotent: { readonly [operationId: string]: boolean } = {},
): RetryPolicy {
  const o = checkOptions(options);
  const maxAttempts = o.maxAttempts ?? 3;
  const maxDelay = o.maxDelayMs ?? 30_000;
  const statuses = new Set(o.statuses ?? DEFAULT_STATUSES);
  const random = o.random ?? Math.random;
  const safe = (op: { operationId: string; method: string }) =>
    Object.hasOwn(idempotent, op.operationId)
      ? idempotent[op.operationId]
      : IDEMPOTENT_METHODS.includes(op.method.toUpperCase());
  /** The wait before the attempt after the `n`th, or undefined to give up. */
  const waitAfter = (n: number, answer: AttemptAnswer | undefined, started: number) => {
    if (n >= maxAttempts) return undefined;
    const told = answer ? retryAfterMs(answer.response.headers.get('Retry-After')) : undefined;
    if (told !== undefined && told > maxDelay) return undefined;
    const ms = told ?? backoff(n, o.initialDelayMs ?? 500, maxDelay, o.jitter ?? 0.5, random);
    if (Date.now() + ms - started > (o.maxElapsedMs ?? 60_000)) return undefined;
    return { ms, told: told !== undefined };
  };
  return {
    with: (more) => createRetryPolicy({ ...options, ...more }, idempotent),
    async run<A extends AttemptAnswer>(
      operation: { operationId: string; method: string },
      attempt: () => Promise<A>,
      signal: AbortSignal | undefined,
    ): Promise<A> {
      if (!safe(operation) || maxAttempts <= 1) return attempt();
      const started = Date.now();
      for (let n = 1; ; n++) {
        let answer: A | undefined;
        let thrown: unknown;
        try {
          answer = await attempt();
        } catch (error) {
          // An abort or a timeout is the caller's decision: never retried.
          if (signal?.aborted) throw error;
          thrown = error;
        }
        if (answer && !statuses.has(answer.response.status)) return answer;
        const wait = waitAfter(n, answer, started);
        if (!wait) {
          if (answer) return answer;
          throw thrown;
        }
        o.onRetry?.({
          operationId: operation.operationId,
          attempt: n,
          delayMs: wait.ms,
          ...(answer ? { status: answer.response.status } : { error: thrown }),
          retryAfter: wait.told,
        });
        await sleep(wait.ms, signal);
      }
    },
  };
}

/** `initialDelayMs * 2^(n-1)` within `maxDelayMs`, less a random share of up to `jitter`. */
function backoff(
  n: number,
  initial: number,
  max: number,
  jitter: number,
  random: () => number,
): number {
  const base = Math.min(max, initial * 2 ** (n - 1));
  return Math.round(base * (1 - jitter * random()));
}

/** `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP date; undefined when neither. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP date form starts with the day's name (RFC 9110 §5.6.7).
  const date = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason the moment it aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

function checkOptions(o: RetryOptions): RetryOptions {
  if (!o || typeof o !== 'object') throw new TypeError('retry options must be an object');
  const counts: (keyof RetryOptions)[] = [
    'maxAttempts',
    'maxElapsedMs',
    'initialDelayMs',
    'maxDelayMs',
  ];
  for (const key of counts) {
    const v = o[key];
    if (v !== undefined && (typeof v !== 'number' || !(v >= (key === 'maxAttempts' ? 1 : 0))))
      throw new TypeError(`retry ${key} must be a number ≥ ${key === 'maxAttempts' ? 1 : 0}`);
  }
  if (o.jitter !== undefined && !(o.jitter >= 0 && o.jitter <= 1))
    throw new TypeError('retry jitter must be between 0 and 1');
  return o;
}
