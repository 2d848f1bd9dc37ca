/**
 * Retries of the generated client (`retryPolicy`) against a loopback server that fails the first
 * attempts as a real one can: the connection reset, 503 with `Retry-After: 1`, 429 with an HTTP
 * date. The waits are measured between the attempts' arrivals at the server and asserted from
 * below only (a busy machine can only make them longer); POST /messages is never sent twice; an
 * abort or a timeout ends the waiting at once: well before a Retry-After of 29 s would end it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createApiClient,
  idempotentOperations,
  retryPolicy,
  type RetryEvent,
} from '../../generated/client.js';
import { retryAfterMs } from '../../runtime/client-retry.js';
import { listenLoopback, stopServer } from '../loopback-server.js';

/**
 * A Retry-After the policy would wait (under its 30 s maxDelayMs), and the bound a call that must
 * not wait it stays under: far above an abort or timeout that ends the wait at once (ms, or a
 * second on a busy machine), far below the wait itself.
 */
const LONG_RETRY_AFTER = '29';
const AT_ONCE_MS = 15_000;

type Step =
  'reset' | { status: number; headers?: Record<string, string> | (() => Record<string, string>) };

let server: Server;
let base: string;
/** what the server does with the next requests, in order; then 200 */
let script: Step[] = [];
/** arrival time of each request (ms, performance.now) and its method and path */
let arrivals: { at: number; method: string; path: string }[] = [];

const OK = { result: 'success', msg: '', message: { id: 1 }, raw_content: '' };

function answer(req: IncomingMessage, res: ServerResponse): void {
  arrivals.push({ at: performance.now(), method: req.method ?? '', path: req.url ?? '' });
  req.resume();
  const step = script.shift();
  if (step === 'reset') {
    req.socket.destroy();
    return;
  }
  const status = step?.status ?? 200;
  const headers = typeof step?.headers === 'function' ? step.headers() : step?.headers;
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(
    JSON.stringify(
      status === 200 ? OK : { result: 'error', msg: `status ${status}`, code: 'BAD_REQUEST' },
    ),
  );
}

beforeAll(async () => {
  server = createServer(answer);
  base = `http://127.0.0.1:${await listenLoopback(server)}`;
});
afterAll(() => stopServer(server));
beforeEach(() => {
  script = [];
  arrivals = [];
});

const gaps = () => arrivals.slice(1).map((a, i) => a.at - arrivals[i].at);

function client(events: RetryEvent[] = [], options: Parameters<typeof retryPolicy>[0] = {}) {
  return createApiClient({
    baseUrl: base,
    email: 'iago@example.com',
    apiKey: 'key',
    retry: retryPolicy({ initialDelayMs: 40, onRetry: (e) => events.push(e), ...options }),
  });
}

