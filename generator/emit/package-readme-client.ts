/**
 * The bindings README's sections on retries, pagination and the TanStack Query entry (issue 32),
 * for any contract: the paginated example is the contract's first operation with `x-pagination`,
 * the query example its first read.
 */
import type { ApiModel } from '../model/types.js';

export function clientExtrasReadme(model: ApiModel, name: string, modules: Set<string>): string[] {
  const paged = model.operations.find((op) => op.pagination);
  const read = model.operations.find(
    (op) => op.method === 'get' && !op.pagination && !op.parameters.some((p) => p.required),
  );
  const write =
    model.operations.find((op) => op.method === 'post') ??
    model.operations.find((op) => op.method !== 'get');
  const never = model.operations.filter((op) => !op.idempotent && op.method === 'post').slice(0, 2);
  const retried = read ?? model.operations.find((op) => op.idempotent) ?? model.operations[0];
  const perCall = retried
    ? [
        `await api.${retried.names.method}(params, { retry: false });                         // this call: no retries`,
        `await api.${retried.names.method}(params, { retry: retryPolicy({ maxAttempts: 2 }) }); // this call: its own`,
      ]
    : [];
  const out: string[] = [
    '## Retries',
    '',
    '```ts',
    `import { createApiClient, retryPolicy } from '${name}';`,
    '',
    `const api = createApiClient({ baseUrl, /* credentials */ retry: retryPolicy({ maxAttempts: 4, onRetry: (e) => console.warn(e) }) });`,
    ...perCall,
    '```',
    '',
    'A request that got no answer (connection refused or reset) or a 408, 429, 502, 503 or 504 is',
    "sent again after the answer's `Retry-After` (seconds or an HTTP date) or an exponential backoff",
    'with jitter (`initialDelayMs` 500, doubled, at most `maxDelayMs` 30000; `jitter` 0.5), up to',
    '`maxAttempts` (3) and `maxElapsedMs` (60000). Only operations safe to repeat are retried: the',
    "contract's `x-idempotent`, else the method (GET, HEAD, OPTIONS, PUT, DELETE; the table is",
    `\`idempotentOperations\`)${never.length ? `; never ${never.map((op) => `\`${op.names.method}\``).join(' or ')}` : ''}.`,
    '`timeoutMs` and `signal` bound the whole call, waits included: an abort ends a wait at once.',
    "Method calls only (path-style `api.GET(...)` calls keep openapi-fetch's behaviour). Without",
    '`retry` the client carries none of this code (a bundler drops it).',
    '',
  ];
  if (paged) {
    const m = paged.names.method;
    const anchor = paged.pagination!.style === 'anchor';
    out.push(
      '## Pagination',
      '',
      '```ts',
      `import { paginate } from '${name}';`,
      '',
      `for await (const page of paginate(api, '${m}', {}${anchor ? ", { direction: 'older' }" : ''})) console.log(page.items.length);`,
      `for await (const item of paginate(api, '${m}', {}, { pageSize: ${paged.pagination!.recommended ?? 100} }).items()) console.log(item);`,
      '```',
      '',
      'Operations the contract marks with `x-pagination` are walked as it says they page (`pagingTable`):',
      "each request within the contract's limit (`pageSize` defaults to its recommended size), no",
      'item twice, stopping where the answer says the end was reached' +
        (anchor
          ? ' (`direction`: `older` from the newest, or `newer`; a walk is not disturbed by items arriving meanwhile).'
          : '.'),
      "A failed page throws an `ApiCallError` whose `error` is the call's error value. The walk's",
      'options take every call option too (`signal`, `timeoutMs`, `retry`).',
      '',
    );
  }
  if (modules.has('query'))
    out.push(
      '## TanStack Query',
      '',
      '```ts',
      `import { QueryClient } from '@tanstack/query-core';   // or your framework's adapter`,
      `import { createQueries } from '${name}/query';`,
      '',
      'const q = createQueries(api);',
      `await queryClient.fetchQuery(q.${read?.names.method ?? 'someRead'}.queryOptions());`,
      ...(paged
        ? [
            `useInfiniteQuery(q.${paged.names.method}.infiniteQueryOptions({}${paged.pagination!.style === 'anchor' ? ", { direction: 'older' }" : ''}));  // React`,
          ]
        : []),
      `useMutation(q.${write?.names.method ?? 'someWrite'}.mutationOptions());`,
      '```',
      '',
      'Per method: `queryKey`/`queryOptions` for reads (GET, HEAD), `infiniteQueryOptions` for',
      'paginated reads, `mutationKey`/`mutationOptions` for the rest. Keys are `[scope, method,',
      'params]`, typed with their data and error, so `getQueryData(q.x.queryKey(p))` is typed;',
      "`queryFn` passes the query's `signal` to the call; a failed call is thrown as an",
      '`ApiCallError`. Needs `@tanstack/query-core` 5 (an optional peer dependency, types only): the',
      'entry is separate, so the client alone does not grow.',
      '',
    );
  return out;
}
