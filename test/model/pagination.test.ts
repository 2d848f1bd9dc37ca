/**
 * `x-pagination` and `x-idempotent` (issue 32): the model reads each paging style of the
 * README's definition into the runtime's description; a wrong extension is refused with file,
 * line and pointer; and the paging functions every walk uses (runtime/client-paging.ts) turn
 * each style's answers into the next request and stop where the answer says.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../generator/common/contract-error.js';
import { loadContract } from '../../generator/load/index.js';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';
import {
  firstRequest,
  newItems,
  nextLink,
  nextRequest,
  type PagingInfo,
  type WalkState,
} from '../../runtime/client-paging.js';
import { loadOrThrow } from '../load-contract.js';

type Json = Record<string, unknown>;

/** One GET /items operation with `extensions`, query parameters `names`, and `body` as its 200. */
function build(extensions: Json, names: Record<string, string>, body: Json) {
  const document = {
    openapi: '3.1.0',
    info: { title: 'paging', version: '1' },
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          ...extensions,
          parameters: Object.entries(names).map(([name, type]) => ({
            name,
            in: 'query',
            schema: { type },
          })),
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: body } } },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  return buildModel(document, 'paging.yaml');
}

const items = { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } };

describe('x-pagination read by the model', () => {
  it('our contract: GET /messages pages by anchor, 5000 at most, 1000 recommended', async () => {
    const contract = await loadOrThrow();
    const ops = contract.model.operations;
    const get = ops.find((o) => o.id === 'getMessages')!;
    expect(get.pagination).toMatchObject({
      style: 'anchor',
      items: ['messages'],
      itemId: ['id'],
      max: 5000,
      recommended: 1000,
      anchor: 'anchor',
      before: 'num_before',
      after: 'num_after',
      include: 'include_anchor',
      foundOldest: ['found_oldest'],
      foundNewest: ['found_newest'],
    });
    expect(ops.filter((o) => o.pagination).map((o) => o.id)).toEqual(['getMessages']);
    const safe = Object.fromEntries(ops.map((o) => [o.id, o.idempotent]));
    expect(safe).toMatchObject({
      sendMessage: false,
      getMessages: true,
      updateMessageFlags: true,
      registerQueue: false,
      unsubscribe: true,
    });
  });

  it.each([
    [
      'cursor, from the last item (Stripe)',
      {
        style: 'cursor',
        items: '/data',
        itemId: '/id',
        size: 'limit',
        limit: { max: 100 },
        cursor: { param: 'starting_after', fromItem: '/id', hasMore: '/has_more' },
      },
      { limit: 'integer', starting_after: 'string' },
      { type: 'object', properties: { data: items, has_more: { type: 'boolean' } } },
      {
        style: 'cursor',
        items: ['data'],
        itemId: ['id'],
        size: 'limit',
        max: 100,
        cursor: 'starting_after',
        fromItem: ['id'],
        hasMore: ['has_more'],
      },
    ],
    [
      'offset with a total',
      {
        style: 'offset',
        items: '/results',
        size: 'limit',
        offset: { param: 'offset', total: '/count' },
      },
      { limit: 'integer', offset: 'integer' },
      { type: 'object', properties: { results: items, count: { type: 'integer' } } },
      { style: 'offset', items: ['results'], size: 'limit', offset: 'offset', total: ['count'] },
    ],
    [
      'page numbers',
      {
        style: 'page',
        items: '/items',
        size: 'per_page',
        page: { param: 'page', first: 0, totalPages: '/pages' },
      },
      { per_page: 'integer', page: 'integer' },
      {
        allOf: [
          { type: 'object', properties: { items } },
          { type: 'object', properties: { pages: { type: 'integer' } } },
        ],
      },
      {
        style: 'page',
        items: ['items'],
        size: 'per_page',
        page: 'page',
        first: 0,
        totalPages: ['pages'],
      },
    ],
    [
      'Link headers, the body being the array (GitHub)',
      { style: 'link', items: '', size: 'per_page', limit: { max: 100, recommended: 30 } },
      { per_page: 'integer' },
      items,
      { style: 'link', items: [], size: 'per_page', max: 100, recommended: 30 },
    ],
  ])('%s', (_name, extension, names, body, want) => {
    const { model, problems } = build({ 'x-pagination': extension }, names, body);
    expect(problems).toEqual([]);
    const { pointer, ...info } = model.operations[0].pagination!;
    expect(pointer).toBe('#/paths/~1items/get/x-pagination');
    expect(info).toEqual(want);
  });

  it('refuses a wrong extension with file, line and pointer, every problem at once', async () => {
    const loaded = await loadContract('test/fixtures/broken/bad-pagination.yaml');
    expect(loaded.ok).toBe(false);
    const lines = loaded.ok ? [] : loaded.problems.map(formatProblem);
    const at = (line: number, pointer: string, words: string) =>
      expect(
        lines.some(
          (l) =>
            l.includes(`bad-pagination.yaml:${line}:`) && l.includes(pointer) && l.includes(words),
        ),
        `${line} ${pointer}`,
      ).toBe(true);
    at(9, '#/paths/~1items/get/x-pagination/items', "'/itemz' is not a field");
    at(11, '/x-pagination/limit', 'recommended page size 500 is over the limit 100');
    at(12, '/x-pagination/cursor/param', '"after" is not a query, header or body parameter');
    at(12, '/x-pagination/cursor/hasMore', 'must be boolean, not string');
    at(13, '/x-pagination/anchor', "unknown member 'anchor'");
    at(14, '#/paths/~1items/get/x-idempotent', 'must be true or false');
    at(
      31,
      '#/paths/~1pages/get/x-pagination/style',
      'must be one of anchor, cursor, offset, page, link',
    );
    expect(lines).toHaveLength(7);
  });

  it('an anchor paging needs its ends to be values of the anchor parameter', () => {
    const anchor = {
      param: 'anchor',
      before: 'b',
      after: 'a',
      newest: 'latest',
      oldest: 'oldest',
      foundNewest: '/n',
      foundOldest: '/o',
    };
    const document = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/m': {
          get: {
            'x-pagination': { style: 'anchor', items: '/m', itemId: '/id', anchor },
            parameters: [
              {
                name: 'anchor',
                in: 'query',
                schema: { oneOf: [{ type: 'integer' }, { enum: ['newest', 'oldest'] }] },
              },
              { name: 'b', in: 'query', schema: { type: 'integer' } },
              { name: 'a', in: 'query', schema: { type: 'string' } },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      properties: {
                        m: {
                          type: 'array',
                          items: { type: 'object', properties: { id: { type: 'integer' } } },
                        },
                        n: { type: 'boolean' },
                        o: { type: 'boolean' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    } as unknown as OpenApiDocument;
    const { problems } = buildModel(document, 'x.yaml');
    expect(problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      "#/paths/~1m/get/x-pagination/anchor/after: the parameter 'a' must be a number to carry a count",
      "#/paths/~1m/get/x-pagination/anchor/newest: 'latest' is not a value of the parameter 'anchor'",
    ]);
  });
});

describe('the next request of each style', () => {
  const walk = (info: PagingInfo, pages: unknown[], links: (string | null)[] = []) => {
    const state: WalkState = {};
    const asked: Json[] = [];
    let request: Json | undefined = firstRequest(info, {}, {});
    for (const [i, data] of pages.entries()) {
      if (!request) break;
      asked.push(request);
      const fresh = newItems(info, data, state).length;
      request = nextRequest(info, request, data, fresh, state, links[i] ?? null);
    }
    return { asked, next: request };
  };
  const page = (ids: string[], more: Json = {}) => ({ data: ids.map((id) => ({ id })), ...more });

  it('cursor from the last item, until has_more is false', () => {
    const info: PagingInfo = {
      style: 'cursor',
      items: ['data'],
      itemId: ['id'],
      size: 'limit',
      recommended: 2,
      cursor: 'starting_after',
      fromItem: ['id'],
      hasMore: ['has_more'],
    };
    const { asked, next } = walk(info, [
      page(['a', 'b'], { has_more: true }),
      page(['c'], { has_more: false }),
    ]);
    expect(asked).toEqual([{ limit: 2 }, { limit: 2, starting_after: 'b' }]);
    expect(next).toBeUndefined();
  });

  it('offset: a short page ends it; an item seen before is dropped; the total ends it', () => {
    const info: PagingInfo = {
      style: 'offset',
      items: ['data'],
      itemId: ['id'],
      size: 'limit',
      recommended: 2,
      offset: 'offset',
      total: ['total'],
    };
    const state: WalkState = {};
    expect(newItems(info, page(['a', 'b']), state)).toHaveLength(2);
    expect(newItems(info, page(['b', 'c']), state)).toEqual([{ id: 'c' }]); // shifted by an insert
    expect(walk(info, [page(['a', 'b']), page(['c'])]).next).toBeUndefined();
    expect(walk(info, [page(['a', 'b'], { total: 2 })]).next).toBeUndefined();
    expect(walk(info, [page(['a', 'b'], { total: 3 })]).next).toEqual({ limit: 2, offset: 2 });
  });

  it('page numbers up to the page count', () => {
    const info: PagingInfo = {
      style: 'page',
      items: ['data'],
      page: 'page',
      totalPages: ['pages'],
    };
    const { asked, next } = walk(info, [page(['a'], { pages: 2 }), page(['b'], { pages: 2 })]);
    expect(asked).toEqual([{ page: 1 }, { page: 2 }]);
    expect(next).toBeUndefined();
  });

  it('Link rel="next", its query as the next parameters', () => {
    const info: PagingInfo = { style: 'link', items: [] };
    const link =
      '<https://api.example.com/repos/x/issues?page=2&per_page=30>; rel="next", <https://api.example.com/repos/x/issues?page=9>; rel="last"';
    const { asked, next } = walk(info, [['a'], ['b']], [link, '<https://x/?page=1>; rel="prev"']);
    expect(asked).toEqual([{}, { page: '2', per_page: '30' }]);
    expect(next).toBeUndefined();
    expect(nextLink('<u1>; rel="prev next"')).toBe('u1');
    expect(nextLink('<u1>; rel="nextpage"')).toBeUndefined();
  });

  it('a server answering the same page again ends the walk instead of looping', () => {
    const info: PagingInfo = {
      style: 'cursor',
      items: ['data'],
      itemId: ['id'],
      cursor: 'c',
      next: ['next'],
    };
    const same = page(['a'], { next: 'n1' });
    expect(walk(info, [same, same, same]).asked).toHaveLength(2);
  });

  it('anchor: no direction for other styles, no page size over the limit', () => {
    const anchor: PagingInfo = {
      style: 'anchor',
      items: ['m'],
      itemId: ['id'],
      max: 10,
      anchor: 'anchor',
      before: 'b',
      after: 'a',
      newest: 'newest',
      oldest: 'oldest',
      foundNewest: ['n'],
      foundOldest: ['o'],
    };
    expect(firstRequest(anchor, {}, { direction: 'newer', pageSize: 10 })).toEqual({
      anchor: 'oldest',
      b: 0,
      a: 10,
    });
    expect(() => firstRequest(anchor, {}, { pageSize: 11 })).toThrow(RangeError);
    expect(() => firstRequest({ style: 'link', items: [] }, {}, { direction: 'older' })).toThrow(
      /anchor paging/,
    );
  });
});
