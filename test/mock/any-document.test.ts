/**
 * `tms-gen mock` on any document (mock/serve.ts): the front with each engine over a document
 * that is not ours (the Bearer fixture: `{message}` errors, a base path of /v2), the fake
 * engine's answers valid for the schemas, fault injection seeded and drawn from the
 * operation's documented errors, examples written as `$ref`s served as the author meant.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractTables, type ContractTables } from '../../mock/contract-tables.js';
import { errorStatuses, parseFailRate, parseLatency } from '../../mock/faults.js';
import { PRISM_HTTP, serveMock, type RunningMock } from '../../mock/serve.js';

const BEARER = new URL('../fixtures/auth/bearer.yaml', import.meta.url).pathname;
const auth = { authorization: 'Bearer abc' };

async function tablesOf(file: string): Promise<ContractTables> {
  const loaded = await contractTables(file);
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  return loaded.tables;
}

describe('the mock of another document', () => {
  let tables: ContractTables;
  const running: RunningMock[] = [];
  beforeAll(async () => {
    tables = await tablesOf(BEARER);
  });
  afterAll(() => Promise.all(running.map((m) => m.stop())));
  const start = async (options: Partial<Parameters<typeof serveMock>[0]>) => {
    const mock = await serveMock({ tables, ...options });
    running.push(mock);
    return mock;
  };

  it.each(['prism', 'fake'] as const)(
    'with the %s engine: routes under the base path, auth, refusals',
    async (engine) => {
      const mock = await start({ engine });
      expect(mock.baseUrl).toMatch(/\/v2$/);
      expect(mock.engine).toBe(engine);
      const thing = await fetch(`${mock.baseUrl}/things/7`, { headers: auth });
      expect(thing.status).toBe(200);
      expect(await thing.json()).toMatchObject({ id: expect.any(Number) });
      const anonymous = await fetch(`${mock.baseUrl}/things/7`);
      expect(anonymous.status).toBe(401);
      // getThing documents no 400: an invalid request gets the status it documents (404)
      const bad = await fetch(`${mock.baseUrl}/things/seven`, { headers: auth });
      expect(bad.status).toBe(404);
      expect(await bad.json()).toMatchObject({ message: expect.any(String) });
      const health = await fetch(`${mock.baseUrl}/health`);
      expect(health.status).toBe(200);
    },
  );

  it('fake engine: Prefer code= answers that documented status with a body of its schema', async () => {
    const mock = await start({ engine: 'fake' });
    const problem = await fetch(`${mock.baseUrl}/things/7`, {
      headers: { ...auth, prefer: 'code=404' },
    });
    expect(problem.status).toBe(404);
    expect(await problem.json()).toMatchObject({ message: expect.any(String) });
    // a status the operation does not document is refused with one it does (no 400 here)
    const undocumented = await fetch(`${mock.baseUrl}/things/7`, {
      headers: { ...auth, prefer: 'code=418' },
    });
    expect(undocumented.status).toBe(404);
    expect(await undocumented.json()).toMatchObject({ message: expect.any(String) });
  });

  it('fail rate 1: every answer is one of the documented errors; latency waits', async () => {
    const mock = await start({
      engine: 'fake',
      faults: { failRate: 1, latencyMs: [40, 60], seed: 's' },
    });
    const started = performance.now();
    const answer = await fetch(`${mock.baseUrl}/things/7`, { headers: auth });
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ message: expect.any(String) });
    // an operation that documents no error is never failed
    expect((await fetch(`${mock.baseUrl}/health`)).status).toBe(200);
  });

  it('the same seed fails the same requests', async () => {
    const statuses = async () => {
      const mock = await start({ engine: 'fake', faults: { failRate: 0.5, seed: 'abc' } });
      const out: number[] = [];
      for (let i = 0; i < 12; i++)
        out.push((await fetch(`${mock.baseUrl}/things/${i}`, { headers: auth })).status);
      return out;
    };
    const first = await statuses();
    expect(first).toContain(200);
    expect(first).toContain(404);
    expect(await statuses()).toEqual(first);
  });
});

describe('fault options', () => {
  it('parses latency ranges and fail rates', () => {
    expect(parseLatency('200')).toEqual([200, 200]);
    expect(parseLatency('100-800')).toEqual([100, 800]);
    expect(parseLatency('800-100')).toBeUndefined();
    expect(parseLatency('fast')).toBeUndefined();
    expect(parseFailRate('0.25')).toBe(0.25);
    expect(parseFailRate('10%')).toBe(0.1);
    expect(parseFailRate('2')).toBeUndefined();
  });
  it('draws from explicit error statuses, `default` only when there is none', () => {
    expect(errorStatuses(['200', '404', '4XX', 'default'])).toEqual([400, 404]);
    expect(errorStatuses(['200', 'default'])).toEqual([500]);
    expect(errorStatuses(['200'])).toEqual([]);
  });
});

describe('examples written as $refs', () => {
  it('serves the value of the Example Object the $ref names, and drops one that names no example', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tms-mock-ref-'));
    const file = join(dir, 'api.json');
    const media = (examples: object) => ({
      'application/json': { schema: { type: 'object' }, examples },
    });
    writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Refs', version: '1' },
        paths: {
          '/a': {
            get: {
              operationId: 'getA',
              responses: {
                '200': {
                  description: 'ok',
                  content: media({
                    one: { value: { $ref: '#/components/examples/thing' } },
                    two: { value: { $ref: '#/components/schemas/Plain' } },
                  }),
                },
              },
            },
          },
        },
        components: {
          examples: { thing: { value: { name: 'thing' } } },
          schemas: { Plain: { type: 'object' } },
        },
      }),
    );
    const tables = await tablesOf(file);
    expect(tables.examples.getA).toEqual([{ name: 'one', status: 200, body: { name: 'thing' } }]);
  });
});

describe('a missing Prism engine', () => {
  it('is named with the version the toolkit pins, so the install line it prints works', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      peerDependencies: Record<string, string>;
    };
    expect(PRISM_HTTP).toBe(
      `@stoplight/prism-http@${pkg.peerDependencies['@stoplight/prism-http']}`,
    );
  });
});
