/**
 * Links on any contract: on two breadth documents with create and read operations (a JSON
 * storage API: POST /bin → /bin/{id}; Rev.ai: POST /jobs → /jobs/{id}, its captions and
 * transcript), served by the generic mock's fake-data engine, the runner without scenarios
 * infers the links (ids in answers matching path parameters), lists them, and runs the chains:
 * each read, update and delete gets the id the create answered. Needs ../shared (TMS_SHARED).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGenerated } from '../../contract-runner/cli.js';
import { loadGeneratedClient, sendThroughClient } from '../../contract-runner/client-call.js';
import { formatTable } from '../../contract-runner/report.js';
import { runContract } from '../../contract-runner/run.js';
import { sampleWorkflow } from '../../contract-runner/scenario/from-model.js';
import { operationLinks } from '../../generator/model/links.js';
import { contractTables, type ContractTables } from '../../mock/contract-tables.js';
import { serveMock, type RunningMock } from '../../mock/serve.js';
import { fixtureBindings } from '../fixture-bindings.js';

const SHARED = process.env.TMS_SHARED ?? resolve('..', 'shared');
const BREADTH = join(SHARED, 'specs', 'breadth');
const SCRATCH = resolve('test-artifacts', `runner-links-${process.pid}`);
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

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

describe.skipIf(!existsSync(BREADTH))('links on a contract without scenarios', () => {
  it.each(DOCUMENTS)(
    '$file: links listed and the chains run',
    async (doc) => {
      const contract = join(BREADTH, doc.file);
      const out = join(SCRATCH, doc.create);
      mkdirSync(out, { recursive: true });
      const { model } = await fixtureBindings(
        contract,
        out,
        'types,operations,client,validators,server,runtime',
      );
      const links = operationLinks(model);
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
        const report = await runContract(
          {
            model,
            ...(await loadGenerated(out)),
            workflows: [sampleWorkflow(model, links)],
            links,
          },
          {
            baseUrl: mock.baseUrl,
            credentials: doc.credentials,
            unauthenticatedOnly: doc.credentials === undefined,
            stateless: true,
            allowDestructive: true,
            seed: 5,
            maxExamples: 1,
            timeoutMs: 5000,
            onSend: (line) => sent.push(line),
            sendValid: sendThroughClient({
              ...(await loadGeneratedClient(out))!,
              bodyKeys: Object.fromEntries(
                model.operations.flatMap((op) =>
                  op.names.bodyKey === undefined ? [] : [[op.id, op.names.bodyKey]],
                ),
              ),
            }),
          },
        );
        const table = formatTable(report);
        if (process.env.CI === undefined) console.log(table);
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
