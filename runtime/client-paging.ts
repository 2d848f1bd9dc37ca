/**
 * Walking a paginated operation, as the contract's `x-pagination` says it pages (read once by
 * generator/model/pagination.ts and printed into the generated client's `pagingTable`). The
 * request of each page is computed from the answer before it by pure functions (`firstRequest`,
 * `nextRequest`), shared by `paginate` here and by the TanStack Query factories (runtime/query.ts).
 *
 * What a walk guarantees, whatever the style:
 * - every request asks for at most the contract's limit of items (a larger `pageSize` is misuse);
 * - no item is yielded twice: anchor paging moves a strict boundary (the anchor message of the
 *   next request is the last one seen, asked for without itself, and anything on the wrong side
 *   of the boundary is dropped even if a server sends it); other styles drop an item whose
 *   `itemId` was seen (only where the contract names one);
 * - it stops when the answer says so (`found_oldest` / `found_newest`, `has_more`, no next cursor
 *   or `Link`, a short page, the total reached), and when a page brings nothing new (a server that
 *   keeps answering the same page must not loop forever).
 *
 * Anchor paging is robust to messages arriving while paging: newer-to-older walks move below a
 * fixed ID, and older-to-newer walks pick new messages up until the answer says the newest was
 * reached. Offset and page-number paging cannot be made so by a client: items inserted before the
 * offset shift the pages (duplicates are then dropped by `itemId`, but an item can be missed).
 *
 * This module is imported only by `paginate` and the query factories: a client that uses neither
 * carries none of it.
 */
import type { CallResult, ClientError } from './client-errors.js';

/** A path into a JSON value, as segments (`['messages']`; `[]` is the value itself). */
export type ValuePath = readonly string[];

interface PagingBase {
  /** where the answer's body holds the page's items */
  items: ValuePath;
  /** where an item holds its identity (anchor paging: an integer ordered like the items) */
  itemId?: ValuePath;
  /** the most items one request may ask for */
  max?: number;
  /** the page size the contract recommends (the default) */
  recommended?: number;
}

/** Anchor paging (ours, GET /messages): around an anchor, so many before and so many after. */
export interface AnchorPaging extends PagingBase {
  style: 'anchor';
  itemId: ValuePath;
  /** parameter keys: the anchor, how many before, how many after, include the anchor or not */
  anchor: string;
  before: string;
  after: string;
  include?: string;
  /** the anchor values that name the two ends */
  newest: string;
  oldest: string;
  /** where the answer says the end of that side was reached */
  foundNewest: ValuePath;
  foundOldest: ValuePath;
}

/** A cursor from the answer (`next`) or the last item's identity (`fromItem`, Stripe's style). */
export interface CursorPaging extends PagingBase {
  style: 'cursor';
  cursor: string;
  size?: string;
  next?: ValuePath;
  fromItem?: ValuePath;
  /** where the answer says whether more pages follow */
  hasMore?: ValuePath;
}

export interface OffsetPaging extends PagingBase {
  style: 'offset';
  offset: string;
  size: string;
  /** where the answer gives the total number of items */
  total?: ValuePath;
}

export interface PageNumberPaging extends PagingBase {
  style: 'page';
  page: string;
  size?: string;
  /** the number of the first page (default 1) */
  first?: number;
  /** where the answer gives the number of pages */
  totalPages?: ValuePath;
}

/** The next page is the `Link: <url>; rel="next"` header's (RFC 8288), its query as parameters. */
export interface LinkPaging extends PagingBase {
  style: 'link';
  size?: string;
}

export type PagingInfo = AnchorPaging | CursorPaging | OffsetPaging | PageNumberPaging | LinkPaging;

/** Which way an anchor walk goes: `older` (newest first, the default) or `newer` (oldest first). */
export type PageDirection = 'older' | 'newer';

export interface PageOptions {
  /** anchor paging only: `older` (from `anchor`, default the newest, towards the oldest) or `newer` */
  direction?: PageDirection;
  /** items per request; default the contract's recommended size; at most its limit */
  pageSize?: number;
}

/** One page of a walk. */
export interface Page<Data, Item> {
  /** the answer as the server sent it */
  data: Data;
  /** its items not seen before, in the walk's order (`older`: newest first) */
  items: Item[];
  /** the parameters this page was asked with */
  params: Record<string, unknown>;
  response: Response;
}

