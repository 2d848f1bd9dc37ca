/**
 * Query factories for TanStack Query (the bindings' `./query` entry, generated/query.ts): per
 * operation of a client, options objects that `@tanstack/query-core`'s `QueryClient` and every
 * framework adapter (React, Vue, Svelte, Solid, Angular) take as they are:
 *
 * - reads (GET, HEAD): `queryKey(params)` and `queryOptions(params)` (`queryKey` tagged with the
 *   data and error types, `queryFn` calling the client with the query's `signal`);
 * - paginated reads (`x-pagination`): `infiniteQueryOptions(params, { direction, pageSize })`,
 *   the pages computed by the same functions as `paginate` (runtime/client-paging.ts);
 * - writes: `mutationKey()` and `mutationOptions()`.
 *
 * Only `@tanstack/query-core`'s types are imported: no framework, nothing at run time. A failed
 * call is thrown as an `ApiCallError` (TanStack Query's errors are thrown), with the client's error
 * value in `error`. Keys are `[scope, method, params]` (infinite queries add their page options):
 * TanStack Query hashes them by value, so equal parameters share a cache entry whatever their
 * key order, and `[scope, method]` matches every query of a method (for `invalidateQueries`).
 */
import type { DataTag, InfiniteData, QueryFunctionContext } from '@tanstack/query-core';
import type { CallOptions, CallResult } from './client.js';
import {
  ApiCallError,
  firstRequest,
  newItems,
  nextRequest,
  type PageOptions,
  type PagingInfo,
  type WalkState,
} from './client-paging.js';

/** The parameters argument of a factory: optional when the method's parameters all are. */
export type ParamsArg<P> = {} extends P ? [params?: P] : [params: P];

/** The key of a method's query: `[scope, method, params]`. */
export type ApiQueryKey<M extends string, P> = readonly [scope: string, method: M, params: P];
/** The key of a method's infinite query: its query key and the walk's options. */
export type ApiInfiniteQueryKey<M extends string, P> = readonly [
  scope: string,
  method: M,
  params: P,
  pages: PageOptions,
];

/** What `queryOptions` returns: fits `fetchQuery`, `useQuery`, `queryOptions` of every adapter. */
export interface ApiQueryOptions<Key extends readonly unknown[], Data, Err> {
  queryKey: DataTag<Key, Data, Err>;
  queryFn: (context: QueryFunctionContext<Key>) => Promise<Data>;
}

/** What `infiniteQueryOptions` returns: fits `fetchInfiniteQuery`, `useInfiniteQuery`, ... */
export interface ApiInfiniteQueryOptions<Key extends readonly unknown[], Data, Err> {
  queryKey: DataTag<Key, InfiniteData<Data, PageParam>, Err>;
  queryFn: (context: QueryFunctionContext<Key, PageParam>) => Promise<Data>;
  initialPageParam: PageParam;
  getNextPageParam: (
    lastPage: Data,
    allPages: Data[],
    lastPageParam: PageParam,
  ) => PageParam | undefined;
}

/** A page's parameters: the method's parameters as the walk sets them for that page. */
export type PageParam = Record<string, unknown>;

/** What `mutationOptions` returns: fits `useMutation` and `MutationObserver`. */
export interface ApiMutationOptions<M extends string, P, Data, Err> {
  mutationKey: readonly [scope: string, method: M];
  mutationFn: (variables: P) => Promise<Data>;
  /** only for the types: the error a failed call throws */
  readonly _error?: Err;
}

/** The factories of a read. */
export interface ReadQuery<M extends string, P, Data, Code extends string> {
  queryKey(...args: ParamsArg<P>): DataTag<ApiQueryKey<M, P>, Data, ApiCallError<Code>>;
  queryOptions(
    ...args: [...ParamsArg<P>, options?: CallOptions]
  ): ApiQueryOptions<ApiQueryKey<M, P>, Data, ApiCallError<Code>>;
}

/** The factories of a paginated read, besides a read's. */
export interface InfiniteRead<M extends string, P, Data, Code extends string, Options> {
  infiniteQueryOptions(
    params: P,
    options?: Options & CallOptions,
  ): ApiInfiniteQueryOptions<ApiInfiniteQueryKey<M, P>, Data, ApiCallError<Code>>;
}

