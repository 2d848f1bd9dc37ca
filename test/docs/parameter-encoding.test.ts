/**
 * What an operation page says about how each query parameter travels comes from the model's
 * wire encoding: an exploded object whose names clash with other parameters is sent as a
 * deepObject (the model's rule), the others keep the form style, one key per property.
 */
import { describe, expect, it } from 'vitest';
import { operationView } from '../../generator/emit/docs/operation-page.js';
import { createSiteLinks } from '../../generator/emit/docs/links.js';
import { loadContract } from '../../generator/load/index.js';

const FIXTURE = new URL('../fixtures/wire/colliding-objects.yaml', import.meta.url).pathname;

describe('parameter encoding on operation pages', () => {
  it('follows the wire model: colliding objects as deepObject, the rest one key per property', async () => {
    const loaded = await loadContract(FIXTURE);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems.slice(0, 2)));
    const model = loaded.contract.model;
    const op = model.operations.find((o) => o.id === 'createOrder')!;
    const ctx = {
      model,
      links: createSiteLinks(model),
      exampleFiles: new Map(),
      root: '../',
      sharedInlineRows: 0,
    };
    const view = operationView(op, ctx, {
      views: [],
      data: { from: '', baseUrl: '', samples: [] },
    });
    const encodingOf = (name: string): string | undefined =>
      view.params.find((p) => p.name === name)?.encoding;
    expect(encodingOf('buyer')).toBe('object as a[key]=value');
    expect(encodingOf('layout')).toBe('object as a[key]=value');
    expect(encodingOf('wrapping')).toBe('each property as its own key (a=1&b=2)');
    expect(encodingOf('lines')).toBe('repeated key per item (a=1&a=2)');
  });
});
