/**
 * Fake data of the MSW example handlers (runtime/msw-fake.ts from the tables of generated
 * msw-fake.ts): every documented JSON response of our contract, made up for several seeds, passes
 * the generated (Ajv) validators; the same seed gives the same bytes and other seeds other
 * values; the handlers answer with it where the contract has no example and with
 * `Prefer: dynamic=true`, every operation driven by the generated client; and on documents of the
 * breadth corpus, what is made up for each response schema passes Ajv compiled from the same
 * schemas.
 */
import { setupServer } from 'msw/node';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeTable } from '../../generator/emit/msw.js';
import { loadContract } from '../../generator/load/index.js';
import { createAjv, findUnknownFormats, usesLegacyPatterns } from '../../generator/schema/ajv.js';
import { fragmentSegment } from '../../generator/schema/json-schema.js';
import { createApiClient } from '../../generated/client.js';
import { api, createExampleHandlers, examples } from '../../generated/msw.js';
import { fakeAnswer, table } from '../../generated/msw-fake.js';
import { exampleHandlers } from '../../generated/runtime/msw.js';
import { fakeValue, type FakeSchema } from '../../generated/runtime/msw-fake.js';
import { validateResponse, type ValidatorOperationId } from '../../generated/validators.js';
import { contractCases, type OperationCase } from '../client/contract-examples.js';
import { haveShared, sharedPath } from '../shared-folder.js';

const BASE = 'https://chat.example.com';
const server = setupServer();
let cases: OperationCase[];