/** The factories of a write. */
export interface WriteMutation<M extends string, P, Data, Code extends string> {
  mutationKey(): readonly [scope: string, method: M];
  mutationOptions(options?: CallOptions): ApiMutationOptions<M, P, Data, ApiCallError<Code>>;
}

/** Which methods are reads, which are writes, and how the paginated ones page. */
export interface QueryTable {
  reads: readonly string[];
  writes: readonly string[];
  paging: { readonly [method: string]: PagingInfo };
}

type Send = (params: unknown, options?: CallOptions) => Promise<CallResult<unknown, string>>;

/** The factories of every method of `table`, for the client `api`, keys headed by `scope`. */
export function createQueryFactories(
  api: object,
  table: QueryTable,
  scope: string,
): Record<string, unknown> {
  const client = api as Record<string, Send>;
  const data = async (method: string, params: unknown, options: CallOptions) => {
    const result = await client[method](params, options);
    if (result.error) throw new ApiCallError(method, result.error, result.response);
    return { data: result.data, link: result.response.headers.get('Link') };
  };
  const out: Record<string, unknown> = {};
  for (const method of table.reads) {
    const queryKey = (params?: unknown) => [scope, method, params ?? {}] as const;
    const read: Record<string, unknown> = {
      queryKey,
      queryOptions: (params?: unknown, options: CallOptions = {}) => ({
        queryKey: queryKey(params),
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          (await data(method, params, { ...options, signal })).data,
      }),
    };
    const info = Object.hasOwn(table.paging, method) ? table.paging[method] : undefined;
    if (info)
      read.infiniteQueryOptions = (params: unknown, options: PageOptions & CallOptions = {}) => {
        const { direction, pageSize, ...call } = options;
        const pages: PageOptions = {};
        if (direction !== undefined) pages.direction = direction;
        if (pageSize !== undefined) pages.pageSize = pageSize;
        return infiniteOptions(info, [scope, method, params ?? {}, pages], pages, (page, signal) =>
          data(method, page, { ...call, signal }),
        );
      };
    out[method] = read;
  }
  for (const method of table.writes) {
    const mutationKey = () => [scope, method] as const;
    out[method] = {
      mutationKey,
      mutationOptions: (options: CallOptions = {}) => ({
        mutationKey: mutationKey(),
        mutationFn: async (params: unknown) => (await data(method, params, options)).data,
      }),
    };
  }
  return out;
}

/**
 * Infinite-query options over `fetchPage`. A page's parameter is the whole request of that
 * page; the next one is computed from the last page as `paginate` computes it. The `Link`
 * header a `link`-style answer names its next page in is remembered beside the page's data
 * (in this query's own map, by the data object), since TanStack Query keeps only the data.
 */
function infiniteOptions(
  info: PagingInfo,
  queryKey: readonly unknown[],
  pages: PageOptions,
  fetchPage: (
    params: PageParam,
    signal: AbortSignal,
  ) => Promise<{ data: unknown; link: string | null }>,
) {
  const links = new WeakMap<object, string | null>();
  const params = queryKey[2] as Record<string, unknown>;
  return {
    queryKey,
    initialPageParam: firstRequest(info, params, pages),
    queryFn: async ({ pageParam, signal }: { pageParam: PageParam; signal: AbortSignal }) => {
      const page = await fetchPage(pageParam, signal);
      if (typeof page.data === 'object' && page.data !== null) links.set(page.data, page.link);
      return page.data;
    },
    getNextPageParam: (lastPage: unknown, allPages: unknown[], lastPageParam: PageParam) => {
      const state: WalkState = {};
      // Items of the pages before count as seen, so a page of nothing new ends the walk.
      if (info.style !== 'anchor')
        for (const page of allPages.slice(0, -1)) newItems(info, page, state);
      const fresh = newItems(info, lastPage, state, pages.direction).length;
      const link =
        typeof lastPage === 'object' && lastPage !== null ? (links.get(lastPage) ?? null) : null;
      return nextRequest(info, lastPageParam, lastPage, fresh, state, link, pages.direction);
    },
  };
}
