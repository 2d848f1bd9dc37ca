/**
 * The proxy (contract-runner/proxy/) in front of a small live server of our contract: traffic
 * passes unchanged both ways, and each exchange is judged by the servers' pipeline (the request)
 * and the runner's judge (the answer): a broken field, an error that is no error body, an invalid
 * request and a path the contract does not have are each reported; good traffic is not.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as validators from '../../generated/validators.js';
import { contractTables } from '../../mock/contract-tables.js';
import { startProxy, type RunningProxy } from '../../contract-runner/proxy/server.js';
import { createTrafficReport } from '../../contract-runner/proxy/traffic-report.js';
import { createExchangeJudge } from '../../contract-runner/proxy/verdict.js';
import { listenLoopback, stopServer } from '../loopback-server.js';

/** A member as the contract's own example of GET /users has it (set in beforeAll). */
let USER: unknown;

/** Answers GET /users as `members` says; anything else 404 in the envelope. */
let members: unknown = [];
let status = 200;
const upstream: Server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-upstream-saw', `${req.method} ${req.url} [${body}]`);
    if (req.url?.startsWith('/api/v1/users') && req.method === 'GET') {
      res.writeHead(status);
      res.end(JSON.stringify({ result: 'success', msg: '', members }));
    } else {
      res.writeHead(400);
      res.end(JSON.stringify({ result: 'error', msg: 'no', code: 'BAD_REQUEST' }));
    }
  });
});

let proxy: RunningProxy;
const lines: string[] = [];
let traffic: ReturnType<typeof createTrafficReport>;

beforeAll(async () => {
  const port = await listenLoopback(upstream);
  const loaded = await contractTables('openapi/openapi.yaml');
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const { tables, model } = loaded;
  USER = (tables.examples.getUsers[0].body as { members: unknown[] }).members[0];
  members = [USER];
  traffic = createTrafficReport(model, tables.operations, `http://127.0.0.1:${port}`, 420);
  proxy = await startProxy({
    upstream: new URL(`http://127.0.0.1:${port}`),
    judge: createExchangeJudge({ ...tables, validators, errors: model.errorConventions }),
    onVerdict: (exchange, verdict) => lines.push(...traffic.add(exchange, verdict)),
  });
});

afterAll(async () => {
  await proxy?.stop();
  await stopServer(upstream);
});

const auth = { authorization: `Basic ${Buffer.from('iago@example.com:k').toString('base64')}` };

/** Sends through the proxy; resolves once the exchange has been judged. */
async function send(path: string, init: RequestInit = {}) {
  const before = traffic.report(0).summary.requests;
  const answer = await fetch(`${proxy.url}${path}`, {
    ...init,
    headers: { ...auth, ...init.headers },
  });
  const text = await answer.text();
  for (let i = 0; i < 200 && traffic.report(0).summary.requests === before; i++)
    await new Promise((ok) => setTimeout(ok, 10));
  return { answer, text };
}

describe('tms-gen proxy', () => {
  it('passes good traffic unchanged and reports nothing', async () => {
    lines.length = 0;
    members = [USER];
    status = 200;
    const { answer, text } = await send('/api/v1/users?include_custom_profile_fields=true');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-upstream-saw')).toBe(
      'GET /api/v1/users?include_custom_profile_fields=true []',
    );
    expect(JSON.parse(text)).toEqual({ result: 'success', msg: '', members: [USER] });
    expect(lines).toEqual([]);
  });

  it('reports a broken field of the answer, and still hands it over as it came', async () => {
    lines.length = 0;
    members = 'not a list';
    const { text } = await send('/api/v1/users');
    expect(JSON.parse(text).members).toBe('not a list');
    expect(lines.join('\n')).toMatch(/VIOLATION getUsers \[body-shape\] body: \/members/);
    members = [USER];
  });

  it("reports an error status whose body is not the contract's error", async () => {
    lines.length = 0;
    status = 418;
    await send('/api/v1/users');
    expect(lines.join('\n')).toMatch(
      /VIOLATION getUsers \[envelope\] .*\n\s+from GET \/api\/v1\/users → 418/,
    );
    status = 200;
  });

  it('reports an invalid request (the body forwarded as sent) and a path the contract lacks', async () => {
    lines.length = 0;
    const { answer } = await send('/api/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=nonsense',
    });
    expect(answer.headers.get('x-upstream-saw')).toBe('POST /api/v1/messages [type=nonsense]');
    expect(lines.join('\n')).toMatch(/VIOLATION sendMessage \[request-invalid\] request: /);
    lines.length = 0;
    await send('/api/v1/nowhere');
    expect(lines.join('\n')).toMatch(
      /\[undocumented-operation\] the contract has no operation GET/,
    );
  });

  it('reports by operation, with the coverage the traffic reached', () => {
    const report = traffic.report(1000);
    const users = report.operations.find((op) => op.operationId === 'getUsers')!;
    expect(users.outcome).toBe('fail');
    expect(users.requests).toBe(3);
    expect(report.operations.find((op) => op.operationId === 'getStreams')?.outcome).toBe('skip');
    expect(report.coverage.kinds.operations.covered).toBe(1);
    expect(report.summary.violations).toBeGreaterThanOrEqual(4);
  });
});
