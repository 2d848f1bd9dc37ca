/**
 * A bounded, seeded fuzz of the three servers we ship, each really started on a loopback port
 * with its request timeout set to 1 s: the generated listener (handlers that refuse every call,
 * so only the pipeline is exercised), the stateful mock (real handlers, real state) and the
 * Prism front (Prism's engine behind it). For every request: no 5xx unless `Prefer: code=5xx`
 * asked for one, an answer within the timeout (no hang), and the API's envelope on every answer
 * that may carry a body. Then slow clients: half the headers, or half the body, and silence;
 * both are answered 408 in the envelope and cut off within the timeout.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePath, operations } from '../../generated/operations.js';
import { createRequestListener, error, type Handlers } from '../../generated/server.js';
import { createHttpServer } from '../../runtime/server.js';
import { createStatefulMock } from '../../mock/stateful/index.js';
import { startPrismMock, type RunningMock } from '../../mock/prism/start.js';
import { fuzzRequests, type FuzzRequest } from './fuzz-requests.js';
import { rawExchange, type RawAnswer } from './raw-http.js';
import { ADA, USERS } from './helpers.js';

const TIMEOUT_MS = 1_000;
/** Requests per server; three servers make a few thousand in all. */
const COUNT = Number(process.env.FUZZ_REQUESTS ?? 900);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_701);
const CONCURRENCY = 8;
/**
 * How long the test waits for an answer before it calls the server hung: far above any normal
 * answer (the servers cut off a slow request after TIMEOUT_MS), so a busy machine cannot trip it.
 * A hang guard, not a speed check: how fast the servers answer is bench/pipeline.ts's business.
 */
const HANG_GUARD_MS = 30_000;

