/**
 * The fixture check of the representative-media-type rule: test/fixtures/media-types/ documents a
 * second JSON media type on one response (getThing's 200: `application/vnd.x+json`, listed first,
 * with another schema, beside `application/json`) and an `application/problem+json` error response
 * (createThing's 422). Every artifact generated from it must follow the one decision the model
 * makes (`representativeMedia` in generator/model/media.ts, with `isJsonMediaType` from
 * runtime/media-type.ts): types, client decoding, validators, the server listener and the docs.
 * Everything is real: the CLI generates, tsc compiles, the listener serves on 127.0.0.1.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeErrors } from '../client/tsc.js';
import { loadOrThrow } from '../load-contract.js';

const run = promisify(execFile);
const CONTRACT = resolve('test/fixtures/media-types/openapi.yaml');
// Inside the project, so the generated client resolves openapi-fetch from node_modules.
const SCRATCH = resolve('test-artifacts', `media-types-${process.pid}`);
const GEN = join(SCRATCH, 'gen');
const DOCS = join(SCRATCH, 'docs');

const problem = { type: 'about:blank', title: 'Name taken', status: 422, detail: 'try another' };
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  await run(
    process.execPath,
    ['bin/tms-gen.js', '--quiet', '--contract', CONTRACT, '--out', GEN, '--docs', DOCS],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
  rmSync(SCRATCH, { recursive: true, force: true });
});

describe('a second JSON media type and a problem+json error, through every artifact', () => {
  it('model: one representative per response, by the rule (not by order)', async () => {
    const contract = await loadOrThrow(CONTRACT);
    const byId = new Map(contract.model.operations.map((op) => [op.id, op]));
    const got = byId.get('getThing')!.responses.find((r) => r.status === '200')!;
    expect(got.mediaTypes.map((m) => m.type)).toEqual([
      'application/vnd.x+json',
      'application/json',
    ]);
    expect(got.representative?.type).toBe('application/json');
    expect(got.representative?.schemaPointer).toBe(
      '#/paths/~1things~1{id}/get/responses/200/content/application~1json/schema',
    );
    const created = byId.get('createThing')!;
    const failed = created.responses.find((r) => r.status === '422')!;
    expect(failed.representative?.type).toBe('application/problem+json');
    expect(created.runtime.responseMediaTypes).toEqual({ '422': 'application/problem+json' });
    expect(byId.get('getThing')!.runtime.responseMediaTypes).toBeUndefined();
  });

  it('types: both media types typed; the server result types use the representative', async () => {
    const types = readFileSync(join(GEN, 'types.ts'), 'utf8');
    expect(types).toContain('"application/vnd.x+json": components["schemas"]["ThingRevision"]');
    expect(types).toContain('"application/problem+json": components["schemas"]["Problem"]');
    const probe = join(GEN, 'probe.ts');
    writeFileSync(
      probe,
      [
        `import type { CreateThingResult, GetThingResult } from './server.js';`,
        `export const thing: GetThingResult = { status: 200, body: { id: 1, name: 'a' } };`,
        `export const taken: CreateThingResult = { status: 422, body: ${JSON.stringify(problem)} };`,
        `// @ts-expect-error a problem needs its title`,
        `export const bad: CreateThingResult = { status: 422, body: { type: 'x', status: 422 } };`,
        '',
      ].join('\n'),
    );
    expect(await typeErrors(probe)).toEqual([]);
  }, 60_000);

  it('validators: each response checked against its representative schema', async () => {
    const v = await import(pathToFileURL(join(GEN, 'validators.js')).href);
    expect(v.validateResponse('getThing', 200, { id: 1, name: 'a' }).valid).toBe(true);
    expect(v.validateResponse('getThing', 200, { id: 1 }).valid).toBe(false);
    expect(v.validateResponse('createThing', 422, problem).valid).toBe(true);
    expect(v.validateResponse('createThing', 422, { type: 'x', status: 422 }).valid).toBe(false);
  });

  it('server listener and client: problem+json sent as documented and read as JSON', async () => {
    const { createRequestListener } = await import(pathToFileURL(join(GEN, 'server.ts')).href);
    const { createApiClient } = await import(pathToFileURL(join(GEN, 'client.ts')).href);
    const logged: string[] = [];
    const listener = createRequestListener({
      authenticate: () => null,
      validateResponses: true,
      logger: { error: (m: string) => logged.push(m) },
      handlers: {
        getThing: ({ id }: { id: number }) => ({ status: 200, body: { id, name: 'a' } }),
        createThing: ({ name }: { name: string }) =>
          name === 'taken'
            ? { status: 422, body: problem }
            : name === 'sloppy'
              ? { status: 422, body: { title: 'no type' } }
              : { status: 200, body: { id: 7, name } },
      },
    });
    const base = await listen(createServer(listener));
    const api = createApiClient({ baseUrl: base });

    const ok = await api.getThing({ id: 3 });
    expect(ok.data).toEqual({ id: 3, name: 'a' });
    expect(ok.response.headers.get('content-type')).toBe('application/json');

    const taken = await api.createThing({ name: 'taken' });
    expect(taken.response.status).toBe(422);
    expect(taken.response.headers.get('content-type')).toBe('application/problem+json');
    // The contract's error responses are RFC 9457 problems: read as such (message from
    // `detail`, code from `type`), the other members kept.
    expect(taken.error).toMatchObject({
      kind: 'api',
      status: 422,
      msg: problem.detail,
      code: problem.type,
      title: problem.title,
    });

    // A problem the contract's Problem schema refuses never leaves the listener.
    const sloppy = await api.createThing({ name: 'sloppy' });
    expect(sloppy.response.status).toBe(500);
    expect(logged.join('\n')).toMatch(/createThing \(status 422\)/);
  });

  it('client: an answer in the second JSON media type is parsed as JSON', async () => {
    const { createApiClient } = await import(pathToFileURL(join(GEN, 'client.ts')).href);
    const base = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/vnd.x+json; charset=utf-8' });
        res.end(JSON.stringify({ id: 3, name: 'a', revision: 2 }));
      }),
    );
    const answer = await createApiClient({ baseUrl: base }).getThing({ id: 3 });
    expect(answer.data).toEqual({ id: 3, name: 'a', revision: 2 });
  });

  it('docs: every media type listed, the representative schema shown', () => {
    const getThing = readFileSync(join(DOCS, 'operations', 'getThing.html'), 'utf8');
    expect(getThing).toContain('application/vnd.x+json, application/json');
    // The tree is Thing's (the representative), not ThingRevision's.
    expect(getThing).not.toMatch(/revision/);
    const createThing = readFileSync(join(DOCS, 'operations', 'createThing.html'), 'utf8');
    expect(createThing).toContain('application/problem+json');
    expect(createThing).toMatch(/detail/);
  });
});