beforeAll(async () => {
  cases = await contractCases();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

/** A status the documented one stands for (`4XX` → 400, `default` → 400, as the mocks serve them). */
const statusOf = (documented: string) =>
  /^\d{3}$/.test(documented)
    ? Number(documented)
    : documented === 'default'
      ? 400
      : Number(documented[0]) * 100;

type Call = (
  p: unknown,
  o?: unknown,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const client = () =>
  createApiClient({
    baseUrl: BASE,
    email: 'iago@example.com',
    apiKey: 'k',
    onIgnoredParameters: () => {},
  }) as unknown as Record<string, Call>;

describe('fake data for our contract', () => {
  it('every documented JSON response, for three seeds, passes the generated validators', () => {
    let checked = 0;
    for (const [operationId, list] of Object.entries(table.responses))
      for (const [documented] of list)
        for (const seed of ['1', '2', 'x']) {
          const made = fakeAnswer(operationId, statusOf(documented), seed)!;
          const verdict = validateResponse(
            operationId as ValidatorOperationId,
            made.status,
            made.body,
          );
          expect(verdict, `${operationId} ${documented} seed ${seed}`).toEqual({ valid: true });
          checked++;
        }
    expect(Object.keys(table.responses).sort()).toEqual(Object.keys(examples).sort());
    expect(checked).toBeGreaterThan(100);
  });

  it('the same seed gives the same bytes; other seeds give other values', () => {
    const all = (seed: string) =>
      Object.entries(table.responses).map(([operationId, list]) =>
        list.map(([documented]) =>
          JSON.stringify(fakeAnswer(operationId, statusOf(documented), seed)),
        ),
      );
    expect(all('7')).toEqual(all('7'));
    const a = all('7').flat();
    const b = all('8').flat();
    const differing = a.filter((text, i) => text !== b[i]).length;
    // answers with nothing to vary (an envelope of constants) are alike; the rest differ
    expect(differing).toBeGreaterThan(a.length / 2);
    expect(JSON.stringify(fakeAnswer('getMessages', undefined, '7'))).not.toBe(
      JSON.stringify(fakeAnswer('getMessages', undefined, '8')),
    );
  });
});

describe('the example handlers answering with fake data', () => {
  it('every operation, Prefer: dynamic=true, through the generated client: valid, and the same for the same seed', async () => {
    const answers = async (seed: number) => {
      server.resetHandlers(...createExampleHandlers({ seed }));
      const out: Record<string, unknown> = {};
      const c = client();
      for (const k of cases) {
        const result = await c[k.op.id](k.params, { headers: { Prefer: 'dynamic=true' } });
        // the handlers check answers in development: an invalid fake is a 500 envelope
        expect(result.error, k.op.id).toBeUndefined();
        expect(result.response.status, k.op.id).toBeLessThan(300);
        out[k.op.id] = result.data;
      }
      return out;
    };
    const first = await answers(3);
    expect(Object.keys(first)).toHaveLength(Object.keys(examples).length);
    expect(await answers(3)).toEqual(first);
    const other = await answers(4);
    expect(other.getMessages).not.toEqual(first.getMessages);
    // not the contract's example either
    const example = cases.find((k) => k.op.id === 'getMessages')!.success;
    expect(first.getMessages).not.toEqual(example);
  });

  it('an operation without examples is answered from its schema; a status the contract has no example for too', async () => {
    server.resetHandlers(...exampleHandlers(api, { ...examples, getUsers: [] }, { seed: 5 }));
    const c = client();
    const users = await c.getUsers({});
    expect(users.error).toBeUndefined();
    expect(validateResponse('getUsers', 200, users.data)).toEqual({ valid: true });
    expect(users.data).toEqual(fakeAnswer('getUsers', undefined, '5')!.body);
    // 401 has no example of its own; the `default` schema covers it
    const unauthorized = await c.getUsers({}, { headers: { Prefer: 'code=401' } });
    expect(unauthorized.response.status).toBe(401);
    expect(validateResponse('getUsers', 401, unauthorized.error)).toEqual({ valid: true });
    // a named example that does not exist is still a 501 envelope, never made up
    const missing = await c.getUsers({}, { headers: { Prefer: 'example=nope' } });
    expect(missing.response.status).toBe(501);
  });
});

/**
 * Small documents of the breadth corpus, OpenAPI 3.0 and 3.1, all of whose response schemas pass.
 * (A scratch survey of the corpus, stopped for time after the documents up to `openfigi` in
 * alphabetical order: 22 answers in 13 documents failed, most of them schemas no value satisfies
 * (a `required` name a closed object does not list, an enum longer than its maxLength) and the
 * rest `oneOf`s of open objects that only a value breaking the other branch's types separates.)
 */
const BREADTH = [
  'apple.com__sirikit-cloud-media.json', // 3.0: allOf chains, oneOf
  'adyen.com__DisputeService-v30.json', // 3.1
  'codat.io__sync-for-commerce.json', // 3.1: closed objects, a property whose schema is false
  'placekit.co.json', // 3.1
  '1password.com__events.json', // 3.0: formats
];
const haveBreadth = haveShared('fake data on breadth documents', 'specs', 'breadth');

describe.skipIf(!haveBreadth)('fake data for breadth documents', () => {
  it.each(BREADTH)(
    '%s: every response schema, made up, passes Ajv; same seed, same bytes',
    async (file) => {
      const loaded = await loadContract(join(sharedPath('specs', 'breadth'), file));
      if (!loaded.ok) throw new Error(`${file} does not load`);
      const model = loaded.contract.model;
      const made = fakeTable(model);
      const root = { $id: 'fake.json', $defs: made.defs };
      const ajv = createAjv({
        dialect: model.dialect,
        unknownFormats: findUnknownFormats(root as never, createAjv({ dialect: model.dialect })),
        legacyPatterns: usesLegacyPatterns(root as never),
      });
      ajv.addSchema(root);
      const keys = [
        ...new Set(Object.values(made.responses).flatMap((list) => list.map(([, key]) => key))),
      ];
      expect(keys.length).toBeGreaterThan(0);
      const failures: string[] = [];
      for (const key of keys) {
        const validate = ajv.getSchema(`fake.json#/$defs/${fragmentSegment(key)}`)!;
        for (const seed of ['1', '2']) {
          const value = fakeValue(
            made.defs[key] as FakeSchema,
            made.defs as Record<string, FakeSchema>,
            seed,
          );
          if (!validate(value))
            failures.push(`${key} (seed ${seed}): ${JSON.stringify(validate.errors?.[0])}`);
        }
        const again = (seed: string) =>
          JSON.stringify(
            fakeValue(made.defs[key] as FakeSchema, made.defs as Record<string, FakeSchema>, seed),
          );
        expect(again('1')).toBe(again('1'));
      }
      expect(failures).toEqual([]);
    },
    60_000,
  );
});
