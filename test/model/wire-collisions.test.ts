/**
 * The model's rule for exploded query objects whose property names meet other parameters'
 * names (model/wire-collisions.ts), and for required nullable parameters whose style writes
 * null as nothing (`nullNotSent`), on test/fixtures/wire/colliding-objects.yaml. The property
 * test (test/client/wire-agreement.test.ts) calls the same fixture through the real client and
 * decoder; this one says what the model decided and what the loader warns.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../generator/load/index.js';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';
import { typescriptView } from '../../generator/model/views/typescript.js';
import type { ApiModel } from '../../generator/model/types.js';

const CONTRACT = 'test/fixtures/wire/colliding-objects.yaml';

let loading: Promise<{ model: ApiModel; warnings: string[] }> | undefined;

/** The fixture, loaded once for all cases. */
function load(): Promise<{ model: ApiModel; warnings: string[] }> {
  loading ??= loadContract(CONTRACT).then((loaded) => {
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    return loaded.contract;
  });
  return loading;
}

function encodings(model: ApiModel, id: string): Record<string, string> {
  const op = model.operations.find((o) => o.id === id)!;
  return Object.fromEntries(op.runtime.fields.map((f) => [f.name, f.encoding]));
}

describe('exploded query objects that share names with other parameters', () => {
  it('travel as deepObject; the rest keep the document spelling', async () => {
    const { model } = await load();
    expect(encodings(model, 'createOrder')).toEqual({
      shopId: 'plain',
      buyer: 'deepObject',
      seller: 'deepObject',
      layout: 'deepObject',
      rebate: 'deepObject',
      wrapping: 'explode',
      lines: 'explode',
    });
    expect(encodings(model, 'settleOrder')).toEqual({
      shopId: 'plain',
      kind: 'plain',
      id: 'plain',
      note: 'plain',
      payment: 'deepObject',
    });
  });

  it('are warned about with the pointers of every parameter involved', async () => {
    const { warnings } = await load();
    const payment = warnings.filter((w) => w.includes("'payment'"));
    expect(payment).toHaveLength(1);
    expect(payment[0]).toMatch(/colliding-objects\.yaml:\d+/);
    // payment itself, then kind, id and note
    for (const at of [4, 1, 2, 3])
      // payment itself, kind, id
      expect(payment[0]).toContain(`#/paths/~1shops~1{shopId}~1settle/post/parameters/${at}`);
    expect(payment[0]).toContain("'note' at #/paths/~1shops~1{shopId}~1settle/post/parameters/3");
    expect(warnings.some((w) => w.includes("'wrapping'"))).toBe(false);
    expect(warnings.filter((w) => w.includes('[model]'))).toHaveLength(8);
  });
});

describe('a deepObject beside a parameter named as one of its properties is sent', () => {
  it('leaves that name to the parameter called so, and is typed without the property', async () => {
    const { model } = await load();
    const list = model.operations.find((o) => o.id === 'listInvoices')!;
    const leaves = Object.fromEntries(list.runtime.fields.map((f) => [f.name, f.leaves]));
    expect(leaves).toEqual({
      shopId: undefined,
      'where[state]': undefined,
      where: ['where[state]'],
      'match[owner]': undefined,
      match: ['match[owner]'],
    });
    const view = typescriptView(model) as unknown as {
      paths: Record<string, Record<string, { parameters: { name: string; schema: object }[] }>>;
    };
    const where = view.paths['/shops/{shopId}/invoices'].get.parameters.find(
      (p) => p.name === 'where',
    )!;
    expect(Object.keys((where.schema as { properties: object }).properties)).toEqual(['total']);
  });

  it('is warned about with the file, line and pointers of both', async () => {
    const { warnings } = await load();
    const where = warnings.filter((w) => w.includes("query parameter 'where'"));
    expect(where).toHaveLength(1);
    expect(where[0]).toMatch(
      /colliding-objects\.yaml:\d+:\d+ #\/paths\/~1shops~1\{shopId\}~1invoices\/get\/parameters\/2:/,
    );
    expect(where[0]).toContain(
      "'where[state]' at #/paths/~1shops~1{shopId}~1invoices/get/parameters/1",
    );
  });
});

describe('an exploded object that also takes undeclared properties', () => {
  const objectParam = {
    name: 'extra',
    in: 'query',
    schema: {
      type: 'object',
      properties: { size: { type: 'integer' } },
      additionalProperties: true,
    },
  };
  const encodingOf = (parameters: unknown[]) => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'fragment', version: '1' },
      paths: { '/x': { get: { parameters, responses: { '200': { description: 'ok' } } } } },
    } as unknown as OpenApiDocument;
    const { model, warnings } = buildModel(document, 'fragment.yaml');
    const extra = model.operations[0].parameters.find((p) => p.name === 'extra')!;
    return { encoding: extra.encoding, warnings: warnings.map((w) => w.message) };
  };

  it('keeps the document spelling alone, and is a deepObject beside any other query parameter', () => {
    expect(encodingOf([objectParam])).toEqual({ encoding: 'explode', warnings: [] });
    const page = { name: 'page', in: 'query', schema: { type: 'integer' } };
    const beside = encodingOf([objectParam, page]);
    expect(beside.encoding).toBe('deepObject');
    expect(beside.warnings).toHaveLength(1);
    expect(beside.warnings[0]).toContain("'page' at #/paths/~1x/get/parameters/1 (any name)");
    const header = { name: 'page', in: 'header', schema: { type: 'integer' } };
    expect(encodingOf([objectParam, header])).toEqual({ encoding: 'explode', warnings: [] });
  });
});

