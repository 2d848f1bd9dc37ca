/**
 * The docs' TypeScript sample calls the client with the client's keys (the model's
 * `op.names`, model/names.ts `clientKeyOf`), as the package README does: a query parameter
 * named `body` moves the whole body to `requestBody`, and of two fields sharing a name the
 * later goes by its `query.id` key.
 */
import { describe, expect, it } from 'vitest';
import { typescriptArgs } from '../../generator/emit/docs/typescript-sample.js';
import type { OperationNames, Parameter } from '../../generator/model/types.js';

const field = (name: string, where: Parameter['in']) =>
  ({ name, in: where, required: true, schema: {} }) as unknown as Parameter;

describe('the docs TypeScript sample', () => {
  it('puts the whole body under the client’s body key', () => {
    const names: Pick<OperationNames, 'method' | 'fieldKeys' | 'bodyKey'> = {
      method: 'send',
      fieldKeys: [{ key: 'body', field: field('body', 'query') }],
      bodyKey: 'requestBody',
    };
    const args = typescriptArgs(
      names,
      { path: {}, query: { body: 'q' }, headers: {}, body: { a: 1 } },
      'json',
    );
    expect(args).toEqual({ body: 'q', requestBody: { a: 1 } });
  });

  it('calls a field by its client key', () => {
    const names: Pick<OperationNames, 'method' | 'fieldKeys' | 'bodyKey'> = {
      method: 'get',
      fieldKeys: [
        { key: 'id', field: field('id', 'path') },
        { key: 'query.id', field: field('id', 'query') },
      ],
    };
    const args = typescriptArgs(
      names,
      { path: { id: 1 }, query: { id: 2 }, headers: {} },
      undefined,
    );
    expect(args).toEqual({ id: 1, 'query.id': 2 });
  });
});
