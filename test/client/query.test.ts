/**
 * The query factories (generated/query.ts, the bindings' `./query` entry) with
 * `@tanstack/query-core`'s own QueryClient in Node, against the stateful mock over HTTP:
 * `fetchQuery`, `fetchInfiniteQuery`, a mutation, keys that hash alike for equal parameters,
 * the query's signal reaching the request, and a failed call thrown as `ApiCallError`.
 */
import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../generated/client.js';
import { ApiCallError, createQueries, defaultScope } from '../../generated/query.js';
import { startHistoryMock, type HistoryMock } from './history-mock.js';

let run: HistoryMock;
let api: ApiClient;
let requests = 0;
/** requests whose client went away before the answer */
let abandoned = 0;
let hold: Promise<void> | undefined;

beforeAll(async () => {
  run = await startHistoryMock(600, async (_req, res) => {
    requests++;
    res.on('close', () => {
      if (!res.writableFinished) abandoned++;
    });
    await hold;
  });
  api = run.api;
});
afterAll(() => run.stop());

const narrow = [{ operator: 'channel', operand: 'general' }];

describe('query factories with @tanstack/query-core', () => {
  it('fetchQuery: the answer, cached under a key equal parameters share', async () => {
    const queryClient = new QueryClient();
    const q = createQueries(api);
    const params = { anchor: 'newest' as const, num_before: 5, num_after: 0, narrow };
    const data = await queryClient.fetchQuery(q.getMessages.queryOptions(params));
    expect(data.messages).toHaveLength(5);
    expect(q.getMessages.queryKey(params)).toEqual([defaultScope, 'getMessages', params]);
    // Same parameters in another order: the same entry, no request.
    const before = requests;
    const reordered = { narrow, num_after: 0, num_before: 5, anchor: 'newest' as const };
    expect(queryClient.getQueryData(q.getMessages.queryKey(reordered))).toBe(data);
    await queryClient.fetchQuery({ ...q.getMessages.queryOptions(reordered), staleTime: 60_000 });
    expect(requests).toBe(before);
    // Every query of the method matches its two first elements.
    await queryClient.invalidateQueries({ queryKey: [defaultScope, 'getMessages'] });
    expect(queryClient.getQueryState(q.getMessages.queryKey(params))?.isInvalidated).toBe(true);
  });

  it('fetchInfiniteQuery: pages newest-first, no message twice, within the page size', async () => {
    const queryClient = new QueryClient();
    const q = createQueries(api);
    const options = q.getMessages.infiniteQueryOptions(
      { narrow },
      { direction: 'older', pageSize: 100 },
    );
    const result = await queryClient.fetchInfiniteQuery({ ...options, pages: 4 });
    expect(result.pages).toHaveLength(4);
    const ids = result.pages.flatMap((p) => p.messages.map((m) => m.id));
    expect(ids).toHaveLength(400);
    expect(new Set(ids).size).toBe(400);
    const newestFirst = result.pages.flatMap((p) => [...p.messages].reverse().map((m) => m.id));
    expect(newestFirst).toEqual([...newestFirst].sort((a, b) => b - a));
    expect(result.pageParams[1]).toMatchObject({
      num_before: 100,
      num_after: 0,
      include_anchor: false,
    });
    // The key says which walk it is: another direction is another entry.
    expect(options.queryKey).toEqual([
      defaultScope,
      'getMessages',
      { narrow },
      { direction: 'older', pageSize: 100 },
    ]);
  });

  it('fetchInfiniteQuery stops where the answer says the oldest was reached', async () => {
    const queryClient = new QueryClient();
    const q = createQueries(api);
    const options = q.getMessages.infiniteQueryOptions(
      { narrow },
      { direction: 'older', pageSize: 5000 },
    );
    const result = await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0].found_oldest).toBe(true);
    expect(
      options.getNextPageParam(result.pages[0], result.pages, result.pageParams[0]),
    ).toBeUndefined();
  });

  it('a mutation sends through the client; a failed call is thrown as ApiCallError', async () => {
    const queryClient = new QueryClient();
    const q = createQueries(api);
    const send = new MutationObserver(queryClient, q.sendMessage.mutationOptions());
    const sent = await send.mutate({
      type: 'channel',
      to: 'general',
      topic: 'q',
      content: 'from a mutation',
    });
    expect(sent.id).toBeGreaterThan(0);
    expect(q.sendMessage.mutationKey()).toEqual([defaultScope, 'sendMessage']);
    const failed = await send
      .mutate({ type: 'channel', to: 'no-such-channel', topic: 'q', content: 'x' })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiCallError);
    expect((failed as ApiCallError).error).toMatchObject({
      kind: 'api',
      code: 'STREAM_DOES_NOT_EXIST',
    });
  });

  it("the query's signal reaches the request: cancelQueries aborts it", async () => {
    const queryClient = new QueryClient();
    const q = createQueries(api, { scope: 'other server' });
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const options = q.getStreams.queryOptions({});
    expect(options.queryKey[0]).toBe('other server');
    const pending = queryClient.fetchQuery(options).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    const outcome = await pending;
    // The connection was dropped by the client while the server still held the answer.
    await new Promise((r) => setTimeout(r, 50));
    expect(abandoned).toBe(1);
    release();
    hold = undefined;
    expect(outcome).toBeInstanceOf(Error);
    expect(queryClient.getQueryData(options.queryKey)).toBeUndefined();
  });
});