describe('retries', () => {
  it('a read survives a reset connection, a 503 with Retry-After: 1 and a 429 with an HTTP date', async () => {
    const events: RetryEvent[] = [];
    // An HTTP date has whole seconds: two seconds ahead is one to two seconds of waiting.
    const date = () => ({ 'Retry-After': new Date(Date.now() + 2000).toUTCString() });
    script = [
      'reset',
      { status: 503, headers: { 'Retry-After': '1' } },
      { status: 429, headers: date },
    ];
    const result = await client(events, { maxAttempts: 4 }).getMessage({ message_id: 1 });
    expect(result.error).toBeUndefined();
    expect(result.data?.message.id).toBe(1);
    expect(arrivals.length).toBe(4);
    const [afterReset, after503, after429] = gaps();
    expect(afterReset).toBeGreaterThanOrEqual(15); // backoff 40 ms less at most half of it
    expect(after503).toBeGreaterThanOrEqual(950);
    expect(after429).toBeGreaterThanOrEqual(900);
    expect(events.map((e) => [e.attempt, e.status, e.retryAfter])).toEqual([
      [1, undefined, false],
      [2, 503, true],
      [3, 429, true],
    ]);
    expect(events[0].error).toBeDefined();
    expect(events[1].delayMs).toBe(1000);
  }, 30_000);

  it('POST /messages is never repeated, whatever the failure', async () => {
    const events: RetryEvent[] = [];
    const api = client(events, { maxAttempts: 5 });
    expect(idempotentOperations.sendMessage).toBe(false);
    const params = { type: 'channel' as const, to: 'general', topic: 't', content: 'hi' };
    for (const step of [
      'reset',
      { status: 503, headers: { 'Retry-After': '0' } },
      { status: 429 },
    ] as Step[]) {
      arrivals = [];
      script = [step, step, step];
      const result = await api.sendMessage(params);
      expect(result.error).toBeDefined();
      expect(arrivals.map((a) => a.method)).toEqual(['POST']);
    }
    expect(events).toEqual([]);
  });

  it('an operation the contract marks safe to repeat is retried whatever its method', async () => {
    expect(idempotentOperations.updateMessageFlags).toBe(true);
    script = [{ status: 502 }];
    const result = await client().updateMessageFlags({ messages: [1], op: 'add', flag: 'read' });
    expect(arrivals.map((a) => a.method)).toEqual(['POST', 'POST']);
    expect(result.response?.status).toBe(200);
  });

  it('an aborted signal ends the waiting at once', async () => {
    script = [{ status: 503, headers: { 'Retry-After': LONG_RETRY_AFTER } }];
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 100);
    const result = await client().getMessage({ message_id: 1 }, { signal: controller.signal });
    expect(result.error?.kind).toBe('aborted');
    expect(performance.now() - started).toBeLessThan(AT_ONCE_MS); // 29 s if it kept waiting
    expect(arrivals.length).toBe(1);
  }, 60_000);

  it('timeoutMs bounds the whole call, waits included', async () => {
    script = [{ status: 503, headers: { 'Retry-After': LONG_RETRY_AFTER } }];
    const started = performance.now();
    const result = await client().getMessage({ message_id: 1 }, { timeoutMs: 300 });
    expect(result.error?.kind).toBe('timeout');
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(performance.now() - started).toBeLessThan(AT_ONCE_MS); // 29 s if it kept waiting
  }, 60_000);

  it('gives the last answer when attempts, total time or a too long Retry-After run out', async () => {
    script = Array(9).fill({ status: 504 });
    const attempts = await client([], { maxAttempts: 3 }).getMessage({ message_id: 1 });
    expect(attempts.error?.status).toBe(504);
    expect(arrivals.length).toBe(3);

    arrivals = [];
    script = [{ status: 503, headers: { 'Retry-After': '3600' } }];
    const tooLong = await client().getMessage({ message_id: 1 });
    expect(tooLong.error?.status).toBe(503);
    expect(arrivals.length).toBe(1);

    // The first retry fits the budget (the first answer comes in far under 5 s), the second
    // wait (6 s) cannot: bounded from below, so a busy machine does not change the count.
    arrivals = [];
    script = [
      { status: 503, headers: { 'Retry-After': '0' } },
      ...Array(8).fill({ status: 503, headers: { 'Retry-After': '6' } }),
    ];
    const budget = await client([], { maxAttempts: 9, maxElapsedMs: 5000 }).getMessage({
      message_id: 1,
    });
    expect(budget.error?.status).toBe(503);
    expect(arrivals.length).toBe(2);
  }, 20_000);

  it('not on other statuses, and not for a call that says retry: false', async () => {
    script = [{ status: 500 }];
    expect((await client().getMessage({ message_id: 1 })).error?.status).toBe(500);
    expect(arrivals.length).toBe(1);
    arrivals = [];
    script = [{ status: 503 }];
    const once = await client().getMessage({ message_id: 1 }, { retry: false });
    expect(once.error?.status).toBe(503);
    expect(arrivals.length).toBe(1);
  });

  it('a call can bring its own policy; a client without one never retries', async () => {
    script = [{ status: 503 }, { status: 503 }];
    const plain = createApiClient({ baseUrl: base, email: 'e@example.com', apiKey: 'k' });
    expect((await plain.getMessage({ message_id: 1 })).error?.status).toBe(503);
    expect(arrivals.length).toBe(1);
    arrivals = [];
    const own = await plain.getMessage(
      { message_id: 1 },
      { retry: retryPolicy({ initialDelayMs: 1, maxAttempts: 2 }) },
    );
    expect(own.error).toBeUndefined();
    expect(arrivals.length).toBe(2);
    await expect(
      plain.getMessage({ message_id: 1 }, { retry: { maxAttempts: 2 } as never }),
    ).rejects.toThrow(/retryPolicy/);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['0', 0],
    ['120', 120_000],
    ['Thu, 01 Jan 2026 00:00:05 GMT', 5000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', undefined],
    ['-1', undefined],
  ])('%s → %s ms', (header, ms) => {
    expect(retryAfterMs(header, now)).toBe(ms);
  });
});
