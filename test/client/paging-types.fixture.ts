/**
 * Compile-time behaviour of `paginate`, `retryPolicy` and the query factories (issue 32). Proper
 * use compiles; each misuse is marked `@ts-expect-error` and must fail on its own (checked by
 * test/client/types.test.ts like types.fixture.ts). Never run, only compiled.
 */
import { QueryClient } from '@tanstack/query-core';
import {
  paginate,
  retryPolicy,
  type ApiClient,
  type ApiData,
  type ApiPageItems,
} from '../../generated/client.js';
import { createQueries, type ApiCallError } from '../../generated/query.js';
import type { Message } from '../../generated/types.js';

declare const api: ApiClient;

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | undefined {
  return undefined;
}

export async function properUse(): Promise<void> {
  for await (const page of paginate(api, 'getMessages', { narrow: [] }, { direction: 'newer' })) {
    const found: boolean = page.data.found_newest;
    const first: Message | undefined = page.items[0];
    void found;
    void first;
  }
  for await (const m of paginate(
    api,
    'getMessages',
    { anchor: 42 },
    { pageSize: 500, timeoutMs: 5000 },
  ).items())
    void m.id;
  assertType<ApiPageItems['getMessages'] extends Message ? true : false>();
  const policy = retryPolicy({ maxAttempts: 4, onRetry: (e) => void e.delayMs });
  void policy.with({ maxAttempts: 1 });

  const queryClient = new QueryClient();
  const q = createQueries(api);
  const params = { anchor: 'newest' as const, num_before: 10, num_after: 0 };
  const key = q.getMessages.queryKey(params);
  // The key is tagged with the data and error types: the cache reads are typed by it.
  const cached = queryClient.getQueryData(key);
  assertType<Equal<typeof cached, ApiData['getMessages'] | undefined>>();
  void cached;
  const state = queryClient.getQueryState(key);
  assertType<Equal<NonNullable<typeof state>['error'], ApiCallError<'BAD_REQUEST'> | null>>();
  void state;
  const data = await queryClient.fetchQuery(q.getMessages.queryOptions(params));
  assertType<Equal<typeof data, ApiData['getMessages']>>();
  void data;
  const streams = await queryClient.fetchQuery(q.getStreams.queryOptions());
  void streams.streams;
  const pages = await queryClient.fetchInfiniteQuery(
    q.getMessages.infiniteQueryOptions({}, { direction: 'older' }),
  );
  const ids: number[] = pages.pages.flatMap((p) => p.messages.map((m) => m.id));
  void ids;
  void q.sendMessage.mutationOptions().mutationFn({ type: 'direct', to: [1], content: 'hi' });
}

export function misuse(): void {
  // @ts-expect-error the walk sets num_before itself
  void paginate(api, 'getMessages', { num_before: 5 });
  // @ts-expect-error GET /streams does not page
  void paginate(api, 'getStreams', {});
  // @ts-expect-error no such direction
  void paginate(api, 'getMessages', {}, { direction: 'sideways' });
  // @ts-expect-error an unknown retry option
  void retryPolicy({ retries: 3 });
  const q = createQueries(api);
  // @ts-expect-error an unknown parameter in a key
  void q.getMessages.queryKey({ anchr: 'newest' });
  // @ts-expect-error a write has no query options
  void q.sendMessage.queryOptions;
  // @ts-expect-error only paginated reads have infinite query options
  void q.getStreams.infiniteQueryOptions;
  // @ts-expect-error a mutation's variables are the method's parameters
  void q.sendMessage.mutationOptions().mutationFn({ type: 'channel' });
  const key = q.getMessage.queryKey({ message_id: 1 });
  // @ts-expect-error the key's data is GET /messages/{id}'s: no found_newest there
  const wrong: boolean | undefined = new QueryClient().getQueryData(key)?.found_newest;
  void wrong;
}