interface Target {
  name: string;
  port: number;
  authorization: string;
  prefer: boolean;
  stop(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

const close = (server: Server) =>
  new Promise<void>((r) => {
    server.close(() => r());
    server.closeAllConnections();
  });

const targets: Target[] = [];
const logs: string[] = [];

beforeAll(async () => {
  // The generated listener: every handler refuses with a documented error, so every answer the
  // pipeline lets through is valid and any 5xx is the pipeline's own.
  const refuse = Object.fromEntries(
    Object.keys(operations).map((id) => [id, () => error(400, 'BAD_REQUEST', 'refused')]),
  ) as unknown as Handlers<unknown>;
  const listenerServer = createHttpServer(
    createRequestListener({
      handlers: refuse,
      authenticate: ({ email, apiKey }) => (USERS[email]?.key === apiKey ? USERS[email] : null),
      bodyTimeoutMs: TIMEOUT_MS,
      logger: { error: (m) => logs.push(m) },
    }),
    { requestTimeoutMs: TIMEOUT_MS },
  );
  const mock = createStatefulMock({
    bodyTimeoutMs: TIMEOUT_MS,
    logger: { error: (m) => logs.push(m) },
  });
  const maya = mock.credentials.find((c) => c.email === 'maya@example.com')!;
  const statefulServer = createHttpServer(mock.listener, { requestTimeoutMs: TIMEOUT_MS });
  const prism: RunningMock = await startPrismMock({ port: 0, requestTimeoutMs: TIMEOUT_MS });
  targets.push(
    {
      name: 'generated listener',
      port: await listen(listenerServer),
      authorization: ADA,
      prefer: false,
      stop: () => close(listenerServer),
    },
    {
      name: 'stateful mock',
      port: await listen(statefulServer),
      authorization: `Basic ${btoa(`${maya.email}:${maya.apiKey}`)}`,
      prefer: false,
      stop: () => close(statefulServer),
    },
    {
      name: 'Prism front',
      port: prism.port,
      authorization: `Basic ${btoa('iago@example.com:abcd1234')}`,
      prefer: true,
      stop: () => prism.stop(),
    },
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(targets.map((t) => t.stop()));
});

/** What is wrong with one answer, or null. */
function fault(request: FuzzRequest, answer: RawAnswer): string | null {
  if (answer.timedOut) return `no answer within ${answer.ms.toFixed(0)} ms (hang)`;
  // The server may close without answering only where HTTP leaves nothing to answer.
  if (answer.status === null) return 'connection closed without an answer';
  if (answer.status >= 500 && !request.asks5xx) return `status ${answer.status}: ${answer.body}`;
  if (request.head || answer.status === 204 || answer.status === 304) return null;
  if (!/^application\/json/.test(answer.headers['content-type'] ?? ''))
    return `status ${answer.status} without a JSON body (content-type ${answer.headers['content-type']})`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `status ${answer.status}, body is not JSON: ${answer.body.slice(0, 200)}`;
  }
  if (body.result === 'success' && answer.status < 300 && typeof body.msg === 'string') return null;
  if (
    body.result === 'error' &&
    answer.status >= 400 &&
    typeof body.msg === 'string' &&
    typeof body.code === 'string'
  )
    return null;
  return `status ${answer.status}, not the API's envelope: ${answer.body.slice(0, 200)}`;
}

async function runAll(target: Target, requests: FuzzRequest[]) {
  const faults: string[] = [];
  const statuses = new Map<number | null, number>();
  let next = 0;
  let slowest = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index];
      const answer = await rawExchange(target.port, request.bytes, { timeoutMs: HANG_GUARD_MS });
      slowest = Math.max(slowest, answer.ms);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const wrong = fault(request, answer);
      if (wrong) faults.push(`#${index} ${request.kind}: ${wrong}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { faults, statuses, slowest };
}

describe('seeded fuzz of every server', () => {
  for (const [i, name] of ['generated listener', 'stateful mock', 'Prism front'].entries()) {
    it(`${name}: ${COUNT} hostile requests, no 5xx, no hang, an envelope on every answer`, async () => {
      const target = targets.find((t) => t.name === name)!;
      const requests = fuzzRequests(SEED + i, COUNT, {
        basePath,
        operations: Object.values(operations),
        authorization: target.authorization,
        prefer: target.prefer,
      });
      const { faults, statuses } = await runAll(target, requests);
      expect(faults.slice(0, 10), faults.length ? `${faults.length} faults` : '').toEqual([]);
      // The fuzz reached every layer: refusals of node's parser, of the pipeline and answers.
      for (const status of [400, 401, 404]) expect(statuses.get(status) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(431) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(417) ?? 0).toBeGreaterThan(0);
      if (name !== 'generated listener') expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      expect(logs.filter((l) => !/response validation failed/.test(l))).toEqual([]);
    }, 180_000);
  }
});

describe('slow clients are cut off by the configured timeout (1 s)', () => {
  it('every server: half a body, half the headers, then silence (all at once)', async () => {
    const cases = targets.flatMap((target) => [
      {
        what: `${target.name}, half a body`,
        answer: rawExchange(
          target.port,
          `POST ${basePath}/messages HTTP/1.1\r\nHost: x\r\nAuthorization: ${target.authorization}\r\n` +
            'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ntype=direct',
          { timeoutMs: HANG_GUARD_MS },
        ),
      },
      {
        what: `${target.name}, half the headers`,
        answer: rawExchange(
          target.port,
          `GET ${basePath}/users HTTP/1.1\r\nHost: x\r\nAuthorization: ${target.authorization}\r\n`,
          { timeoutMs: HANG_GUARD_MS },
        ),
      },
    ]);
    expect(cases).toHaveLength(6);
    for (const { what, answer: pending } of cases) {
      const answer = await pending;
      expect(answer.timedOut, what).toBe(false);
      expect(answer.status, what).toBe(408);
      expect(JSON.parse(answer.body), what).toMatchObject({
        result: 'error',
        code: 'REQUEST_TIMEOUT',
      });
      // Not before the timeout (a load can only make it later). The end is not timed: a 408 in
      // the envelope before the hang guard is the server's own cut-off, however busy the machine.
      expect(answer.ms, what).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    }
  }, 120_000);
});
