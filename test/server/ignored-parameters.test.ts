/**
 * Parameters an operation does not have are reported in `ignored_parameters_unsupported` of a
 * success body only where the document's success schemas declare that field (our contract's
 * envelope does; generator/model/ignored-parameters.ts decides it per operation, the table's
 * `reportsIgnored` carries it). Another document's success bodies keep exactly the fields its
 * handler gave: the same request through the same pipeline, two operation tables.
 */
import { describe, expect, it } from 'vitest';
import { operations as ours } from '../../generated/operations.js';
import { createFetchHandler } from '../../runtime/server.js';
import type { OperationInfo } from '../../runtime/operation-info.js';
import { operationTable } from '../load-contract.js';

/** A GET answered 200 by `body`, with one parameter the operation does not have. */
async function answerWithUnknown(
  operations: Record<string, OperationInfo>,
  id: string,
  path: string,
  body: Record<string, unknown>,
): Promise<unknown> {
  const handle = createFetchHandler<{ id: number }>({
    operations,
    handlers: { [id]: () => ({ status: 200, body }) },
    // Validation is not the subject here (the fixture's schemas forbid no extra field).
    validators: {
      validateRequest: () => ({ valid: true }),
      validateResponse: () => ({ valid: true }),
    },
    authenticate: () => ({ id: 1 }),
    logger: { error: () => {} },
  });
  const response = await handle(
    new Request(`http://x${path}?not_a_parameter=1`, {
      headers: { authorization: `Basic ${btoa('ada@example.com:key')}` },
    }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

describe('ignored parameters follow the document', () => {
  it('our contract: every operation reports them, by the model', async () => {
    const table = await operationTable('openapi/openapi.yaml');
    for (const op of Object.values(table))
      expect(op.reportsIgnored, op.operationId).toBe('ignored_parameters_unsupported');
    expect(ours.getMessages.reportsIgnored).toBe('ignored_parameters_unsupported');
    const body = await answerWithUnknown(ours, 'getMessages', '/messages', {
      result: 'success',
      msg: '',
      messages: [],
    });
    expect(body).toMatchObject({ ignored_parameters_unsupported: ['not_a_parameter'] });
  });

  it('another document (GitHub-like errors, plain success bodies): none added', async () => {
    const table = await operationTable('test/fixtures/refusals/message.yaml');
    expect(Object.values(table).map((op) => op.reportsIgnored)).toEqual(
      Object.values(table).map(() => undefined),
    );
    const given = { id: 1, content: 'hi', result: 'success' };
    const body = await answerWithUnknown(table, 'getMessage', '/messages/1', given);
    expect(body).toEqual(given);
  });
});
