/**
 * Where a server reports its feature level is a fact of the model (generator/model/
 * level-report.ts), not a field name the runner knows: our contract marks POST /register's
 * `service_feature_level`; another document — even one with feature-level data and a field of
 * that very name — reports no level unless it marks the field, and one without feature-level
 * data reports none even if it does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrThrow } from '../load-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'level-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The operations whose table entry reports the level, with the field (what the runner reads). */
async function levelFieldsOfDocument(file: string): Promise<Record<string, string>> {
  const contract = await loadOrThrow(file, { skipSchemaCheck: true });
  return Object.fromEntries(
    contract.model.operations.flatMap((op) =>
      op.runtime.reportsLevel === undefined ? [] : [[op.id, op.runtime.reportsLevel]],
    ),
  );
}

/** A one-operation document whose answer has an integer `service_feature_level`. */
function documentWith(options: { marked: boolean; history: boolean }): string {
  const file = join(dir, `doc-${options.marked}-${options.history}.json`);
  const level: Record<string, unknown> = { type: 'integer' };
  if (options.marked) level['x-reports-feature-level'] = true;
  const operation: Record<string, unknown> = {
    operationId: 'hello',
    responses: {
      '200': {
        description: 'ok',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { service_feature_level: level } },
          },
        },
      },
    },
  };
  if (options.history) operation['x-history'] = [{ level: 7, change: 'added', note: 'new' }];
  writeFileSync(
    file,
    JSON.stringify({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/hello': { get: operation } },
    }),
  );
  return file;
}

describe('where the server reports its feature level', () => {
  it('our contract: POST /register, in service_feature_level (marked in the contract)', async () => {
    const fields = await levelFieldsOfDocument('openapi/openapi.yaml');
    expect(fields).toEqual({ registerQueue: 'service_feature_level' });
  });

  it('another document: a field of that name, unmarked, is no level report', async () => {
    expect(await levelFieldsOfDocument(documentWith({ marked: false, history: true }))).toEqual({});
  });

  it('another document with feature-level data that marks the field: read from it', async () => {
    expect(await levelFieldsOfDocument(documentWith({ marked: true, history: true }))).toEqual({
      hello: 'service_feature_level',
    });
  });

  it('a document without feature-level data reports none, marked or not', async () => {
    expect(await levelFieldsOfDocument(documentWith({ marked: true, history: false }))).toEqual({});
  });
});
