/**
 * The proxy routes each request once: the request pipeline's `routed` hook tells its verdict
 * (contract-runner/proxy/verdict.ts) the operation the pipeline found, before any step refuses
 * the request, so a refused request is still judged against its operation. Here the hook
 * itself, on the generated operation table, with requests given as data (no server).
 */
import { describe, expect, it } from 'vitest';
import { basePath, operations } from '../../generated/operations.js';
import { createPipeline, type Incoming } from '../../runtime/pipeline.js';

function incoming(method: string, path: string, authorization?: string): Incoming<undefined> {
  const headers = authorization === undefined ? {} : { authorization };
  return {
    method,
    path,
    query: '',
    headers,
    header: (name) => (name === 'authorization' ? authorization : undefined),
    authorizationCount: () => (authorization === undefined ? 0 : 1),
    readBody: () => ({ ok: true, bytes: undefined }),
    raw: undefined,
  };
}

/** The pipeline's answer and every operation its hook was told, for one request. */
async function route(request: Incoming<undefined>) {
  const seen: string[] = [];
  const pipeline = createPipeline<true, undefined>({
    operations,
    basePath,
    authenticate: () => null,
    routed: (op) => seen.push(op.operationId),
    dispatch: () => ({ status: 200, body: null }),
    logger: { error: () => {} },
  });
  const answer = await pipeline.handle(request);
  return { status: answer === null || answer === 'outside' ? answer : answer.status, seen };
}

describe("the pipeline's routed hook", () => {
  it('tells the operation once, before a refusal for credentials', async () => {
    // testE2eePushNotification needs credentials: none sent, refused with 401 after routing
    const refused = await route(incoming('POST', `${basePath}/mobile_push/e2ee/test_notification`));
    expect(refused).toEqual({
      status: 401,
      seen: ['testE2eePushNotification'],
    });
  });

  it('tells it once for a request that gets through', async () => {
    const through = await route(incoming('GET', `${basePath}/users`));
    expect(through).toEqual({ status: 200, seen: ['getUsers'] });
  });

  it('tells nothing for a path or a method the contract lacks', async () => {
    expect(await route(incoming('GET', `${basePath}/nowhere`))).toEqual({ status: 404, seen: [] });
    expect(await route(incoming('DELETE', `${basePath}/users`))).toEqual({
      status: 405,
      seen: [],
    });
  });
});
