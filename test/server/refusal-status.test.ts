/**
 * Every server refuses an invalid request with a status its operation documents: 400 where it
 * documents one, else the first it documents of 422, 409, 404 and 413 (`invalidRequestStatus`,
 * applied by the one request pipeline, so the generated server and the mock cannot disagree).
 * The Bearer fixture's getThing documents 200 and 404 only (its scheme is not passed: Basic).
 */
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../runtime/server.js';
import { operationTable } from '../load-contract.js';

const BEARER = new URL('../fixtures/auth/bearer.yaml', import.meta.url).pathname;

describe("a server's refusal of an invalid request", () => {
  it('has a status the operation documents, not an undocumented 400', async () => {
    const operations = await operationTable(BEARER);
    expect(operations.getThing.statuses).not.toContain('400');
    const handle = createFetchHandler<{ id: number }>({
      operations,
      handlers: { getThing: () => ({ status: 200, body: { id: 7 } }) },
      validators: {
        validateRequest: () => ({ valid: true }),
        validateResponse: () => ({ valid: true }),
      },
      authenticate: () => ({ id: 1 }),
      logger: { error: () => {} },
    });
    const get = (path: string) =>
      handle(
        new Request(`http://x${path}`, { headers: { authorization: `Basic ${btoa('a:b')}` } }),
      );
    expect((await get('/things/7')).status).toBe(200);
    // `seven` does not decode as the integer id
    const refused = await get('/things/seven');
    expect(refused.status).toBe(404);
    // a refusal of the request (the envelope: no refusal shape passed), not a route's 404
    expect(await refused.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