/** An async iterable of pages, with `items()` to iterate their items one by one. */
export interface PageIterable<Data, Item> extends AsyncIterable<Page<Data, Item>> {
  items(): AsyncIterable<Item>;
}

/** A failed page: the call's error value (`error.kind`, `status`, `code`, `msg`), thrown. */
export class ApiCallError<Code extends string = string> extends Error {
  readonly error: ClientError<Code>;
  readonly response: Response | undefined;
  constructor(operation: string, error: ClientError<Code>, response: Response | undefined) {
    super(`${operation}: ${error.msg}`);
    this.name = 'ApiCallError';
    this.error = error;
    this.response = response;
  }
}

/**
 * What one walk remembers between pages: the boundary an anchor walk has reached, the items
 * seen (by `itemId`, other styles), and whether the last page brought anything new.
 */
export interface WalkState {
  boundary?: number;
  seen?: Set<unknown>;
}

/** The value at `path` inside `value`, undefined when a step is missing. */
export function valueAt(value: unknown, path: ValuePath): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** The page size a walk asks for: the caller's, else the recommended one, within the limit. */
export function pageSizeOf(info: PagingInfo, asked: number | undefined): number | undefined {
  if (asked !== undefined && (!Number.isInteger(asked) || asked < 1))
    throw new RangeError(`pageSize must be a positive integer, not ${String(asked)}`);
  if (asked !== undefined && info.max !== undefined && asked > info.max)
    throw new RangeError(`pageSize ${asked} is over the contract's limit of ${info.max} a request`);
  return asked ?? info.recommended ?? info.max;
}

/** The parameters of the first page: the caller's, with the paging ones set. */
export function firstRequest(
  info: PagingInfo,
  params: Record<string, unknown>,
  options: PageOptions,
): Record<string, unknown> {
  const size = pageSizeOf(info, options.pageSize);
  const out = { ...params };
  if (info.style === 'anchor') {
    const older = (options.direction ?? 'older') === 'older';
    if (out[info.anchor] === undefined) out[info.anchor] = older ? info.newest : info.oldest;
    out[info.before] = older ? size : 0;
    out[info.after] = older ? 0 : size;
    return out;
  }
  if (options.direction !== undefined)
    throw new TypeError(`direction is for anchor paging; this operation pages by ${info.style}`);
  if (info.style === 'offset') out[info.offset] ??= 0;
  if (info.style === 'page') out[info.page] ??= info.first ?? 1;
  if ('size' in info && info.size !== undefined && size !== undefined) out[info.size] = size;
  return out;
}

/**
 * The items of `data` the walk has not yielded, in its order, and the state moved past them.
 * Anchor paging keeps items strictly beyond the boundary (older: smaller IDs, newest first).
 */
