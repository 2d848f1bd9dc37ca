/**
 * deepObject beyond OpenAPI's flat object, as Stripe's document uses it: arrays (`expand[]`),
 * nested objects and arrays of objects in form bodies, a scalar for the whole field, null, and
 * the reading back by the field's shape. Byte for byte, then decoded.
 */
import { describe, expect, it } from 'vitest';
import { decodeRequest, encodeRequest, type WireOperation } from '../../runtime/wire.js';
import { rawOf } from './fixtures.js';

const retrieve: WireOperation = {
  operationId: 'GetCustomersCustomer',
  method: 'GET',
  path: '/v1/customers/{customer}',
  fields: [
    { name: 'customer', in: 'path', required: true, encoding: 'plain', types: ['string'] },
    {
      name: 'expand',
      in: 'query',
      required: false,
      encoding: 'deepObject',
      types: ['array'],
      shape: { types: ['array'], items: { types: ['string'] } },
    },
    {
      name: 'created',
      in: 'query',
      required: false,
      encoding: 'deepObject',
      types: ['integer', 'object'],
      shape: {
        types: ['integer', 'object'],
        properties: { gt: { types: ['integer'] }, lte: { types: ['integer'] } },
      },
    },
  ],
};

const create: WireOperation = {
  operationId: 'PostCheckoutSessions',
  method: 'POST',
  path: '/v1/checkout/sessions',
  body: { kind: 'form', mediaTypes: ['application/x-www-form-urlencoded'], required: false },
  fields: [
    {
      name: 'line_items',
      in: 'body',
      required: false,
      encoding: 'deepObject',
      types: ['array'],
      shape: {
        types: ['array'],
        items: {
          types: ['object'],
          properties: {
            price: { types: ['string'] },
            quantity: { types: ['integer'] },
            tax_rates: { types: ['array'], items: { types: ['string'] } },
          },
        },
      },
    },
    {
      name: 'metadata',
      in: 'body',
      required: false,
      encoding: 'deepObject',
      types: ['object', 'string'],
      shape: { types: ['object', 'string'], additional: { types: ['string'] } },
    },
    {
      name: 'extra',
      in: 'body',
      required: false,
      encoding: 'deepObject',
      types: ['object'],
      shape: { types: ['object'], additional: { types: [] } },
    },
  ],
};

function roundTrip(op: WireOperation, encoded: ReturnType<typeof encodeRequest>) {
  return decodeRequest(op, rawOf(encoded, { customer: 'cus_1' }));
}

describe('deepObject as Stripe writes it', () => {
  it('sends an array as `name[]=` items and a scalar for the whole field as `name=`', () => {
    const encoded = encodeRequest(retrieve, {
      path: { customer: 'cus_1' },
      query: { expand: ['default_source', 'invoice_settings.default_payment_method'], created: 5 },
    });
    expect(encoded.query).toBe(
      'expand%5B%5D=default_source&expand%5B%5D=invoice_settings.default_payment_method&created=5',
    );
    expect(roundTrip(retrieve, encoded)).toMatchObject({
      ok: true,
      value: {
        query: {
          expand: ['default_source', 'invoice_settings.default_payment_method'],
          created: 5,
        },
      },
    });
  });

  it('reads an object form of the same field by its properties, numbers as numbers', () => {
    const encoded = encodeRequest(retrieve, {
      path: { customer: 'cus_1' },
      query: { created: { gt: 1, lte: 20 } },
    });
    expect(encoded.query).toBe('created%5Bgt%5D=1&created%5Blte%5D=20');
    expect(roundTrip(retrieve, encoded)).toMatchObject({
      ok: true,
      value: { query: { created: { gt: 1, lte: 20 } } },
    });
  });

  it('sends arrays of objects by index and nested objects by path, and reads them back', () => {
    const body = {
      line_items: [
        { price: 'price_1', quantity: 2, tax_rates: ['txr_1'] },
        { price: '7', quantity: 1 },
      ],
      metadata: { order: '42', 'a b': 'x' },
      extra: { n: 3, flag: true, none: null, list: ['a', 'b'], deep: { k: 'v' } },
    };
    const encoded = encodeRequest(create, { body });
    expect(decodeURIComponent(encoded.body!.text!)).toBe(
      'line_items[0][price]=price_1&line_items[0][quantity]=2&line_items[0][tax_rates][]=txr_1&' +
        'line_items[1][price]=7&line_items[1][quantity]=1&metadata[order]=42&metadata[a+b]=x&' +
        'extra[n]=3&extra[flag]=true&extra[none]=null&extra[list][]=a&extra[list][]=b&extra[deep][k]=v',
    );
    expect(roundTrip(create, encoded)).toEqual({
      ok: true,
      value: { path: {}, query: {}, headers: {}, body },
      unknown: [],
      unknownValues: {},
    });
  });

  it('sends nothing for null and empty values; a required one reads back empty', () => {
    const encoded = encodeRequest(create, { body: { metadata: null, line_items: [], extra: {} } });
    expect(encoded.body).toBeUndefined();
    const required = {
      ...create,
      fields: create.fields.map((f) => ({ ...f, required: true })),
    };
    expect(decodeRequest(required, rawOf(encoded))).toMatchObject({
      ok: true,
      value: { body: { line_items: [], metadata: {}, extra: {} } },
    });
  });

  it('refuses keys it cannot place, naming the field', () => {
    const raw = rawOf({ path: '/', query: 'expand%5B%5D=a&expand%5Bx%5D%5D=b' });
    expect(decodeRequest(retrieve, { ...raw, pathParams: { customer: 'c' } })).toMatchObject({
      ok: false,
      errors: [{ field: 'expand', location: 'query', message: expect.stringMatching(/malformed/) }],
    });
  });
});
