/**
 * Values made up for samples when the document gives no example (issue 30): path and query
 * values drawn from the schema (enum, format, pattern, default, example) or named after their
 * parameter, never the word `text`; response bodies with their properties near the top; the
 * same output on every run. Every operation page of a document without a single example shows
 * a response sample.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { MADE_UP_SUMMARY, NO_BODY_SUMMARY } from '../../generator/emit/docs/response-samples.js';
import { responseSample, sampleInputs } from '../../generator/model/samples.js';
import type { Operation } from '../../generator/model/types.js';
import { loadOrThrow } from '../load-contract.js';

const param = (name: string, schema: Record<string, unknown>, at = 'path') => ({
  name,
  in: at,
  required: true,
  schema,
});

/** A document without one example: what third-party documents often are. */
function document(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'No examples', version: '1' },
    paths: {
      '/v1/customers/{customer}/cards/{card}/{kind}/{day}': {
        get: {
          operationId: 'getCard',
          parameters: [
            param('customer', { type: 'string', maxLength: 5000 }),
            param('card', { type: 'string', pattern: '^card_[a-z0-9]{8}$' }),
            param('kind', { type: 'string', enum: ['debit', 'credit'] }),
            param('day', { type: 'string', format: 'date' }),
            param('limit', { type: 'integer', minimum: 1, default: 10 }, 'query'),
            param('q', { type: 'string', minLength: 12 }, 'query'),
          ],
          responses: {
            '200': {
              description: 'The card.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Card' } } },
            },
          },
        },
        delete: {
          operationId: 'deleteCard',
          parameters: [
            param('customer', { type: 'string' }),
            param('card', { type: 'string' }),
            param('kind', { type: 'string' }),
            param('day', { type: 'string' }),
          ],
          responses: { '204': { description: 'Gone.' } },
        },
      },
    },
    components: {
      schemas: {
        Card: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string' },
            object: { type: 'string', enum: ['card'] },
            brand: { type: ['string', 'null'] },
            secret: { type: 'string', writeOnly: true },
            owner: { anyOf: [{ $ref: '#/components/schemas/Owner' }], nullable: true },
          },
        },
        Owner: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            email: { type: 'string', format: 'email' },
            address: { $ref: '#/components/schemas/Address' },
          },
        },
        Address: {
          type: 'object',
          required: ['city'],
          properties: { city: { type: 'string' }, line2: { type: 'string' } },
        },
      },
    },
  };
}

describe('made-up sample values', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tms-samples-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document()));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = async () => {
    return (await loadOrThrow(file)).model;
  };
  const op = (ops: Operation[], id: string) => ops.find((o) => o.id === id)!;

  it('draws path and query values from the schema, else names them after the parameter', async () => {
    const model = await load();
    const [sample] = sampleInputs(op(model.operations, 'getCard'), model.document);
    expect(sample.path.customer).toBe('customer_1');
    expect(sample.path.card).toMatch(/^card_[a-z0-9]{8}$/);
    expect(sample.path.kind).toBe('debit');
    expect(sample.path.day).toBe('2024-01-01');
    expect(sample.query.limit).toBe(10);
    expect(sample.query.q).toBe('q_1xxxxxxxxx');
    expect(JSON.stringify(sample)).not.toMatch(/"text"/);
    // the same on every run (a pattern's draw is seeded by the pattern)
    expect(sampleInputs(op(model.operations, 'getCard'), model.document)).toEqual([sample]);
  });

  it('makes a response body with the properties near the top, write-only ones left out', async () => {
    const model = await load();
    const body = responseSample({ $ref: '#/components/schemas/Card' }, model.document);
    expect(body).toEqual({
      id: 'id_1',
      object: 'card',
      brand: 'brand_1',
      owner: { name: 'name_1', email: 'user@example.com', address: { city: 'city_1' } },
    });
  });

  it('gives every operation page a response sample, labelled as made up', async () => {
    const files = await emitDocs(await load(), { command: 'x', warn: () => {} });
    const page = (id: string) =>
      String(files.find((f) => f.path === `operations/${id}.html`)!.contents);
    const get = page('getCard');
    expect(get).toContain('id="response-samples"');
    expect(get).toContain(MADE_UP_SUMMARY);
    // the nested field of the made-up body, in the response samples' part of the page
    const responsePart = get.slice(get.indexOf('id="response-samples"'));
    expect(responsePart).toMatch(/"city_1"|&quot;city_1&quot;/);
    expect(get).toContain('/v1/customers/customer_1/cards/card_');
    const del = page('deleteCard');
    expect(del).toContain('id="response-samples"');
    expect(del).toContain(NO_BODY_SUMMARY);
    // byte for byte the same on another run
    const again = await emitDocs(await load(), { command: 'x', warn: () => {} });
    expect(again.map((f) => [f.path, String(f.contents)])).toEqual(
      files.map((f) => [f.path, String(f.contents)]),
    );
  });
});
