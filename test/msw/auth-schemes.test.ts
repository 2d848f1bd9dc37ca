/**
 * The generated MSW handlers of documents that are not ours (test/fixtures/auth/) read
 * credentials where each document puts them: a Bearer token, an API key in the query (or, as
 * the other alternative, a header), a key in a cookie, nothing at all. Missing credentials get
 * the pipeline's 401 (with the scheme's challenge), right ones the operation's answer. Real
 * parts only: the CLI generates the bindings, msw/node intercepts plain `fetch`.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmsGenOrThrow } from '../tms-gen-run.js';

const FIXTURES = resolve('test/fixtures/auth');
// Inside the project, so the generated bindings resolve msw from node_modules.
const SCRATCH = resolve('test-artifacts', `msw-auth-${process.pid}`);
const DOCUMENTS = ['bearer', 'api-key-query', 'api-key-cookie', 'no-auth'] as const;
type Doc = (typeof DOCUMENTS)[number];

const handlers = new Map<Doc, unknown[]>();
let server: ReturnType<typeof setupServer>;

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  await Promise.all(
    DOCUMENTS.map(async (doc) => {
      const out = join(SCRATCH, doc);
      await tmsGenOrThrow([
        '--quiet',
        '--no-cache',
        '--contract',
        join(FIXTURES, `${doc}.yaml`),
        '--out',
        out,
        '--only',
        'types,operations,client,validators,server,runtime,msw',
      ]);
      const msw = await import(pathToFileURL(join(out, 'msw.ts')).href);
      // Each document under its own origin: one msw server serves all four.
      handlers.set(doc, msw.createExampleHandlers({ baseUrl: `https://${doc}.test` }));
    }),
  );
  server = setupServer(...DOCUMENTS.flatMap((d) => handlers.get(d)! as never[]));
  server.listen({ onUnhandledRequest: 'error' });
}, 180_000);

afterAll(() => {
  server?.close();
  rmSync(SCRATCH, { recursive: true, force: true });
});

async function call(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: text === '' ? undefined : JSON.parse(text),
  };
}

describe('generated MSW handlers authenticate by the document’s schemes', () => {
  it('Bearer: 401 with a Bearer challenge without a token or with Basic; the answer with one; none asked where `security: []`', async () => {
    const url = 'https://bearer.test/v2/things/5';
    const missing = await call(url);
    expect(missing.status).toBe(401);
    expect(missing.challenge).toBe('Bearer realm="api"');
    const basic = await call(url, { Authorization: `Basic ${btoa('a@example.com:k')}` });
    expect(basic.status).toBe(401);
    const right = await call(url, { Authorization: 'Bearer t-1' });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ id: expect.any(Number) });
    expect((await call('https://bearer.test/v2/health')).status).toBe(200);
  });

  it('API key in the query: refused without it or with it in the wrong place; accepted in the query or the header alternative', async () => {
    const url = 'https://api-key-query.test/things/2?verbose=true';
    const missing = await call(url);
    expect(missing.status).toBe(401);
    // The refusal is written in this document's error shape (`{error: {message, code}}`).
    expect(missing.body.error.message).toMatch(/API key in the query 'api_key'/);
    expect(missing.body.error.code).toBe('UNAUTHORIZED');
    expect(missing.body.msg).toBeUndefined();
    // A Bearer token is not this document's credential.
    expect((await call(url, { Authorization: 'Bearer k' })).status).toBe(401);
    // The key is a credential, not an unknown parameter: the answer is the operation's.
    expect((await call(`${url}&api_key=k%201`)).status).toBe(200);
    expect((await call(url, { 'X-Api-Key': 'k' })).status).toBe(200);
    expect((await call(`${url}&api_key=`)).status).toBe(401);
  });

  it('API key in a cookie: refused without the cookie (or with another one), accepted with it; the login form takes none', async () => {
    const url = 'https://api-key-cookie.test/api/things/7';
    expect((await call(url)).status).toBe(401);
    expect((await call(url, { Cookie: 'theme=dark' })).status).toBe(401);
    const right = await call(url, { Cookie: 'theme=dark; sid=s-9' });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ id: 7 });
    const login = await fetch('https://api-key-cookie.test/api/login', { method: 'POST' });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ ok: true });
  });

  it('no security: no credentials asked, and credentials sent anyway change nothing', async () => {
    const url = 'https://no-auth.test/things/4';
    expect((await call(url)).status).toBe(200);
    expect((await call(url, { Authorization: 'Bearer whatever' })).status).toBe(200);
  });
});