describe('required nullable parameters in styles that write null as nothing', () => {
  it('are typed without null; optional ones keep it', async () => {
    const { model } = await load();
    const merge = model.operations.find((o) => o.id === 'mergeCustomers')!;
    const flagged = merge.parameters.filter((p) => p.nullNotSent).map((p) => p.name);
    expect(flagged).toEqual(['customers', 'labels', 'ranks']);
    const view = typescriptView(model) as unknown as {
      paths: Record<string, Record<string, { parameters: { name: string; schema: object }[] }>>;
    };
    const schemaOf = (path: string, name: string) =>
      view.paths[path].post.parameters.find((p) => p.name === name)!.schema;
    expect(schemaOf('/shops/{shopId}/merge', 'labels')).not.toHaveProperty('nullable');
    expect(schemaOf('/shops/{shopId}/orders', 'lines')).toHaveProperty('nullable', true);
  });
});

describe("a form body's required nullable fields in styles that write null as nothing", () => {
  it('are typed without null in each media type; the component schema keeps it', async () => {
    const { model } = await load();
    const tag = model.operations.find((o) => o.id === 'tagCustomers')!;
    const flagged = tag.parameters.filter((p) => p.nullNotSent).map((p) => p.name);
    // owner is plain: null travels as the text `null` and is read back as null
    expect(flagged).toEqual(['tags', 'grade']);
    const view = typescriptView(model) as unknown as {
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: object }> } } }
      >;
      components: { schemas: Record<string, { properties: Record<string, object> }> };
    };
    const content = view.paths['/shops/{shopId}/tags'].post.requestBody.content;
    for (const media of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      const properties = (content[media].schema as { properties: Record<string, object> })
        .properties;
      expect(properties.tags, media).not.toHaveProperty('nullable');
      expect(properties.grade, media).not.toHaveProperty('nullable');
      expect(properties.notes, media).toHaveProperty('nullable', true);
      expect(properties.owner, media).toHaveProperty('nullable', true);
    }
    expect(view.components.schemas.TagForm.properties.tags).toHaveProperty('nullable', true);
  });

  it('leave a name another field is called to it, as parameters do', async () => {
    const { model, warnings } = await load();
    const tag = model.operations.find((o) => o.id === 'tagCustomers')!;
    expect(tag.parameters.find((p) => p.name === 'label')?.leaves).toEqual(['label[kind]']);
    expect(warnings.filter((w) => w.includes("body parameter 'label'"))).toHaveLength(1);
    const view = typescriptView(model) as unknown as {
      paths: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: object }> } } }
      >;
      components: { schemas: Record<string, { properties: Record<string, object> }> };
    };
    const content = view.paths['/shops/{shopId}/tags'].post.requestBody.content;
    for (const media of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      const label = (content[media].schema as { properties: { label: { properties: object } } })
        .properties.label;
      expect(Object.keys(label.properties), media).toEqual(['size']);
    }
    expect(view.components.schemas.TagForm.properties.label).toHaveProperty('properties.kind');
  });
});

describe("a path item's deepObject that one operation's own parameter collides with", () => {
  const filter = {
    name: 'filter',
    in: 'query',
    style: 'deepObject',
    explode: true,
    schema: {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
    },
  };
  const ok = { responses: { '204': { description: 'done' } } };
  const document = {
    openapi: '3.1.0',
    info: { title: 'fragment', version: '1' },
    paths: {
      '/items': {
        parameters: [filter],
        get: {
          ...ok,
          parameters: [{ name: 'filter[a]', in: 'query', schema: { type: 'string' } }],
        },
        delete: ok,
      },
    },
  } as unknown as OpenApiDocument;

  it('is typed without the property for that operation alone', async () => {
    const { model } = buildModel(document, 'fragment.yaml');
    const leavesOf = (method: string) =>
      model.operations
        .find((o) => o.method === method)!
        .runtime.fields.find((f) => f.name === 'filter')!.leaves;
    expect(leavesOf('get')).toEqual(['filter[a]']);
    expect(leavesOf('delete')).toBeUndefined();
    const view = typescriptView(model);
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const types = astToString(await openapiTS(view as never));
    const filterOf = (method: string) =>
      new RegExp(`${method}: \\{\\s*parameters: \\{\\s*query\\?: \\{[^]*?filter\\?: \\{([^}]*)\\}`)
        .exec(types)?.[1]
        .match(/\w+(?=\?:)/g);
    expect(filterOf('get')).toEqual(['b']);
    expect(filterOf('delete')).toEqual(['a', 'b']);
    // the path item's own entry, which both operations share, is left as written
    const item = (view as unknown as { paths: Record<string, { parameters: (typeof filter)[] }> })
      .paths['/items'];
    expect(Object.keys(item.parameters[0].schema.properties)).toEqual(['a', 'b']);
  });
});
