/**
 * Other documents' paths and forms: path templates with a fragment, as Box's document tells operations of one path apart
 * (`/web_links/{id}#add_shared_link`): no URL carries the fragment to a server, so the client
 * leaves it out and the router matches without it.
 */
import { describe, expect, it } from 'vitest';
import { decodeRequest, encodeRequest, fillPath, matchPath } from '../../runtime/wire.js';
import { createRouter } from '../../runtime/server-router.js';
import type { OperationInfo } from '../../runtime/operation-info.js';

const op = (operationId: string, method: string, path: string) =>
  ({
    operationId,
    method,
    path,
    fields: [],
    auth: 'none',
    errorCodes: [],
    statuses: [],
  }) as unknown as OperationInfo;

describe('a fragment in a path template', () => {
  it('is not sent, and does not stop the path from matching', () => {
    expect(fillPath('/web_links/{id}#add_shared_link', { id: 'a b' })).toBe('/web_links/a%20b');
    expect(matchPath('/web_links/{id}#add_shared_link', '/web_links/a%20b')).toEqual({ id: 'a b' });
  });

  it('routes literal and templated paths by what a request carries', () => {
    const router = createRouter(
      [op('share', 'PUT', '/web_links/{id}#add_shared_link'), op('list', 'GET', '/links#all')],
      '/2.0',
    );
    expect(router.match('PUT', '/2.0/web_links/7')).toMatchObject({
      kind: 'found',
      operation: { operationId: 'share' },
      pathParams: { id: '7' },
    });
    expect(router.match('GET', '/2.0/links')).toMatchObject({
      kind: 'found',
      operation: { operationId: 'list' },
    });
  });
});

describe('a fixed query in a path template (Flickr: `/rest?method=…`)', () => {
  it('is sent before the parameters and is not reported as unknown', () => {
    const search = {
      operationId: 'search',
      method: 'GET' as const,
      path: '/rest?method=flickr.photos.search',
      fields: [
        {
          name: 'text',
          in: 'query' as const,
          required: false,
          encoding: 'plain' as const,
          types: ['string' as const],
        },
      ],
    };
    const encoded = encodeRequest(search, { query: { text: 'a b' } });
    expect(encoded.path).toBe('/rest');
    expect(encoded.query).toBe('method=flickr.photos.search&text=a+b');
    expect(decodeRequest(search, { pathParams: {}, query: encoded.query })).toMatchObject({
      ok: true,
      value: { query: { text: 'a b' } },
      unknown: [],
    });
  });
});

describe('a free-form exploded query object of a PATCH with a form body', () => {
  it('takes no pair of the body under lenient reading', () => {
    const op = {
      operationId: 'patch',
      method: 'PATCH' as const,
      path: '/items',
      fields: [
        {
          name: 'extra',
          in: 'query' as const,
          required: false,
          encoding: 'explode' as const,
          types: ['object' as const],
          shape: { types: ['object' as const], additional: { types: ['string' as const] } },
        },
        {
          name: 'name',
          in: 'body' as const,
          required: true,
          encoding: 'plain' as const,
          types: ['string' as const],
        },
      ],
      body: {
        kind: 'form' as const,
        mediaTypes: ['application/x-www-form-urlencoded'],
        required: true,
      },
    };
    const raw = (query: string) => ({
      pathParams: {},
      query,
      contentType: 'application/x-www-form-urlencoded',
      body: new TextEncoder().encode('name=x'),
    });
    const decoded = (query: string) => {
      const result = decodeRequest(op, raw(query), { lenientLocation: true });
      return result.ok ? { query: result.value.query, body: result.value.body } : result;
    };
    expect(decoded('')).toEqual({ query: {}, body: { name: 'x' } });
    expect(decoded('a=1')).toEqual({ query: { extra: { a: '1' } }, body: { name: 'x' } });
  });
});

describe('an exploded object with declared properties (OpenAPI form style)', () => {
  it('sends each property as a field of its own and reads it back by its type', () => {
    const list = {
      operationId: 'list',
      method: 'GET' as const,
      path: '/items',
      fields: [
        {
          name: 'color',
          in: 'query' as const,
          required: false,
          encoding: 'explode' as const,
          types: ['object' as const],
          shape: {
            types: ['object' as const],
            properties: {
              R: { types: ['integer' as const] },
              name: { types: ['string' as const] },
            },
          },
        },
        {
          name: 'limit',
          in: 'query' as const,
          required: false,
          encoding: 'plain' as const,
          types: ['integer' as const],
        },
      ],
    };
    const encoded = encodeRequest(list, { query: { color: { R: 100, name: 'red' }, limit: 5 } });
    expect(encoded.query).toBe('R=100&name=red&limit=5');
    expect(decodeRequest(list, { pathParams: {}, query: encoded.query })).toMatchObject({
      ok: true,
      value: { query: { color: { R: 100, name: 'red' }, limit: 5 } },
      unknown: [],
    });
  });
});

