/**
 * Links on any contract: on two breadth documents with create and read operations (a JSON
 * storage API: POST /bin → /bin/{id}; Rev.ai: POST /jobs → /jobs/{id}, its captions and
 * transcript), served by the generic mock's fake-data engine, the runner without scenarios
 * infers the links (ids in answers matching path parameters), lists them, and runs the chains:
 * each read, update and delete gets the id the create answered. Against a JSON storage server
 * that keeps what it is given (in-process), the chain passes; one that deletes nothing, or
 * stores nothing it creates, fails exactly there. Needs ../shared (TMS_SHARED).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestListener } from 'node:http';
import { formatTable } from '../../contract-runner/report.js';
import { linkPlan } from '../../contract-runner/scenario/from-model.js';
import { contractTables, type ContractTables } from '../../mock/contract-tables.js';
import { serveMock, type RunningMock } from '../../mock/serve.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { breadthBindings, findingsOf, runChain, runChainAgainst } from './chains.js';

const BREADTH = sharedPath('specs', 'breadth');
const HAVE_BREADTH = haveShared('the runner links tests on breadth documents', 'specs', 'breadth');

const DOCUMENTS = [
  {
    file: 'extendsclass.com__json-storage.json',
    create: 'postBin',
    createPath: '/bin',
    consumers: ['getBinId', 'putBinId', 'patchBinId', 'deleteBinId'],
    credentials: undefined,
  },
  {
    file: 'rev.ai.json',
    create: 'SubmitTranscriptionJob',
    createPath: '/jobs',
    consumers: ['GetJobById', 'GetCaptions', 'GetTranscriptById', 'DeleteJobById'],
    credentials: { bearer: 'token-for-the-mock' },
  },
];

const AUTH = { authorization: 'Bearer token-for-the-mock', 'content-type': 'application/json' };

/**
 * The fake engine makes up each answer from the schema, optional fields or not, the same for
 * the same seed: a mock whose create answers an `id` (the fields are optional in both
 * documents), the first of a few seeds that gives one.
 */
async function mockWithId(tables: ContractTables, createPath: string): Promise<RunningMock> {
  for (let n = 0; n < 30; n++) {
    const mock = await serveMock({ tables, engine: 'fake', seed: `links-${n}` });
    const answer = await fetch(`${mock.baseUrl}${createPath}`, {
      method: 'POST',
      headers: AUTH,
      body: '{}',
    });
    const body = (await answer.json()) as { id?: unknown };
    if (answer.ok && body.id !== undefined) return mock;
    await mock.stop();
  }
  throw new Error(`no seed of the fake engine answers ${createPath} with an id`);
}

describe.skipIf(!HAVE_BREADTH)('links on a contract without scenarios', () => {
  it.each(DOCUMENTS)(
    '$file: links listed and the chains run',
    async (doc) => {
      const contract = join(BREADTH, doc.file);
      const bindings = await breadthBindings(doc.file);
      const { links } = linkPlan(bindings.model);
      expect(
        links
          .filter((l) => l.from === doc.create)
          .map((l) => l.to)
          .sort(),
      ).toEqual([...doc.consumers].sort());
      const loaded = await contractTables(contract);
      if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
      const mock = await mockWithId(loaded.tables, doc.createPath);
      const sent: string[] = [];
      try {
        const report = await runChain(bindings, {
          baseUrl: mock.baseUrl,
          credentials: doc.credentials,
          unauthenticatedOnly: doc.credentials === undefined,
          stateless: true,
          onSend: (line) => sent.push(line),
          throughClient: true,
        });
        const table = formatTable(report);
        if (process.env.CI === undefined) console.log(table);
        // The fake engine answers a documented text body (Rev.ai's captions: SubRip or WebVTT)
        // with the status alone: judged by the media types documented, not as broken JSON.
        for (const op of report.operations)
          for (const f of op.findings.filter(
            (f) => f.kind === 'not-json' || f.kind === 'content-type',
          ))
            expect(`${op.operationId} ${f.kind}: ${f.message}`, table).toBe(
              `GetCaptions content-type: a 200 answer labelled '(none)', not one the contract documents (application/x-subrip, text/vtt)`,
            );
        expect(
          (report.links ?? [])
            .filter((l) => l.from === doc.create && l.exercised)
            .map((l) => l.to)
            .sort(),
          table,
        ).toEqual([...doc.consumers].sort());
        expect(table).toMatch(new RegExp(`^links: ${links.length} found between operations`, 'm'));
        // The id the create answered is the one every consumer was sent.
        const created = sent.findIndex((l) => l.startsWith('POST '));
        const answer = await fetch(sent[created].split(' ')[1], {
          method: 'POST',
          headers: AUTH,
          body: '{}',
        });
        const id = String(((await answer.json()) as { id: unknown }).id);
        expect(id.length).toBeGreaterThan(0);
        const afterCreate = sent.slice(created + 1).filter((l) => !l.startsWith('POST '));
        expect(
          afterCreate.some((l) => l.includes(`/${encodeURIComponent(id)}`)),
          `${id}\n${afterCreate.join('\n')}`,
        ).toBe(true);
      } finally {
        await mock.stop();
      }
    },
    120_000,
  );
});

/** The JSON storage API in memory; `fault` plants one defect. */
function binServer(fault?: 'delete-keeps' | 'create-forgets'): RequestListener {
  const bins = new Map<string, unknown>();
  let next = 1;
  return (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/api/json-storage/bin') {
      const id = `bin${next++}`;
      if (fault !== 'create-forgets') bins.set(id, {});
      return answer(200, { id, status: 0, uri: `/api/json-storage/bin/${id}` });
    }
    const m = /^\/api\/json-storage\/bin\/([^/]+)$/.exec(path);
    if (!m || !bins.has(m[1])) return answer(404, { message: 'Bin not found', status: 1 });
    if (req.method === 'GET') return answer(200, bins.get(m[1]));
    if (req.method === 'DELETE') {
      if (fault !== 'delete-keeps') bins.delete(m[1]);
      return answer(200, { status: 0 });
    }
    return answer(200, { data: {}, status: 0 });
  };
}

describe.skipIf(!HAVE_BREADTH)('chains against a server that keeps state', () => {
  const run = async (fault?: 'delete-keeps' | 'create-forgets') =>
    runChainAgainst(await breadthBindings(DOCUMENTS[0].file), binServer(fault), {
      unauthenticatedOnly: true,
    });
  it('a server that keeps what it is given passes; the deleted bin is no longer readable', async () => {
    const report = await run();
    expect(report.summary.failed, formatTable(report)).toBe(0);
    expect(
      report.operations.find((o) => o.operationId === 'getBinId')!.notes.join('\n'),
    ).not.toMatch(/not checked/);
  }, 120_000);

  it('a delete that leaves the bin readable fails the delete', async () => {
    const report = await run('delete-keeps');
    expect(findingsOf(report, 'deleteBinId'), formatTable(report)).toEqual([
      'semantic: what deleteBinId deleted is no longer readable: answered 200',
    ]);
  }, 120_000);

  it('a create that never appears in reads fails the read it feeds', async () => {
    const report = await run('create-forgets');
    expect(findingsOf(report, 'getBinId'), formatTable(report)).toContain(
      'success-not-reached: a valid request was refused: 404 : Bin not found',
    );
  }, 120_000);
});
