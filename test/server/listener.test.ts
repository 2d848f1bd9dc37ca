import { describe, expect, it, afterEach } from 'vitest';
import { operations } from '../../generated/operations.js';
import { error, ok, type Handlers } from '../../generated/server.js';
import { encodeRequest } from '../../runtime/wire.js';
import { ADA, basic, send, serve, type Running, type TestUser } from './helpers.js';

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded', authorization: ADA };

/** Handlers that echo what they were given, so tests see the decoded, flattened parameters. */
const echo: Partial<Handlers<TestUser>> = {
  sendMessage: (params, { user }) =>
    ok({ id: user.id * 1000 + String(params.content).length, echo: params }),
  updateMessageFlags: (params) => ok({ messages: params.messages }),
  updateUser: (params) => ok({ echo: params }),
  getUsers: (_params, { user }) => ok({ members: [], who: user?.email ?? null }),
  fetchApiKey: (params, { user }) =>
    ok({ api_key: 'k', email: params.username, user_id: user === null ? 0 : -1 }),
};

describe('request decoding and validation', () => {
  it('decodes urlencoded bodies with JSON-encoded fields and flattens parameters by name', async () => {
    running = await serve(echo);
    const r = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: 'type=direct&to=%5B7%2C8%5D&content=hello',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      result: 'success',
      msg: '',
      id: 1005,
      echo: { type: 'direct', to: [7, 8], content: 'hello' },
    });
    expect(r.body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('decodes multipart bodies built by the wire model', async () => {
    running = await serve(echo);
    const enc = encodeRequest(
      operations.updateMessageFlags,
      { body: { messages: [3, 4], op: 'add', flag: 'starred' } },
      { mediaType: 'multipart/form-data' },
    );
    const r = await send(`${running.base}/api/v1${enc.path}`, {
      method: 'POST',
      headers: { 'content-type': enc.body!.contentType, authorization: ADA },
      body: enc.body!.bytes ?? enc.body!.text,
    });
    expect(enc.body!.contentType).toMatch(/^multipart\/form-data/);
    expect(r.status).toBe(200);
    expect(r.body.messages).toEqual([3, 4]);
  });

  it('accepts PATCH body parameters sent in the query string', async () => {
    running = await serve(echo);
    const r = await send(`${running.base}/api/v1/users/12?full_name=Ada%20L&role=400`, {
      method: 'PATCH',
      headers: { authorization: ADA },
    });
    expect(r.status).toBe(200);
    expect(r.body.echo).toEqual({ user_id: 12, full_name: 'Ada L', role: 400 });
  });

  it('answers 400 BAD_REQUEST naming a missing parameter', async () => {
    running = await serve(echo);
    const r = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: 'type=direct&to=%5B7%5D',
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(r.body.msg).toMatch(/content/);
  });

  it('answers 400 naming a value of the wrong type or outside the enum', async () => {
    running = await serve(echo);
    const bad = await send(`${running.base}/api/v1/messages/flags`, {
      method: 'POST',
      headers: FORM,
      body: 'messages=%5B1%5D&op=toggle&flag=read',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/op/);
    const notJson = await send(`${running.base}/api/v1/messages/flags`, {
      method: 'POST',
      headers: FORM,
      body: 'messages=%5B1%2C&op=add&flag=read',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(notJson.body.msg).toMatch(/messages/);
  });

  it('reports unknown parameters in ignored_parameters_unsupported on success', async () => {
    running = await serve(echo);
    const r = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: 'type=direct&to=%5B7%5D&content=x&colour=red&dense=1',
    });
    expect(r.status).toBe(200);
    expect(r.body.ignored_parameters_unsupported).toEqual(['colour', 'dense']);
    expect(r.body.echo).not.toHaveProperty('colour');
  });

  it('does not add ignored_parameters_unsupported to error responses', async () => {
    running = await serve({ sendMessage: () => error(400, 'BAD_REQUEST', 'no') });
    const r = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: 'type=direct&to=%5B7%5D&content=x&colour=red',
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ result: 'error', msg: 'no', code: 'BAD_REQUEST' });
  });
});

describe('authentication', () => {
  it('401 envelope without credentials where auth is required', async () => {
    running = await serve(echo);
    const r = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=direct&to=%5B7%5D&content=x',
    });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
    expect(r.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('401 for a wrong API key, an unknown email and a malformed header', async () => {
    running = await serve(echo);
    for (const authorization of [
      basic('ada@example.com', 'nope'),
      basic('eve@example.com', 'ada-key'),
      'Basic !!!',
      'Bearer x',
    ]) {
      const r = await send(`${running.base}/api/v1/users`, { headers: { authorization } });
      expect(r.status, authorization).toBe(401);
      expect(r.body.code).toBe('UNAUTHORIZED');
    }
  });

  it('optional auth: no credentials gives a null user, valid ones the user', async () => {
    running = await serve(echo);
    expect((await send(`${running.base}/api/v1/users`)).body.who).toBeNull();
    expect(
      (await send(`${running.base}/api/v1/users`, { headers: { authorization: ADA } })).body.who,
    ).toBe('ada@example.com');
  });

  it('auth none: the hook is not consulted and the user is null', async () => {
    running = await serve(echo);
    const r = await send(`${running.base}/api/v1/fetch_api_key`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('x@example.com', 'wrong'),
      },
      body: 'username=ada%40example.com&password=pw',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email: 'ada@example.com', user_id: 0 });
  });
});

