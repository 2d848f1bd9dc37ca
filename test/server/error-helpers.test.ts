/**
 * The generated server's `error` / `notImplemented` build the document's error shape (the
 * model's `errorConventions`), not our API's `{result, msg, code}`: on the refusal fixtures
 * (a Stripe-like `{error: {message, code, type}}` one, a GitHub-like `{message}` one, one whose
 * errors declare no body) a handler's `error(...)` and a starter's `notImplemented(...)` answer
 * bodies that validate against the operation's documented error schema, through the generated
 * listener with response validation on; handlers using them type-check against the generated
 * handler types (tsc --strict), and a misuse does not. Ours keeps the runtime's envelope helpers.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeErrors } from '../client/tsc.js';
import { fixtureBindings } from '../fixture-bindings.js';
import { listenLoopback, stopServer } from '../loopback-server.js';

const SCRATCH = resolve('test-artifacts', `error-helpers-${process.pid}`);
const AUTH = { authorization: `Basic ${btoa('ada@example.com:key')}` };

interface Doc {
  name: string;
  /** the handler's error call, as a user of this document writes it */
  call: string;
  /** what its body must hold */
  body: unknown;
}

const DOCS: Doc[] = [
  {
    name: 'nested',
    call: `error(404, 'resource_missing', 'No such message', { param: 'message_id' })`,
    body: {
      error: {
        param: 'message_id',
        type: 'invalid_request_error',
        message: 'No such message',
        code: 'resource_missing',
      },
    },
  },
  { name: 'message', call: `error(404, 'No such message')`, body: { message: 'No such message' } },
  { name: 'none', call: `error(404, 'No such message')`, body: { message: 'No such message' } },
];

const servers = new Map<string, { base: string; server: Server }>();
const helpers = new Map<string, Record<string, (...args: unknown[]) => unknown>>();

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  for (const d of DOCS) {
    const out = join(SCRATCH, d.name);
    const { createRequestListener } = await fixtureBindings(
      resolve(`test/fixtures/refusals/${d.name}.yaml`),
      out,
    );
    const server = await import(join(out, 'server.ts'));
    helpers.set(d.name, server);
    // getMessage answers the document's error; sendMessage is a starter (notImplemented).
    const listener = createRequestListener({
      handlers: {
        getMessage: () => new Function('error', `return ${d.call}`)(server.error),
        sendMessage: () => server.notImplemented('sendMessage'),
      },
      authenticate: () => ({ id: 1 }),
      validateResponses: true,
      logger: { error: () => {} },
    });
    const { createServer } = await import('node:http');
    const s = createServer(listener);
    const port = await listenLoopback(s);
    servers.set(d.name, { base: `http://127.0.0.1:${port}/api/v1`, server: s });
  }
}, 180_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map(({ server }) => stopServer(server)));
  rmSync(SCRATCH, { recursive: true, force: true });
});

describe.each(DOCS.map((d) => [d.name, d] as const))('error helpers of %s', (name, d) => {
  it('error(...): the document’s shape, valid against its schema (responses validated)', async () => {
    const response = await fetch(`${servers.get(name)!.base}/messages/1`, { headers: AUTH });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(d.body);
  });

  it('notImplemented(...): a 501 in the document’s shape', async () => {
    const response = await fetch(`${servers.get(name)!.base}/messages`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{"content":"hi"}',
    });
    expect(response.status).toBe(501);
    const text = await response.text();
    expect(text).toContain('not implemented');
    expect(text).not.toMatch(/"result"|"msg"/);
  });

  it('handlers using them type-check; a misuse does not', async () => {
    const file = join(SCRATCH, name, 'handlers-check.ts');
    writeFileSync(
      file,
      [
        `import { error, notImplemented, type Handlers } from './server.js';`,
        `export const handlers: Handlers = {`,
        `  getMessage: () => ${d.call},`,
        `  sendMessage: async () => notImplemented('sendMessage'),`,
        `};`,
        `// @ts-expect-error the words are text`,
        `export const wrong = error(404, 42, 'x');`,
        '',
      ].join('\n'),
    );
    expect(await typeErrors(file)).toEqual([]);
  }, 60_000);
});

describe('our contract keeps the runtime’s envelope helpers', () => {
  it('generated/server.ts re-exports ok, error, notImplemented', () => {
    const text = readFileSync('generated/server.ts', 'utf8');
    expect(text).toContain(
      `export { ok, error, notImplemented, LISTENER_ERROR_CODES } from "./runtime/server.js";`,
    );
    expect(text).not.toContain('shapedError');
  });
});
