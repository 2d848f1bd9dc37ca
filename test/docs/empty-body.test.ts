/**
 * A request body that is required but has nothing in it (test/fixtures/docs-empty-body/): the
 * operation page and its Markdown twin say a body is sent and what it is (`{}`, an empty form),
 * and every sample the page shows (curl, fetch, Python), run against a server on 127.0.0.1 that
 * records what arrives, sends it: the method, the media type, the empty body (a multipart one is
 * its closing boundary alone, read back by undici's own multipart parser). An optional empty
 * body stays off the page and out of the samples.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { loadOrThrow } from '../load-contract.js';
import { pageSamples } from './page-code.js';

const run = promisify(execFile);
const CONTRACT = 'test/fixtures/docs-empty-body/openapi.yaml';
const DOCUMENTED = 'https://sessions.example.com/v1';
const CURL = ['/usr/bin/curl', '/usr/local/bin/curl'].find((p) => existsSync(p));
if (!CURL && process.env.CI) throw new Error('curl is missing and CI is set: install it');

interface Arrived {
  method: string;
  url: string;
  type?: string;
  body: string;
}

let pages: Map<string, string>;
let server: Server;
let origin: string;
let scratch: string;
const arrived: Arrived[] = [];

beforeAll(async () => {
  const { model } = await loadOrThrow(CONTRACT);
  const files = await emitDocs(model, { command: 'test', warn: () => {} });
  pages = new Map(files.map((f) => [f.path, String(f.contents)]));
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const type = req.headers['content-type'];
      arrived.push({ method: req.method!, url: req.url!, type, body: Buffer.concat(chunks) + '' });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  scratch = mkdtempSync(join(tmpdir(), 'tms-empty-body-'));
}, 30_000);

afterAll(async () => {
  await new Promise((done) => server?.close(done));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** What the page's sample in `lang` sends, run with the documented server swapped for ours. */
async function sent(operationId: string, lang: 'curl' | 'fetch' | 'python'): Promise<Arrived> {
  const html = pages.get(`operations/${operationId}.html`)!;
  const sample = pageSamples(html).find((s) => s.lang === lang)!;
  const code = sample.code.split(DOCUMENTED).join(`${origin}/v1`);
  const file = join(
    scratch,
    `${operationId}.${lang === 'fetch' ? 'mjs' : lang === 'python' ? 'py' : 'sh'}`,
  );
  writeFileSync(file, code);
  const before = arrived.length;
  if (lang === 'curl') await run('sh', ['-c', code.replace(/^curl /, `${CURL} -sS -o /dev/null `)]);
  else await run(lang === 'fetch' ? process.execPath : 'python3', [file], { timeout: 20_000 });
  expect(arrived.length, code).toBe(before + 1);
  // an empty form is an empty list, not a list with a blank line in it
  expect(code).not.toMatch(/[[(]\n\s*\n/);
  return arrived[before];
}

describe('a required body with nothing in it', () => {
  it('is on the page: its media type and what to send', () => {
    const note = (id: string) =>
      /<p class="body-note">(.*?)<\/p>/.exec(pages.get(`operations/${id}.html`)!)?.[1];
    expect(note('refreshSession')).toBe(
      'Request body: <code>application/json</code> (required). Send an empty object: <code>{}</code>.',
    );
    expect(note('touchSession')).toBe(
      'Request body: <code>application/x-www-form-urlencoded</code> (required). Send a form with no fields (an empty body).',
    );
    expect(note('attachNothing')).toBe(
      'Request body: <code>multipart/form-data</code> (required). Send a form with no fields (its closing boundary alone).',
    );
    expect(pages.get('operations/refreshSession.md')).toContain(
      '## Request body\n\napplication/json, required.\n\nSend an empty object: `{}`.\n',
    );
    // An optional one is not sent by the samples: the page does not offer it either.
    expect(note('endSession')).toBeUndefined();
    expect(pages.get('operations/endSession.md')).not.toContain('## Request body');
  });

  const langs = [...(CURL ? ['curl' as const] : []), 'fetch' as const, 'python' as const];
  it.each(langs)('is sent by the %s sample', async (lang) => {
    const json = await sent('refreshSession', lang);
    expect([json.method, json.url, json.type, json.body]).toEqual([
      'POST',
      '/v1/sessions/7/refresh',
      'application/json',
      '{}',
    ]);
    const form = await sent('touchSession', lang);
    expect([form.method, form.url, form.body]).toEqual(['POST', '/v1/sessions/7/touch', '']);
    expect(form.type).toMatch(/^application\/x-www-form-urlencoded(;|$)/);
    const multipart = await sent('attachNothing', lang);
    expect([multipart.method, multipart.url]).toEqual(['POST', '/v1/sessions/7/attachments']);
    expect(multipart.type).toMatch(/^multipart\/form-data; ?boundary=/);
    expect(multipart.body).toMatch(/^--\S+--\r\n$/);
    const parts = await new Response(multipart.body, {
      headers: { 'content-type': multipart.type! },
    }).formData();
    expect([...parts.keys()]).toEqual([]);
    const none = await sent('endSession', lang);
    expect([none.method, none.type, none.body]).toEqual(['DELETE', undefined, '']);
  });
});
