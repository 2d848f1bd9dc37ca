/**
 * The Prism mock behind its front (started once by test/setup/prism-mock.ts): every operation
 * answers as the contract says, every documented example can be asked for, third-party wire
 * habits are accepted and invalid requests get the API's 400 envelope.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiModel, Operation } from '../../generator/model/types.js';
import { operations } from '../../generated/operations.js';
import { validateResponse } from '../../generated/validators.js';
import {
  loadGeneratedClient,
  sendThroughClient,
  type GeneratedCode,
} from '../../contract-runner/client-call.js';
import { send } from '../../contract-runner/request.js';
import { sampleInputs } from '../../generator/model/samples.js';
import type { OperationInfo } from '../../runtime/operation-info.js';
import { encodeRequest } from '../../runtime/wire.js';
import { loadOrThrow } from '../load-contract.js';

type Input = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
};

/** The contract's sample requests of an operation (the docs' samples). */
function validCases(operation: Operation, document: unknown): { name: string; input: Input }[] {
  return sampleInputs(operation, document, { max: Infinity }).map((sample, i) => ({
    name: sample.name ?? `sample ${i}`,
    input: { path: sample.path, query: sample.query, body: (sample.body ?? {}) as Input['body'] },
  }));
}

/** A valid request in its urlencoded wire form. */
function wireRequest(op: OperationInfo, input: Input) {
  const wire = encodeRequest(
    op,
    { path: input.path, query: input.query, body: op.body ? input.body : undefined },
    { mediaType: 'application/x-www-form-urlencoded' },
  );
  return {
    method: wire.method,
    path: wire.path,
    query: new URLSearchParams(wire.query),
    form: wire.body?.text !== undefined ? new URLSearchParams(wire.body.text) : undefined,
  };
}

const credentials = { email: 'iago@example.com', apiKey: 'abcd1234' };
const authorization = `Basic ${Buffer.from(`${credentials.email}:${credentials.apiKey}`).toString('base64')}`;
let baseUrl: string;
let model: ApiModel;
let client: GeneratedCode | undefined;
const prismDocument = JSON.parse(readFileSync('generated/openapi.prism.json', 'utf8')) as {
  paths: Record<
    string,
    Record<string, { operationId: string; 'x-mock-examples': Record<string, number> }>
  >;
};

beforeAll(async () => {
  baseUrl = inject('mockBaseUrl');
  if (!baseUrl) throw new Error(inject('mockError'));
  const contract = await loadOrThrow();
  model = contract.model;
  client = await loadGeneratedClient('generated');
});

const op = (id: string): Operation => model.operations.find((o) => o.id === id)!;

/** A raw request to the mock; the answer's status and parsed body. */
async function call(
  method: string,
  path: string,
  init: {
    body?: BodyInit;
    contentType?: string;
    headers?: Record<string, string>;
    auth?: boolean;
  } = {},
) {
  const headers: Record<string, string> = {
    ...(init.auth === false ? {} : { authorization }),
    ...(init.contentType ? { 'content-type': init.contentType } : {}),
    ...init.headers,
  };
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: init.body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body: body as Record<string, unknown> };
}

function expectBadRequest(
  answer: { status: number; body: Record<string, unknown> },
  mentions: RegExp,
) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(Object.keys(answer.body).sort()).toEqual(['code', 'msg', 'result']);
  expect(answer.body.result).toBe('error');
  expect(answer.body.code).toBe('BAD_REQUEST');
  expect(answer.body.msg).toMatch(mentions);
}

