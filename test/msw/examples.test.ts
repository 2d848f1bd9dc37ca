/**
 * The generated MSW example handlers (generated/msw.ts) under msw/node: the generated client
 * drives every operation and gets the contract's examples back through the one pipeline;
 * `Prefer` picks an example by name or status; bad requests get the 400 envelope; `baseUrl`
 * narrows what is matched; a typed override changes one answer.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../generated/client.js';
import { api, createExampleHandlers, examples, handlers, override } from '../../generated/msw.js';
import { exampleHandlers } from '../../generated/runtime/msw.js';
import { contractCases, type OperationCase } from '../client/contract-examples.js';

const server = setupServer(...handlers);
let cases: OperationCase[];

beforeAll(async () => {
  cases = await contractCases();
  server.listen({ onUnhandledRequest: 'error' });
});
// back to the any-origin example handlers (one test swaps them for baseUrl-bound ones)
afterEach(() => server.resetHandlers(...handlers));
afterAll(() => server.close());

const client = (baseUrl = 'https://chat.example.com') =>
  createApiClient({
    baseUrl,
    email: 'iago@example.com',
    apiKey: 'any-key',
    onIgnoredParameters: () => {},
  });

describe('generated MSW example handlers', () => {
  it('answer every operation with its first success example, through the generated client', async () => {
    const api = client() as unknown as Record<
      string,
      (p: unknown) => Promise<{ data?: unknown; error?: unknown }>
    >;
    expect(cases.length).toBe(Object.keys(examples).length);
    for (const c of cases) {
      const result = await api[c.op.id](c.params);
      expect(result.error, c.op.id).toBeUndefined();
      expect(result.data, c.op.id).toEqual(c.success);
    }
  });

  it('pick an example by name or by status with Prefer, as the Prism mock does', async () => {
    const api = client();
    const params = { type: 'channel' as const, to: 'general', topic: 'Lunch', content: 'Noon?' };
    const byName = await api.sendMessage(params, {
      headers: { Prefer: 'example=visibility_changed' },
    });
    expect(byName.data).toEqual(
      examples.sendMessage.find((e) => e.name === 'visibility_changed')!.body,
    );
    const byCode = await api.sendMessage(params, { headers: { Prefer: 'code=400' } });
    expect(byCode.error).toMatchObject({ kind: 'api', status: 400 });
    expect(byCode.error?.code).toBe(
      (examples.sendMessage.find((e) => e.status === 400)!.body as { code: string }).code,
    );
    const missing = await api.sendMessage(params, {
      headers: { Prefer: 'example=NO_SUCH_EXAMPLE' },
    });
    expect(missing.error).toMatchObject({ status: 501, code: 'NOT_IMPLEMENTED' });
    expect(missing.error?.msg).toContain('visibility_changed (200)');
  });

  it('decode and validate requests: a bad one gets the 400 envelope, not an example', async () => {
    const response = await fetch('https://anywhere.test/api/v1/messages', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa('a@example.com:key')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'type=channel&to=%5B1%2C2',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(String(body.msg)).toMatch(/Invalid request/);
    const unauthenticated = await fetch('https://anywhere.test/api/v1/messages', {
      method: 'POST',
    });
    expect(unauthenticated.status).toBe(401);
  });

  it('match only under baseUrl when one is given (with or without the base path in it)', async () => {
    server.resetHandlers(
      ...createExampleHandlers({ baseUrl: 'https://chat.example.com/team/api/v1' }),
    );
    const there = await client('https://chat.example.com/team').getUsers({});
    expect(there.error).toBeUndefined();
    const elsewhere = await client('https://other.example.com').getUsers({});
    // onUnhandledRequest: 'error' makes MSW refuse the request: the client sees a network error
    expect(elsewhere.error).toMatchObject({ kind: 'network' });
  });

  it('override one operation for one test, its result typed as the documented responses', async () => {
    server.use(
      override('sendMessage', ({ params }) =>
        params.content === 'boom'
          ? {
              status: 400,
              body: {
                result: 'error',
                msg: 'No such channel',
                code: 'STREAM_DOES_NOT_EXIST',
                stream: String(params.to),
              },
            }
          : { status: 200, body: { result: 'success', msg: '', id: 4242 } },
      ),
    );
    const api = client();
    const sent = await api.sendMessage({
      type: 'channel',
      to: 'general',
      topic: 't',
      content: 'hi',
    });
    expect(sent.data?.id).toBe(4242);
    const refused = await api.sendMessage({
      type: 'channel',
      to: 'nowhere',
      topic: 't',
      content: 'boom',
    });
    expect(refused.error).toMatchObject({
      status: 400,
      code: 'STREAM_DOES_NOT_EXIST',
      msg: 'No such channel',
    });
    // the other operations still answer from the examples
    expect((await api.getUsers({})).error).toBeUndefined();
  });

  it('types an override as the documented responses (checked by npm run typecheck)', () => {
    // @ts-expect-error: 201 is not a documented status of sendMessage
    override('sendMessage', () => ({ status: 201, body: { result: 'success', msg: '', id: 1 } }));
    // @ts-expect-error: the success body of sendMessage has an id
    override('sendMessage', () => ({ status: 200, body: { result: 'success', msg: '' } }));
    override('sendMessage', ({ params }) => ({
      status: 200,
      // @ts-expect-error: params are sendMessage's (no message_id)
      body: { result: 'success', msg: '', id: params.message_id },
    }));
    expect(
      override('sendMessage', () => ({ status: 200, body: { result: 'success', msg: '', id: 1 } })),
    ).toBeDefined();
  });

  it('checks an override answer against the contract (a wrong shape is a 500 envelope)', async () => {
    server.use(
      override(
        'getUsers',
        () => ({ status: 200, body: { result: 'success', msg: '', members: 'nope' } }) as never,
      ),
    );
    const answer = await client().getUsers({});
    expect(answer.error).toMatchObject({ status: 500 });
  });
});

describe('validators loaded per operation', () => {
  it("loads an operation's validators on its first request only, and only that operation's", async () => {
    const asked: string[] = [];
    const validators = Object.fromEntries(
      Object.entries(api.validators).map(([id, load]) => [
        id,
        () => {
          asked.push(id);
          return load();
        },
      ]),
    );
    server.resetHandlers(...exampleHandlers({ ...api, validators }, examples));
    const c = client();
    await c.getMessage({ message_id: 42 });
    await c.getMessage({ message_id: 43 });
    // POST /messages/flags also fits GET /messages/{message_id}'s pattern: the router decides
    await c.updateMessageFlags({ messages: [42], op: 'add', flag: 'starred' });
    expect(asked).toEqual(['getMessage', 'updateMessageFlags']);
    // a bad request still gets the 400 envelope
    const bad = await fetch('https://chat.example.com/api/v1/messages/abc', {
      headers: { authorization: `Basic ${btoa('iago@example.com:k')}` },
    });
    expect(bad.status).toBe(400);
  });

  it('validateAnswers: false serves an answer the contract refuses; by default it is a 500 envelope', async () => {
    const wrong = () => ({
      status: 200 as const,
      body: { result: 'success', msg: '', members: 'no' },
    });
    const call = () =>
      fetch('https://chat.example.com/api/v1/users', {
        headers: { authorization: `Basic ${btoa('iago@example.com:k')}` },
      });
    server.use(override('getUsers', wrong as never));
    expect((await call()).status).toBe(500);
    server.use(override('getUsers', wrong as never, { validateAnswers: false }));
    const served = await call();
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ members: 'no' });
  });
});
