/**
 * What the model makes of parameters other documents write, so the types and the wire agree
 * (issue 30, found by bench/wire-agreement.ts): headers the HTTP layer owns are ignored like
 * Accept; an array parameter's enum repeated at the array level leaves the types an array, as
 * the wire sends it; an enum of numbers under `type: string` travels as numbers, as the types
 * say; a path parameter that meets another with nothing between carries its enum
 * values, so the router can split the segment.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { typescriptView } from '../../generator/model/views/typescript.js';
import { loadOrThrow } from '../load-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'tms-param-projection-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const document = {
  openapi: '3.0.3',
  info: { title: 'projection', version: '1' },
  paths: {
    '/blog/{page}{ext}': {
      get: {
        operationId: 'page',
        parameters: [
          { name: 'page', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'ext', in: 'path', required: true, schema: { type: 'string', enum: ['.json'] } },
          { name: 'Content-Length', in: 'header', schema: { type: 'number' } },
          { name: 'Host', in: 'header', schema: { type: 'string' } },
          { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
          {
            name: 'severity',
            in: 'query',
            schema: { type: 'string', enum: [10, 20, 30] },
          },
          {
            name: 'aspect',
            in: 'query',
            schema: { type: 'string', enum: [43, 169, 'nonstandard'] },
          },
          {
            name: 'type',
            in: 'query',
            explode: true,
            schema: {
              type: 'array',
              enum: ['A', 'B'],
              items: { type: 'string', enum: ['A', 'B'] },
            },
          },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

describe('parameters as other documents write them', async () => {
  const file = join(dir, 'doc.json');
  writeFileSync(file, JSON.stringify(document));
  const contract = await loadOrThrow(file);
  const op = contract.model.operations[0];
  const field = (name: string) => op.runtime.fields.find((f) => f.name === name);

  it('ignores header parameters the HTTP layer writes itself', () => {
    expect(op.runtime.fields.filter((f) => f.in === 'header').map((f) => f.name)).toEqual([
      'X-Request-Id',
    ]);
  });

  it('types an array parameter with its enum at the array level as an array', () => {
    expect(field('type')).toMatchObject({ encoding: 'explode', types: ['array'] });
    const view = typescriptView(contract.model) as unknown as {
      paths: Record<string, { get: { parameters: { name: string; schema: object }[] } }>;
    };
    const schema = view.paths['/blog/{page}{ext}'].get.parameters.find(
      (p) => p.name === 'type',
    )!.schema;
    expect(schema).toEqual({ type: 'array', items: { type: 'string', enum: ['A', 'B'] } });
    // the model's own document is left as it was
    expect(document.paths['/blog/{page}{ext}'].get.parameters[7].schema).toHaveProperty('enum');
  });

  it('reads an enum whose values are not of the declared type as its values', () => {
    // `type: string` with numbers: the types say `10 | 20 | 30`; so does the wire
    expect(field('severity')).toMatchObject({ encoding: 'plain', types: ['integer'] });
    expect(field('aspect')).toMatchObject({ encoding: 'plain', types: ['string', 'integer'] });
  });

  it('gives the router the values of a parameter that meets another with nothing between', () => {
    expect(field('ext')?.values).toEqual(['.json']);
    expect(field('page')?.values).toBeUndefined();
  });
});
