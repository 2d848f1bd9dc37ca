/**
 * What the wire model builds once per route and per operation (a path template's matcher,
 * `compilePath`; a field index, with the pairs each field has taken marked per request) holds
 * nothing of one request into the next: one matcher and one index used for many requests in a
 * row give what a fresh one gives for each.
 */
import { describe, expect, it } from 'vitest';
import {
  compilePath,
  createFieldIndexes,
  decodeRequest,
  matchPath,
  type WireField,
  type WireOperation,
} from '../../runtime/wire.js';

const PATHS = [
  '/files/report-7.json',
  '/files/a%2Db-9.json',
  '/files/report-7.xml',
  '/files/x.json/extra',
  '/files/%E2%9C%93-1.json',
  '/files/-1.json',
];

describe('a path matcher built once', () => {
  it('matches request after request as a fresh one does', () => {
    const template = '/files/{prefix}-{number}.{format}';
    const fields = [{ name: 'format', in: 'path' as const, values: ['json', 'csv'] }];
    const match = compilePath(template, fields);
    for (const path of [...PATHS, ...[...PATHS].reverse()])
      expect(match(path)).toEqual(matchPath(template, path, fields));
    expect(match('/files/report-7.json')).toEqual({
      prefix: 'report',
      number: '7',
      format: 'json',
    });
    expect(match('/files/report-7.xml')).toBeNull();
  });
});

const field = (name: string, encoding: WireField['encoding'], more: Partial<WireField> = {}) =>
  ({ name, in: 'query', required: false, encoding, types: ['object'], ...more }) as WireField;

const OP: WireOperation = {
  operationId: 'findOrders',
  method: 'GET',
  path: '/orders',
  fields: [
    field('buyer', 'explode', {
      shape: { types: ['object'], properties: { city: { types: ['string'] } } },
    }),
    // A free-form exploded object beside other fields is sent as a deepObject (the generator's
    // rule, model/wire-collisions.ts): as the generator would make it.
    field('extra', 'deepObject', {
      shape: { types: ['object'], additional: { types: ['string'] } },
    }),
    field('filter', 'deepObject', {
      shape: { types: ['object'], additional: { types: ['string'] } },
      leaves: ['filter[kind]'],
    }),
    field('filter[kind]', 'plain', { types: ['string'] }),
    field('page', 'plain', { types: ['integer'] }),
  ],
};

const QUERIES = [
  'city=Lyon&page=2&colour=red',
  'filter[state]=open&filter[kind]=card&extra[size]=9',
  'page=1&page=2',
  'city=Oslo&filter[a]=1&anything=x&filter=oops&extra=oops',
  '',
];

describe('an operation index built once', () => {
  it('decodes request after request as a fresh one does', () => {
    const indexes = createFieldIndexes();
    for (const query of [...QUERIES, ...[...QUERIES].reverse()]) {
      const raw = { pathParams: {}, query };
      expect(decodeRequest(OP, raw, { fieldIndexes: indexes })).toEqual(decodeRequest(OP, raw));
    }
    const decoded = decodeRequest(
      OP,
      { pathParams: {}, query: QUERIES[1] },
      { fieldIndexes: indexes },
    );
    expect(decoded.ok && { ...decoded.value.query }).toEqual({
      filter: { state: 'open' },
      'filter[kind]': 'card',
      extra: { size: '9' },
    });
  });
});