describe('response validation', () => {
  const broken: Partial<Handlers<TestUser>> = {
    // Wrong on purpose: `id` must be an integer.
    sendMessage: () => ok({ id: 'forty-two' } as unknown as { id: number }),
  };

  it('a handler answering the wrong shape gives a 500 envelope naming the violation and a log line', async () => {
    running = await serve(broken, { validateResponses: true });
    const r = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: 'type=direct&to=%5B7%5D&content=x',
    });
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ result: 'error', code: 'INTERNAL_SERVER_ERROR' });
    expect(r.body.msg).toMatch(/sendMessage/);
    expect(r.body.msg).toMatch(/\/id/);
    expect(running.logs.some((l) => /response validation failed for sendMessage/i.test(l))).toBe(
      true,
    );
  });

  it('is off when disabled (production): the handler answer goes out as is', async () => {
    running = await serve(broken, { validateResponses: false });
    const r = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: 'type=direct&to=%5B7%5D&content=x',
    });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe('forty-two');
  });

  it('a handler that throws gives a 500 without internals, and a log line with them', async () => {
    running = await serve({
      sendMessage: () => {
        throw new Error('database password is hunter2');
      },
    });
    const r = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: 'type=direct&to=%5B7%5D&content=x',
    });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({
      result: 'error',
      msg: 'Internal server error.',
      code: 'INTERNAL_SERVER_ERROR',
    });
    expect(JSON.stringify(r.body)).not.toMatch(/hunter2|at /);
    expect(running.logs.join('\n')).toMatch(/hunter2/);
  });

  it('an operation without a handler answers 501 in the envelope', async () => {
    running = await serve({});
    const r = await send(`${running.base}/api/v1/streams`, { headers: { authorization: ADA } });
    expect(r.status).toBe(501);
    expect(r.body).toMatchObject({ result: 'error', code: 'NOT_IMPLEMENTED' });
  });
});

describe('routing and limits', () => {
  it('unknown paths: 404 envelope; known path, other method: 405 with Allow', async () => {
    running = await serve(echo);
    const r404 = await send(`${running.base}/api/v1/no/such/thing`, {
      headers: { authorization: ADA },
    });
    expect(r404.status).toBe(404);
    expect(r404.body).toMatchObject({ result: 'error', code: 'NOT_FOUND' });
    const outside = await send(`${running.base}/elsewhere`);
    expect(outside.status).toBe(404);
    const r405 = await send(`${running.base}/api/v1/messages/flags`, {
      method: 'GET',
      headers: { authorization: ADA },
    });
    expect(r405.status).toBe(405);
    expect(r405.body).toMatchObject({ result: 'error', code: 'METHOD_NOT_ALLOWED' });
    expect(r405.headers.get('allow')).toBe('POST');
  });

  it('literal segments win over templates (/messages/flags is not /messages/{message_id})', async () => {
    running = await serve(echo);
    const r = await send(`${running.base}/api/v1/messages/flags`, {
      method: 'POST',
      headers: FORM,
      body: 'messages=%5B9%5D&op=add&flag=read',
    });
    expect(r.status).toBe(200);
  });

  it('413 envelope for a body over the limit, declared or streamed', async () => {
    running = await serve(echo, { maxBodyBytes: 100 });
    const big = 'type=direct&to=%5B7%5D&content=' + 'x'.repeat(500);
    const r = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: big,
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ result: 'error', code: 'REQUEST_TOO_LARGE' });
    // Chunked (no Content-Length): the limit applies while reading.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = await send(`${running.base}/api/v1/messages`, {
      method: 'POST',
      headers: FORM,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('works as connect/express middleware: outside the base path goes to next()', async () => {
    let passed = 0;
    running = await serve(echo, {
      wrap: (listener) => (req, res) => {
        void listener(req, res, () => {
          passed++;
          res.writeHead(200, { 'content-type': 'text/plain' }).end('from next');
        });
      },
    });
    const r = await send(`${running.base}/static/app.js`);
    expect(r.body.raw).toBe('from next');
    expect(passed).toBe(1);
    const api = await send(`${running.base}/api/v1/users`, { headers: { authorization: ADA } });
    expect(api.body.result).toBe('success');
  });
});