describe('every operation', () => {
  it('answers each example request, sent through the generated client, with a body the validators accept', async () => {
    expect(client, 'generated/client.ts must exist (npm run generate)').toBeDefined();
    const viaClient = sendThroughClient(client!);
    const ids = model.operations.map((o) => o.id);
    expect(ids.sort()).toEqual(Object.keys(operations).sort());
    for (const operation of model.operations) {
      for (const c of validCases(operation, model.document)) {
        const result = await viaClient(
          {
            op: operations[operation.id as keyof typeof operations],
            input: c.input,
            auth: { kind: 'basic', user: credentials.email, password: credentials.apiKey },
          },
          { baseUrl, timeoutMs: 15_000 },
        );
        const where = `${operation.id} ${c.name}: ${result.failure ?? result.text}`;
        expect(result.status, where).toBeGreaterThanOrEqual(200);
        expect(result.status, where).toBeLessThan(300);
        const verdict = validateResponse(
          operation.id as never,
          result.status!,
          JSON.parse(result.text!),
        );
        expect(verdict, where).toEqual({ valid: true });
      }
    }
  });

  it('serves every documented response example on request (Prefer: example=<name>), errors under `default` with 400', async () => {
    let served = 0;
    for (const operation of model.operations) {
      const table = prismDocument.paths[operation.path][operation.method]['x-mock-examples'];
      const request = wireRequest(
        operations[operation.id as keyof typeof operations],
        validCases(operation, model.document)[0].input,
      );
      for (const response of operation.responses) {
        for (const example of response.mediaTypes.flatMap((m) => m.examples)) {
          const expectedStatus = /^\d{3}$/.test(response.status) ? Number(response.status) : 400;
          if (table[example.name] !== expectedStatus) continue; // a name also used by an explicit status
          const query = request.query.toString();
          const answer = await call(request.method, `${request.path}${query ? `?${query}` : ''}`, {
            body: request.form?.toString(),
            contentType: request.form ? 'application/x-www-form-urlencoded' : undefined,
            headers: { prefer: `example=${example.name}` },
          });
          const where = `${operation.id} example=${example.name}`;
          expect(answer.status, where).toBe(expectedStatus);
          expect(answer.body, where).toEqual(example.value);
          expect(
            validateResponse(operation.id as never, answer.status, answer.body),
            where,
          ).toEqual({ valid: true });
          served++;
        }
      }
    }
    // every operation documents at least its success and one error example
    expect(served).toBeGreaterThanOrEqual(2 * model.operations.length);
  });

  it('STREAM_DOES_NOT_EXIST of sendMessage: status 400 and the example body', async () => {
    const answer = await call('POST', '/messages', {
      body: 'type=stream&to=%22general%22&content=hi',
      contentType: 'application/x-www-form-urlencoded',
      headers: { prefer: 'example=STREAM_DOES_NOT_EXIST' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ result: 'error', code: 'STREAM_DOES_NOT_EXIST' });
    expect(typeof answer.body.stream).toBe('string');
  });

  it('an unknown example name or status is a 400 envelope, not a Prism problem', async () => {
    const unknown = await call('GET', '/users', { headers: { prefer: 'example=NO_SUCH_EXAMPLE' } });
    expectBadRequest(unknown, /NO_SUCH_EXAMPLE/);
    const status = await call('GET', '/users', { headers: { prefer: 'code=teapot' } });
    expectBadRequest(status, /teapot/);
  });

  it('dynamic answers (Prefer: dynamic=true) still pass the validators', async () => {
    for (const id of ['getUsers', 'getStreams', 'createSavedSnippet']) {
      const operation = op(id);
      const request = wireRequest(
        operations[id as keyof typeof operations],
        validCases(operation, model.document)[0].input,
      );
      const query = request.query.toString();
      const answer = await call(request.method, `${request.path}${query ? `?${query}` : ''}`, {
        body: request.form?.toString(),
        contentType: request.form ? 'application/x-www-form-urlencoded' : undefined,
        headers: { prefer: 'dynamic=true' },
      });
      expect(answer.status, id).toBe(200);
      expect(
        validateResponse(id as never, 200, answer.body),
        `${id}: ${JSON.stringify(answer.body).slice(0, 300)}`,
      ).toEqual({ valid: true });
    }
  });
});

describe('requests as third-party clients send them', () => {
  it('multipart with a JSON-encoded field', async () => {
    const form = new FormData();
    form.set('type', 'direct');
    form.set('to', '[12, 15]');
    form.set('content', 'Hello from multipart');
    const answer = await call('POST', '/messages', { body: form });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ result: 'success', msg: '' });
  });

  it('PATCH parameters in the query string, DELETE parameters in a body', async () => {
    const patch = await call('PATCH', '/users/12?full_name=Ada%20Lovelace&role=300');
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    expect(patch.body.result).toBe('success');
    const patchJson = await call(
      'PATCH',
      '/drafts/5?draft=' +
        encodeURIComponent(JSON.stringify({ type: 'stream', to: [7], topic: 't', content: 'c' })),
    );
    expect(patchJson.status, JSON.stringify(patchJson.body)).toBe(200);
    const del = await call('DELETE', '/users/me/subscriptions', {
      body: 'subscriptions=%5B%22general%22%5D',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.result).toBe('success');
  });

  it('reports parameters the operation does not have in ignored_parameters_unsupported', async () => {
    const answer = await call('GET', '/users?colour=blue');
    expect(answer.status).toBe(200);
    expect(answer.body.ignored_parameters_unsupported).toEqual(['colour']);
  });
});