describe('a placeholder in a path template query (Medium: `/search?query={query}`)', () => {
  it('is left to the declared parameter, which is sent once', () => {
    const search = {
      operationId: 'search',
      method: 'GET' as const,
      path: '/search/articles?query={query}',
      fields: [
        {
          name: 'query',
          in: 'query' as const,
          required: true,
          encoding: 'plain' as const,
          types: ['string' as const],
        },
      ],
    };
    const encoded = encodeRequest(search, { query: { query: 'a b' } });
    expect(encoded.query).toBe('query=a+b');
    expect(decodeRequest(search, { pathParams: {}, query: encoded.query })).toMatchObject({
      ok: true,
      value: { query: { query: 'a b' } },
    });
  });
});

describe('segments holding two parameters', () => {
  it('percent-encodes the text between them inside values, so the split finds them whole', () => {
    const template = '/shipments/{prefix}-{number}';
    const path = fillPath(template, { prefix: 'a-b', number: '-7' });
    expect(path).toBe('/shipments/a%2Db-%2D7');
    expect(matchPath(template, path)).toEqual({ prefix: 'a-b', number: '-7' });
    // the segment's letters inside a value's own escapes are left alone (`\\` is `%5C`)
    const colon = '/specs/{spec}:getContents';
    expect(matchPath(colon, fillPath(colon, { spec: 'MR:\\<C' }))).toEqual({ spec: 'MR:\\<C' });
    expect(
      matchPath('/files/{name}.{ext}', fillPath('/files/{name}.{ext}', { name: 'a.b', ext: 'c' })),
    ).toEqual({ name: 'a.b', ext: 'c' });
  });

  it('splits `{name}{extension}` by the values the enum allows', () => {
    const fields = [
      { name: 'page', in: 'path' as const },
      { name: 'ext', in: 'path' as const, values: ['.json', '.xml'] },
    ];
    const template = '/blog/{page}{ext}';
    const path = fillPath(template, { page: '[1].json', ext: '.json' });
    expect(matchPath(template, path, fields)).toEqual({ page: '[1].json', ext: '.json' });
    expect(matchPath(template, '/blog/a.txt', fields)).toBeNull();
  });
});

describe('an array path parameter (simple style, TfL: `/Line/{ids}`)', () => {
  it('is sent as its items joined with commas and read back item by item', () => {
    const line = {
      operationId: 'line',
      method: 'GET' as const,
      path: '/Line/{ids}',
      fields: [
        {
          name: 'ids',
          in: 'path' as const,
          required: true,
          encoding: 'plain' as const,
          types: ['array' as const],
          itemTypes: ['integer' as const],
        },
      ],
    };
    const encoded = encodeRequest(line, { path: { ids: [1, 22] } });
    expect(encoded.path).toBe('/Line/1,22');
    const pathParams = matchPath(line.path, encoded.path, line.fields)!;
    expect(decodeRequest(line, { pathParams, query: '' })).toMatchObject({
      ok: true,
      value: { path: { ids: [1, 22] } },
    });
  });

  it('keeps a comma inside an item: items are encoded one by one, joined by literal commas', () => {
    const names = {
      operationId: 'names',
      method: 'GET' as const,
      path: '/names/{list}',
      fields: [
        {
          name: 'list',
          in: 'path' as const,
          required: true,
          encoding: 'plain' as const,
          types: ['array' as const],
          itemTypes: ['string' as const],
        },
      ],
    };
    const list = ['a,b', 'c', '100%', 'd e'];
    const encoded = encodeRequest(names, { path: { list } });
    expect(encoded.path).toBe('/names/a%2Cb,c,100%25,d%20e');
    const pathParams = matchPath(names.path, encoded.path, names.fields)!;
    expect(decodeRequest(names, { pathParams, query: '' })).toMatchObject({
      ok: true,
      value: { path: { list } },
    });
  });
});

describe('a parameter named like a deepObject member (Telnyx: `filter[record_type]` beside `filter`)', () => {
  it('keeps its pairs: the deepObject leaves the names the generator gave away (`leaves`)', () => {
    const search = {
      operationId: 'search',
      method: 'GET' as const,
      path: '/records',
      fields: [
        {
          name: 'filter[record_type]',
          in: 'query' as const,
          required: false,
          encoding: 'plain' as const,
          types: ['string' as const],
        },
        {
          name: 'filter',
          in: 'query' as const,
          required: false,
          encoding: 'deepObject' as const,
          types: ['object' as const],
          leaves: ['filter[record_type]'],
        },
      ],
    };
    const encoded = encodeRequest(search, {
      query: { 'filter[record_type]': 'y', filter: { status: 'ok' } },
    });
    expect(decodeRequest(search, { pathParams: {}, query: encoded.query })).toMatchObject({
      ok: true,
      value: { query: { 'filter[record_type]': 'y', filter: { status: 'ok' } } },
    });
    const alone = encodeRequest(search, { query: { 'filter[record_type]': 'y' } });
    const decoded = decodeRequest(search, { pathParams: {}, query: alone.query });
    expect(decoded.ok && decoded.value.query).toEqual({ 'filter[record_type]': 'y' });
  });
});
