/**
 * What an operation page says about how each query parameter travels comes from the model's
 * wire encoding: an exploded object whose names clash with other parameters is sent as a
 * deepObject (the model's rule), the others keep the form style, one key per property.
 */
import { describe, expect, it } from 'vitest';
import { encodingText, operationView } from '../../generator/emit/docs/operation-page.js';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';
import { createSiteLinks } from '../../generator/emit/docs/links.js';
import { loadOrThrow } from '../load-contract.js';

const FIXTURE = new URL('../fixtures/wire/colliding-objects.yaml', import.meta.url).pathname;

describe('parameter encoding on operation pages', () => {
  it('follows the wire model: colliding objects as deepObject, the rest one key per property', async () => {
    const contract = await loadOrThrow(FIXTURE);
    const model = contract.model;
    const op = model.operations.find((o) => o.id === 'createOrder')!;
    const ctx = {
      model,
      links: createSiteLinks(model),
      exampleFiles: new Map(),
      root: '../',
      sharedInlineRows: 0,
    };
    const view = operationView(op, ctx, { views: [] });
    const encodingOf = (name: string): string | undefined =>
      view.params.find((p) => p.name === name)?.encoding;
    expect(encodingOf('buyer')).toBe(
      'Sent with each property in brackets after the name (buyer[x]=1&buyer[y]=2)',
    );
    expect(encodingOf('layout')).toBe(
      'Sent with each property in brackets after the name (layout[x]=1&layout[y]=2)',
    );
    expect(encodingOf('wrapping')).toBe('Sent with each property as a name of its own (x=1&y=2)');
    expect(encodingOf('lines')).toBe('Sent with the name repeated for each item (lines=1&lines=2)');
  });

  it('says every style in a sentence of its own: form, deepObject, exploded or not, delimited', () => {
    const q = (name: string, schema: unknown, more: Record<string, unknown> = {}) => ({
      name,
      in: 'query',
      schema,
      ...more,
    });
    const list = { type: 'array', items: { type: 'integer' } };
    const obj = { type: 'object', properties: { r: { type: 'integer' } } };
    const document = {
      openapi: '3.1.0',
      info: { title: 'styles', version: '1' },
      paths: {
        '/x': {
          get: {
            operationId: 'x',
            parameters: [
              q('plain', { type: 'string' }),
              q('ids', list),
              q('csv', list, { explode: false }),
              q('spaced', list, { style: 'spaceDelimited', explode: false }),
              q('piped', list, { style: 'pipeDelimited', explode: false }),
              q('color', obj, { explode: false }),
              q('point', obj),
              q('deep', obj, { style: 'deepObject', explode: true }),
              q('expand', { type: 'array', items: { type: 'string' } }, { style: 'deepObject' }),
              { name: 'narrow', in: 'query', content: { 'application/json': { schema: list } } },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    } as unknown as OpenApiDocument;
    const { model } = buildModel(document, 'styles.yaml');
    const said = Object.fromEntries(
      model.operations[0].parameters.map((p) => [p.name, encodingText(p)]),
    );
    expect(said).toEqual({
      plain: '',
      ids: 'Sent with the name repeated for each item (ids=1&ids=2)',
      csv: 'Sent as one value, the items joined by commas (csv=1,2)',
      spaced: 'Sent as one value, the items joined by spaces (spaced=1%202)',
      piped: 'Sent as one value, the items joined by pipes (piped=1|2)',
      color: "Sent as one value, each property's name and value joined by commas (color=x,1,y,2)",
      point: 'Sent with each property as a name of its own (x=1&y=2)',
      deep: 'Sent with each property in brackets after the name (deep[x]=1&deep[y]=2)',
      expand: 'Sent with [] after the name, once per item (expand[]=a&expand[]=b)',
      narrow: 'JSON-encoded: send the value as one field holding JSON text',
    });
  });
});