describe('invalid requests get the 400 envelope', () => {
  it('malformed JSON in a JSON-encoded field (body and query)', async () => {
    expectBadRequest(
      await call('POST', '/messages/flags', {
        body: 'messages=%5B1%2C2&op=add&flag=read',
        contentType: 'application/x-www-form-urlencoded',
      }),
      /messages/,
    );
    expectBadRequest(
      await call('GET', '/messages?anchor=newest&num_before=1&num_after=1&narrow=%5B%7B'),
      /narrow/,
    );
  });

  it('a wrong type in narrow (a `content:` query parameter)', async () => {
    expectBadRequest(
      await call('GET', '/messages?anchor=newest&num_before=1&num_after=1&narrow=%22is%3Adm%22'),
      /narrow/,
    );
    expectBadRequest(
      await call('GET', '/messages?anchor=newest&num_before=1&num_after=1&narrow=%5B42%5D'),
      /narrow/,
    );
  });

  it('a missing required parameter, a wrong scalar type', async () => {
    expectBadRequest(
      await call('POST', '/messages', {
        body: 'type=direct&content=hi',
        contentType: 'application/x-www-form-urlencoded',
      }),
      /to/,
    );
    expectBadRequest(await call('GET', '/messages/not-a-number'), /message_id/);
    expectBadRequest(
      await call('POST', '/user_topics', {
        body: 'stream_id=seven&topic=t&visibility_policy=1',
        contentType: 'application/x-www-form-urlencoded',
      }),
      /stream_id/,
    );
  });

  it('a malformed body never hangs or crashes the mock', async () => {
    const answer = await call('POST', '/messages', {
      body: '--x\r\nContent-Disposition: form-data; name="to"\r\n\r\n[1,',
      contentType: 'multipart/form-data; boundary=x',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.result).toBe('error');
  });
});

describe('authentication', () => {
  it('no credentials: 401 envelope where auth is required', async () => {
    const answer = await call('GET', '/streams', { auth: false });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
    expect(typeof answer.body.msg).toBe('string');
    expect(validateResponse('getStreams' as never, 401, answer.body)).toEqual({ valid: true });
  });

  it('wrong credentials (empty API key, not Basic): 401 envelope, even where auth is optional', async () => {
    const empty = `Basic ${Buffer.from('iago@example.com:').toString('base64')}`;
    expect(
      (await call('GET', '/users', { auth: false, headers: { authorization: empty } })).status,
    ).toBe(401);
    expect(
      (await call('GET', '/users', { auth: false, headers: { authorization: 'Bearer x' } })).status,
    ).toBe(401);
  });

  it('none and optional operations answer without credentials', async () => {
    expect((await call('GET', '/users', { auth: false })).status).toBe(200);
    const login = await call('POST', '/fetch_api_key', {
      auth: false,
      body: 'username=iago%40example.com&password=pw',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(login.status).toBe(200);
    expect(typeof login.body.api_key).toBe('string');
  });
});

describe('routing', () => {
  it('only /api/v1 paths exist; a known path with another method is 405', async () => {
    expect((await call('GET', '/../users')).status).toBe(404);
    const plain = await fetch(baseUrl.replace(/\/api\/v1$/, '/users'), {
      headers: { authorization },
    });
    expect(plain.status).toBe(404);
    expect((await plain.json()).result).toBe('error');
    const wrongMethod = await call('PUT', '/users');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.result).toBe('error');
  });

  it('probes through the runner transport get the same answers as raw calls', async () => {
    const result = await send(
      {
        op: operations.getUsers,
        input: { path: {}, query: {}, body: {} },
        auth: { kind: 'basic', user: credentials.email, password: credentials.apiKey },
      },
      { baseUrl, timeoutMs: 10_000 },
    );
    expect(result.status).toBe(200);
  });
});
