/**
 * The docs' fetch and Python samples of documents that are not ours (test/fixtures/auth/) send
 * the credential the way the document declares it — a Bearer token, an API key in the query, a
 * key in a cookie — and nothing for an operation that takes none: each sample, exactly as its
 * page shows it, is run (node, python3) against the document's generated listener on
 * 127.0.0.1, which lets only the right credential through. With the placeholder left in, the
 * same sample is refused: the credential it sends is what decides.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { resolvedUrl } from '../../generator/emit/docs/overview.js';
import { serve, type Running } from '../contract-runner/servers.js';
import { pageSamples } from './page-code.js';
import { fixtureBindings } from '../fixture-bindings.js';

const run = promisify(execFile);
const FIXTURES = resolve('test/fixtures/auth');
// Inside the project, so the generated code resolves its dependencies from node_modules.
const SCRATCH = resolve('test-artifacts', `samples-auth-${process.pid}`);
const SECRET = 'right-Secret-7';
const CASES = [
  ['bearer', 'getThing', '<TOKEN>'],
  ['bearer', 'getHealth', undefined],
  ['api-key-query', 'getThing', '<API_KEY>'],
  ['api-key-cookie', 'getThing', '<API_KEY>'],
  ['api-key-cookie', 'logIn', undefined],
] as const;
type Doc = (typeof CASES)[number][0];

const sites = new Map<Doc, { api: Running; documented: string; pages: Map<string, string> }>();

beforeAll(async () => {
  mkdirSync(SCRATCH, { recursive: true });
  for (const doc of new Set(CASES.map((c) => c[0]))) {
    const contract = join(FIXTURES, `${doc}.yaml`);
    const { model, createRequestListener } = await fixtureBindings(contract, join(SCRATCH, doc));
    const files = await emitDocs(model, { command: 'test', warn: () => {} });
    const pages = new Map(
      model.operations.map((op) => [
        op.id,
        String(files.find((f) => f.path === `operations/${op.id}.html`)?.contents ?? ''),
      ]),
    );
    const listener = createRequestListener({
      authenticate: (c: { type: string; token?: string; key?: string }) =>
        c.token === SECRET || c.key === SECRET ? { id: 1 } : null,
      handlers: {
        getHealth: () => ({ status: 200, body: {} }),
        logIn: () => ({ status: 200, body: { ok: true } }),
        getThing: (params: { id: number }) => ({ status: 200, body: { id: params.id } }),
      },
    });
    const api = await serve(listener);
    sites.set(doc, { api, documented: resolvedUrl(model.servers[0]), pages });
  }
}, 180_000);

afterAll(async () => {
  for (const site of sites.values()) await site.api.stop();
  rmSync(SCRATCH, { recursive: true, force: true });
});

/** Runs one sample (node or python3) with the server swapped and the placeholder replaced by `value`. */
async function runSample(
  doc: Doc,
  operationId: string,
  lang: 'fetch' | 'python',
  placeholder: string | undefined,
  value: string | undefined,
): Promise<{ code: string; status: number }> {
  const site = sites.get(doc)!;
  const sample = pageSamples(site.pages.get(operationId)!).find((s) => s.lang === lang)!;
  const origin = site.api.baseUrl.replace(/\/api\/v1$/, '');
  // Every fixture's server is `http://localhost` + its base path: the origin is what changes.
  expect(site.documented.startsWith('http://localhost')).toBe(true);
  let code = sample.code.split('http://localhost').join(origin);
  if (placeholder && value !== undefined) code = code.split(placeholder).join(value);
  const file = join(SCRATCH, `${doc}-${operationId}-${lang}.${lang === 'fetch' ? 'mjs' : 'py'}`);
  writeFileSync(file, code);
  const { stdout } = await run(lang === 'fetch' ? process.execPath : 'python3', [file], {
    timeout: 20_000,
  });
  return { code: sample.code, status: Number(/^(\d{3})/.exec(stdout.trim())?.[1]) };
}

describe('the docs’ fetch and Python samples send what the document declares', () => {
  for (const [doc, operationId, placeholder] of CASES)
    for (const lang of ['fetch', 'python'] as const)
      it(`${doc} ${operationId} (${lang})`, async () => {
        if (placeholder === undefined) {
          const { code, status } = await runSample(doc, operationId, lang, undefined, undefined);
          expect(code).not.toMatch(/Authorization|api_key|Cookie|<TOKEN>|<API_KEY>|<EMAIL>/);
          expect(status).toBe(200);
          return;
        }
        const right = await runSample(doc, operationId, lang, placeholder, SECRET);
        expect(right.code).toContain(placeholder);
        expect(right.code).not.toMatch(/Basic|<EMAIL>/);
        expect(right.status).toBe(200);
        const wrong = await runSample(doc, operationId, lang, placeholder, 'wrong');
        expect(wrong.status).toBe(401);
      });
});
