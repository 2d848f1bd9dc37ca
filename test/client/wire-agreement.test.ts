/**
 * Types and wire agree (issue 30), on a sample: Stripe's document (deepObject `expand[]`,
 * nested form bodies, a scalar-or-object `created`) on every 8th operation, and two breadth
 * documents with other styles (appcenter.ms: spaceDelimited and comma arrays; apideck's CRM:
 * deepObject filters). Each operation is called with values drawn from its request schemas
 * against a recording loopback server; no call may throw and each request must decode, through
 * the listener's decoder, to the values given. bench/wire-agreement.ts runs every document.
 * A fixture of our own (test/fixtures/wire/colliding-objects.yaml) keeps the patterns of the
 * last document that disagreed: exploded query objects sharing property names with each other
 * and with other parameters, required nullable exploded arrays, and deepObjects beside
 * parameters named as their properties are sent (Telnyx's `filter[record_type]` by `filter`),
 * and required nullable form-body fields; tsc then checks the types refuse what the wire cannot
 * carry there.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { haveShared, sharedPath } from '../shared-folder.js';
import { checkDocument } from './agreement/check-document.js';
import { typeErrors } from './tsc.js';

const haveSpecs = haveShared('types and wire agree on third-party documents', 'specs');
const SCRATCH = join('test-artifacts', `wire-agreement-${process.pid}`);

const SAMPLE = [
  ['stripe', sharedPath('specs', 'big', 'stripe-spec3.json'), 8],
  ['appcenter', sharedPath('specs', 'breadth', 'appcenter.ms.json'), 6],
  ['apideck crm', sharedPath('specs', 'breadth', 'apideck.com__crm.json'), 2],
] as const;

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

it('objects that share names, and required nullable arrays, are sent and read back', async () => {
  const contract = join('test', 'fixtures', 'wire', 'colliding-objects.yaml');
  const counts = await checkDocument(contract, join(SCRATCH, 'colliding'), { runs: 20 });
  expect(counts.operations).toBe(5);
  expect(counts.mismatches.slice(0, 3)).toEqual([]);
  // What the wire cannot carry, the types refuse (model `nullNotSent` and `leaves`).
  const probe = join(SCRATCH, 'colliding', 'probe.ts');
  writeFileSync(
    probe,
    [
      `import { createApiClient } from './client.js';`,
      `const api = createApiClient({ baseUrl: 'http://127.0.0.1:1' });`,
      `export const fine = () => api.tagCustomers({ shopId: 1, tags: [], owner: null, grade: {}, label: { size: 1 }, 'label[kind]': 'x' });`,
      `// @ts-expect-error a required nullable form field in the form style is sent as nothing`,
      `export const tags = () => api.tagCustomers({ shopId: 1, tags: null, owner: 'x', grade: {} });`,
      `// @ts-expect-error label[kind] is the field of that name, not label's property`,
      `export const kind = () => api.tagCustomers({ shopId: 1, tags: [], owner: 'x', grade: {}, label: { kind: 'x' } });`,
      `// @ts-expect-error the same for a deepObject form field`,
      `export const grade = () => api.tagCustomers({ shopId: 1, tags: [], owner: 'x', grade: null });`,
      `export const listed = () => api.listInvoices({ shopId: 1, 'where[state]': 'open', where: { total: 2 } });`,
      `// @ts-expect-error where[state] is the parameter of that name, not where's property`,
      `export const state = () => api.listInvoices({ shopId: 1, 'where[state]': 'open', where: { state: 'x' } });`,
      '',
    ].join('\n'),
  );
  expect(await typeErrors(probe)).toEqual([]);
}, 60_000);

describe.skipIf(!haveSpecs)('every call the types accept is sent and read back', () => {
  it.each(SAMPLE)(
    '%s',
    async (name, contract, every) => {
      const counts = await checkDocument(contract, join(SCRATCH, name.replace(/\W/g, '-')), {
        runs: 4,
        every,
      });
      expect(counts.operations).toBeGreaterThan(5);
      expect(counts.mismatches.slice(0, 3)).toEqual([]);
    },
    120_000,
  );
});
