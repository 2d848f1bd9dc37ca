/**
 * `--only docs` on a big document checks it on a thread of its own (generator/threads/validate-worker.ts;
 * TMS_GEN_THREADS=2: whatever the machine's load) while the pages are made: an invalid one must
 * still be refused with its file, line and pointer, exit 1, and leave the previous docs as they
 * were; a valid one is written as when the checks run on the main thread (TMS_GEN_THREADS=1).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_WORKER_MIN_OPERATIONS } from '../../generator/threads/validate-worker.js';
import { snapshotTree, tmsGen } from '../tms-gen-run.js';

/** A document with enough operations for the checks' thread; `broken` puts one error deep in it. */
function bigDocument(broken: boolean): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < VALIDATION_WORKER_MIN_OPERATIONS; i++) {
    const count: Record<string, unknown> = { type: 'integer', minimum: 0 };
    if (broken && i === 250) count.minimum = 'zero';
    paths[`/things/${i}`] = {
      get: {
        operationId: `getThing${i}`,
        summary: `Get thing ${i}`,
        tags: [`group${i % 20}`],
        responses: {
          '200': {
            description: 'The thing.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'string' }, count } },
              },
            },
          },
        },
      },
    };
  }
  const doc = { openapi: '3.0.3', info: { title: 'Big', version: '1.0.0' }, paths };
  return JSON.stringify(doc, null, 2) + '\n';
}

describe('--only docs on a big document', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tms-big-checks-'));
    writeFileSync(join(dir, 'good.json'), bigDocument(false));
    writeFileSync(join(dir, 'bad.json'), bigDocument(true));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** `--only docs` of a document in `dir` into `docs`, without the cache, quiet (last). */
  const docsOnly = (contract: string, docs: string) => [
    '--contract',
    join(dir, contract),
    '--out',
    join(dir, 'gen'),
    '--docs',
    docs,
    '--only',
    'docs',
    '--no-cache',
    '--quiet',
  ];

  it('writes the same docs whether the checks run on their own thread or not', async () => {
    const threaded = await tmsGen(docsOnly('good.json', join(dir, 'docs-threaded')), {
      TMS_GEN_THREADS: '2',
    });
    const single = await tmsGen(docsOnly('good.json', join(dir, 'docs-single')), {
      TMS_GEN_THREADS: '1',
    });
    expect(threaded.code, threaded.stderr).toBe(0);
    expect(single.code, single.stderr).toBe(0);
    const a = snapshotTree(join(dir, 'docs-threaded'));
    expect(Object.keys(a).length).toBeGreaterThan(VALIDATION_WORKER_MIN_OPERATIONS);
    expect(a).toEqual(snapshotTree(join(dir, 'docs-single')));
  }, 120_000);

  it('refuses an invalid one with file, line and pointer, exits 1 and writes nothing', async () => {
    const docs = join(dir, 'docs-threaded');
    const before = snapshotTree(docs);
    const text = readFileSync(join(dir, 'bad.json'), 'utf8');
    const line = text.split('\n').findIndex((l) => l.includes('"zero"')) + 1;
    const r = await tmsGen(docsOnly('bad.json', docs).slice(0, -1), { TMS_GEN_THREADS: '2' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('nothing was written');
    expect(r.stderr).toContain(`bad.json:${line}`);
    expect(r.stderr).toContain('~1things~1250/get/responses/200');
    expect(snapshotTree(docs)).toEqual(before);
  }, 120_000);
});