export function newItems(
  info: PagingInfo,
  data: unknown,
  state: WalkState,
  direction: PageDirection = 'older',
): unknown[] {
  const all = valueAt(data, info.items);
  if (!Array.isArray(all)) return [];
  if (info.style === 'anchor') {
    const older = direction === 'older';
    const ids = all.map((item) => Number(valueAt(item, info.itemId)));
    const kept = all.filter((_, i) =>
      state.boundary === undefined
        ? Number.isFinite(ids[i])
        : older
          ? ids[i] < state.boundary
          : ids[i] > state.boundary,
    );
    for (const item of kept) {
      const id = Number(valueAt(item, info.itemId));
      if (state.boundary === undefined || (older ? id < state.boundary : id > state.boundary))
        state.boundary = id;
    }
    return older ? kept.reverse() : kept;
  }
  if (info.itemId === undefined) return all;
  const seen = (state.seen ??= new Set());
  return all.filter((item) => {
    const id = valueAt(item, info.itemId!);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The parameters of the page after the one asked with `asked` that answered `data` (with
 * `fresh` items not seen before), or undefined when the walk is over.
 */
export function nextRequest(
  info: PagingInfo,
  asked: Record<string, unknown>,
  data: unknown,
  fresh: number,
  state: WalkState,
  link: string | null,
  direction: PageDirection = 'older',
): Record<string, unknown> | undefined {
  if (fresh === 0) return undefined;
  const count = (valueAt(data, info.items) as unknown[]).length;
  switch (info.style) {
    case 'anchor': {
      const older = direction === 'older';
      if (valueAt(data, older ? info.foundOldest : info.foundNewest) === true) return undefined;
      const next = { ...asked, [info.anchor]: state.boundary };
      if (info.include !== undefined) next[info.include] = false;
      return next;
    }
    case 'cursor': {
      if (info.hasMore !== undefined && valueAt(data, info.hasMore) === false) return undefined;
      const items = valueAt(data, info.items) as unknown[];
      const cursor =
        info.next !== undefined
          ? valueAt(data, info.next)
          : info.fromItem !== undefined
            ? valueAt(items[items.length - 1], info.fromItem)
            : undefined;
      if (cursor === undefined || cursor === null || cursor === '') return undefined;
      return { ...asked, [info.cursor]: cursor };
    }
    case 'offset': {
      const offset = Number(asked[info.offset] ?? 0) + count;
      const total = info.total === undefined ? undefined : Number(valueAt(data, info.total));
      const size = asked[info.size];
      if (total !== undefined && offset >= total) return undefined;
      if (typeof size === 'number' && count < size) return undefined;
      return { ...asked, [info.offset]: offset };
    }
    case 'page': {
      const page = Number(asked[info.page] ?? info.first ?? 1);
      const pages =
        info.totalPages === undefined ? undefined : Number(valueAt(data, info.totalPages));
      const size = info.size === undefined ? undefined : asked[info.size];
      if (pages !== undefined && page >= pages - 1 + (info.first ?? 1)) return undefined;
      if (typeof size === 'number' && count < size) return undefined;
      return { ...asked, [info.page]: page + 1 };
    }
    case 'link': {
      const url = nextLink(link);
      if (url === undefined) return undefined;
      const next = { ...asked };
      for (const [key, value] of new URL(url, 'http://link.invalid').searchParams)
        next[key] = value;
      return next;
    }
  }
}

/** The `rel="next"` target of a `Link` header (RFC 8288), if any. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (m && /;\s*rel\s*=\s*"?(?:[^";,]*\s)?next(?:\s[^";,]*)?"?\s*(?:;|$)/i.test(m[2]))
      return m[1];
  }
  return undefined;
}

/**
 * Walks `call` page by page. `call` is the client method of the operation; each failed page
 * throws an `ApiCallError` carrying the call's error value.
 */
export function walkPages<Data, Item>(
  info: PagingInfo,
  operation: string,
  call: (params: Record<string, unknown>) => Promise<CallResult<Data, string>>,
  params: Record<string, unknown> | undefined,
  options: PageOptions,
): PageIterable<Data, Item> {
  // Misuse (a page size over the limit, a direction for another style) throws now, not at the first page.
  const first = firstRequest(info, params ?? {}, options);
  const direction = options.direction ?? 'older';
  async function* pages(): AsyncGenerator<Page<Data, Item>> {
    const state: WalkState = {};
    let asked: Record<string, unknown> | undefined = first;
    while (asked !== undefined) {
      const result = await call(asked);
      if (result.error) throw new ApiCallError(operation, result.error, result.response);
      const items = newItems(info, result.data, state, direction) as Item[];
      yield { data: result.data, items, params: asked, response: result.response };
      asked = nextRequest(
        info,
        asked,
        result.data,
        items.length,
        state,
        result.response.headers.get('Link'),
        direction,
      );
    }
  }
  return {
    [Symbol.asyncIterator]: () => pages(),
    async *items() {
      for await (const page of pages()) yield* page.items;
    },
  };
}

/** The items' type of an answer of type `Data` whose items are at `Path` (unknown when not found). */
export type PageItem<Data, Path extends readonly string[]> = Path extends readonly [
  infer K extends string,
  ...infer Rest extends string[],
]
  ? PageItem<
      Data extends unknown ? (K extends keyof Data ? NonNullable<Data[K]> : never) : never,
      Rest
    >
  : [Data] extends [never]
    ? unknown
    : Data extends readonly (infer Item)[]
      ? Item
      : unknown;
