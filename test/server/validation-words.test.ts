/**
 * One wording for "not what the contract says" (runtime/validation-words.ts), as the servers'
 * answers carry it: a request's 400 and an answer's 500 name the place once (not
 * `/body/type /body/type must be …`), and a media type takes its article (`an application/json
 * body`). Through the pipeline's web face with the generated validators, as every server uses it.
 */
import { describe, expect, it } from 'vitest';
import { operations, basePath } from '../../generated/operations.js';
import * as validators from '../../generated/validators.js';
import { ok } from '../../generated/server.js';
import { createFetchHandler, type Credentials, type Handler } from '../../runtime/server.js';
import { describeIssues, bodyOfType } from '../../runtime/validation-words.js';
import { ADA, USERS, type TestUser } from './helpers.js';

const handlers: Record<string, Handler<TestUser> | undefined> = {
  // an answer the contract does not allow: `id` is an integer
  sendMessage: () => ok({ id: 'seven' } as never),
};

const authenticate = (credentials: Credentials) => {
  if (credentials.type !== 'basic') return null;
  const u = USERS[credentials.email];
  return u && u.key === credentials.apiKey ? { id: u.id, email: u.email } : null;
};

const face = createFetchHandler<TestUser>({
  handlers,
  operations,
  validators,
  authenticate,
  basePath,
  validateResponses: true,
  logger: { error: () => {} },
});

async function post(body: string, contentType: string): Promise<{ status: number; msg: string }> {
  const response = await face(
    new Request(`http://x${basePath}/messages`, {
      method: 'POST',
      headers: { authorization: ADA, 'content-type': contentType },
      body,
    }),
  );
  const json = (await response.json()) as { msg: string };
  return { status: response.status, msg: json.msg };
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('validation messages: one wording, the place said once', () => {
  it('a request the contract refuses: 400, the pointer once', async () => {
    const { status, msg } = await post(
      'type=bogus&to=%5B7%5D&content=hi',
      'application/x-www-form-urlencoded',
    );
    expect(status).toBe(400);
    expect(msg).toMatch(/^Invalid request: \/body\/type must be one of /);
    expect(count(msg, '/body/type')).toBe(1);
  });

  it('an answer the contract does not allow: 500, the pointer once', async () => {
    const { status, msg } = await post(
      'type=direct&to=%5B7%5D&content=hi',
      'application/x-www-form-urlencoded',
    );
    expect(status).toBe(500);
    expect(msg).toBe(
      'Response validation failed for sendMessage (status 200): /id must be integer',
    );
  });

  it('a body of a media type the operation does not take: "an application/json body"', async () => {
    const { status, msg } = await post('{"type":"direct"}', 'application/json');
    expect(status).toBe(400);
    expect(msg).toContain('an application/json body is not accepted here');
  });

  it('the words themselves', () => {
    expect(bodyOfType('application/json')).toBe('an application/json body');
    expect(bodyOfType('text/plain')).toBe('a text/plain body');
    // a validator whose messages do not say where gets the place in front, once
    expect(
      describeIssues([
        { pointer: '/a', message: '/a must be integer' },
        { pointer: '/b', message: 'must be string' },
        { pointer: '', message: 'status 299 is not documented' },
      ]),
    ).toBe('/a must be integer; /b must be string; status 299 is not documented');
    const many = Array.from({ length: 7 }, (_, i) => ({ pointer: `/${i}`, message: 'bad' }));
    expect(describeIssues(many, 3)).toBe('/0 bad; /1 bad; /2 bad; and 4 more');
  });
});
