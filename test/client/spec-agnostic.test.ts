/**
 * The client emitter on documents other than ours. test/generator/spec-agnostic.test.ts compiles
 * every emitter's output for a sample of documents (Zulip's, appwrite, intellifi and others) under
 * `tsc --strict`; this file adds what is the client's own: Stripe's and up.com.au's clients
 * compiled (Stripe is too big to run every emitter on in CI), and two clients called against a
 * real server, to see a JSON body leave as JSON and a renamed parameter where it belongs.
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startRecordingServer } from './recording-server.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { typeErrors } from './tsc.js';

const run = promisify(execFile);
const SPECS = sharedPath('specs');
const haveSpecs = haveShared('the client on third-party documents', 'specs');
const SCRATCH = join('test-artifacts', `client-agnostic-${process.pid}`);

const DOCUMENTS = [
  ['stripe', join(SPECS, 'big', 'stripe-spec3.json')],
  ['up', join(SPECS, 'breadth', 'up.com.au.json')],
] as const;

const generated = new Map<string, Promise<string>>();

/** Generates once per document (the run-time test reuses the output of the compile test). */
function generate(name: string, contract: string): Promise<string> {
  if (!generated.has(name)) generated.set(name, generateNow(name, contract));
  return generated.get(name)!;
}

async function generateNow(name: string, contract: string): Promise<string> {
  const out = join(SCRATCH, name);
  await run(
    process.execPath,
    ['bin/tms-gen.js', '--contract', contract, '--out', out, '--only', 'client', '--quiet'],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return out;
}

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe.skipIf(!haveSpecs).each(DOCUMENTS)('%s', (name, contract) => {
  it('generates types, operations and client that compile under tsc --strict', async () => {
    const out = await generate(name, contract);
    const client = readFileSync(join(out, 'client.ts'), 'utf8');
    expect(client).toContain('export function createApiClient(');
    expect(await typeErrors(join(out, 'client.ts'))).toEqual([]);
  }, 180_000);
});

describe.skipIf(!haveSpecs)('a third-party client at run time', () => {
  it('sends a JSON body as JSON and a renamed parameter where it belongs', async () => {
    const out = await generate('up', join(SPECS, 'breadth', 'up.com.au.json'));
    const intellifiOut = await generate('intellifi', join(SPECS, 'breadth', 'intellifi.nl.json'));
    const { createApiClient } = await import(pathToFileURL(resolve(out, 'client.ts')).href);
    const server = await startRecordingServer();
    try {
      // up.com.au declares one HTTP bearer scheme, `bearer_auth`: credentials by its name.
      const api = createApiClient({ baseUrl: server.origin, auth: { bearer_auth: 'up-token' } });
      server.respond(() => ({ status: 201, body: { data: { id: 'w1' } } }));
      const body = {
        data: { attributes: { url: 'https://hooks.example.com/up', description: 'é "quoted"' } },
      };
      const result = await api.postWebhooks({ body });
      const sent = server.requests[0];
      expect(sent.method).toBe('POST');
      expect(sent.url).toBe('/api/v1/webhooks');
      expect(sent.headers['content-type']).toBe('application/json');
      expect(sent.headers.authorization).toBe('Bearer up-token');
      expect(sent.body.toString('utf8')).toBe(JSON.stringify(body));
      expect(result.data).toEqual({ data: { id: 'w1' } });
    } finally {
      await server.close();
    }
    const intellifi = readFileSync(join(intellifiOut, 'client.ts'), 'utf8');
    expect(intellifi).toContain('"query.id"?: FieldOf<ParamsIn<');
    expect(intellifi).toMatch(/\{"keys":\{"query:id":"query\.id"\}\}/);
  }, 60_000);
});
