/**
 * The contract against the description: every fact of test/contract/inventory.ts (written from
 * the description by hand) must be in openapi/openapi.yaml. All missing facts are reported in one
 * assertion, as a list. The last tests prove the cross-check can fail.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { checkContract } from './check-inventory.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { INVENTORY, type Inventory, type LevelFact } from './inventory.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const contractFile = path.join(root, 'openapi', 'openapi.yaml');
const descriptionFile = sharedPath('seed', '000_90ca243b5e8b81b9.txt');
const haveDescription = haveShared(
  'the inventory checks that read the API description',
  'seed',
  '000_90ca243b5e8b81b9.txt',
);

/** The contract, $refs resolved, loaded fresh each time (dereference works on a clone). */
async function loadContract(): Promise<Record<string, unknown>> {
  const bundled = await SwaggerParser.bundle(contractFile);
  return (await SwaggerParser.dereference(structuredClone(bundled))) as unknown as Record<
    string,
    unknown
  >;
}

/** Every feature level the inventory records, whatever item it is on. */
function inventoryLevels(inventory: Inventory): Set<number> {
  const levels = new Set<number>();
  const add = (facts: LevelFact[] | undefined) =>
    facts?.forEach((f) => f.level !== null && levels.add(f.level));
  for (const e of inventory.endpoints) {
    add(e.history);
    add(e.levelsWithin);
    for (const p of e.params) {
      add(p.history);
      add(p.enumHistory);
    }
    for (const f of e.response) {
      add(f.history);
      add(f.enumHistory);
    }
  }
  for (const s of inventory.schemas)
    for (const f of s.fields) {
      add(f.history);
      add(f.enumHistory);
    }
  for (const f of inventory.envelope) add(f.history);
  for (const e of inventory.errors) add(e.history);
  for (const f of inventory.flags) add(f.history);
  return levels;
}

describe('inventory of the description', () => {
  it('has the 22 operations of the description, each once', () => {
    const ids = INVENTORY.endpoints.map((e) => e.operationId);
    expect(new Set(ids).size).toBe(22);
    expect(new Set(INVENTORY.endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(22);
  });

  it.skipIf(!haveDescription)('records every feature level the description mentions', () => {
    const text = fs.readFileSync(descriptionFile, 'utf8');
    // "feature level 248", "level 333", and once "(level 392, `empty_topic_only` at 404)".
    const mentioned = new Set(
      [...text.matchAll(/\blevels? (\d+)|\bat (\d+)\)/gi)].map((m) => Number(m[1] ?? m[2])),
    );
    const recorded = inventoryLevels(INVENTORY);
    expect(
      [...mentioned].filter((l) => !recorded.has(l)).sort((a, b) => a - b),
      'levels of the description missing from the inventory',
    ).toEqual([]);
    expect(
      [...recorded].filter((l) => !mentioned.has(l)).sort((a, b) => a - b),
      'levels in the inventory the description does not mention',
    ).toEqual([]);
  });

  it.skipIf(!haveDescription)('names only error codes of the description', () => {
    const text = fs.readFileSync(descriptionFile, 'utf8');
    for (const e of INVENTORY.errors) expect(text, e.code).toContain(e.code);
    const codesInErrorTable = [...text.matchAll(/^\| ([A-Z][A-Z_]+) \|/gm)].map((m) => m[1]);
    expect(INVENTORY.errors.map((e) => e.code).sort()).toEqual(codesInErrorTable.sort());
  });
});

describe('the contract has every fact of the description', () => {
  it('lacks nothing from the inventory', async () => {
    const missing = checkContract(await loadContract(), INVENTORY);
    expect(
      missing,
      `${missing.length} facts of the description are missing from the contract:\n${missing.join('\n')}`,
    ).toEqual([]);
  });
});

// ---- the cross-check can fail -------------------------------------------------------------------

/** A minimal inventory and a document that satisfies it; damaging the document must be reported. */
const tinyInventory: Inventory = {
  endpoints: [
    {
      operationId: 'updateMessageFlags',
      method: 'post',
      path: '/messages/flags',
      params: [
        { name: 'messages', in: 'body', types: ['array'], required: true },
        { name: 'op', in: 'body', types: ['string'], required: true, enum: ['add', 'remove'] },
        {
          name: 'mode',
          in: 'body',
          types: ['string'],
          required: false,
          default: 'fast',
          history: [{ level: 12, change: ['added'] }],
        },
      ],
      response: [{ name: 'messages', types: ['array'], nullable: false }],
      errors: ['BAD_REQUEST'],
    },
  ],
  envelope: [{ name: 'result', types: ['string'] }],
  schemas: [],
  errors: [{ code: 'BAD_REQUEST', statuses: [400] }],
  genericErrors: [],
  flags: [],
  roles: [],
};

function tinyDocument(): Record<string, unknown> {
  const form = {
    type: 'object',
    required: ['messages', 'op'],
    properties: {
      messages: { type: 'array', items: { type: 'integer' } },
      op: { type: 'string', enum: ['add', 'remove'] },
      mode: {
        type: 'string',
        default: 'fast',
        'x-history': [{ level: 12, change: 'added', note: 'New.' }],
      },
    },
  };
  const encoding = { messages: { contentType: 'application/json' } };
  return {
    openapi: '3.1.0',
    security: [{ basic: [] }],
    paths: {
      '/messages/flags': {
        post: {
          operationId: 'updateMessageFlags',
          'x-error-codes': ['BAD_REQUEST'],
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': { schema: form, encoding },
              'multipart/form-data': { schema: form, encoding },
            },
          },
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { result: { type: 'string' }, messages: { type: 'array' } },
                  },
                },
              },
            },
            default: {
              content: {
                'application/json': {
                  examples: {
                    BAD_REQUEST: { value: { result: 'error', msg: 'x', code: 'BAD_REQUEST' } },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      'x-error-catalog': {
        BAD_REQUEST: { description: 'Bad.', statuses: [{ status: 400, note: 'n' }] },
      },
    },
  };
}

type Doc = Record<string, any>;
const form = (doc: Doc, type: string) =>
  doc.paths['/messages/flags'].post.requestBody.content[type];

describe('the cross-check can fail', () => {
  it('passes on a document that has every fact', () => {
    expect(checkContract(tinyDocument(), tinyInventory)).toEqual([]);
  });

  it('reports a removed parameter, a changed enum, a lost default, history, encoding and error example together', () => {
    const doc: Doc = structuredClone(tinyDocument());
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      const media = form(doc, type);
      media.schema = structuredClone(media.schema);
      delete media.schema.properties.op;
      media.schema.required = ['messages'];
      delete media.schema.properties.mode.default;
      delete media.schema.properties.mode['x-history'];
      media.encoding = {};
    }
    doc.paths['/messages/flags'].post.responses.default.content['application/json'].examples = {};
    const missing = checkContract(doc, tinyInventory);
    expect(missing).toEqual(
      expect.arrayContaining([
        'updateMessageFlags param op: not a property of the application/x-www-form-urlencoded body',
        'updateMessageFlags param op: not a property of the multipart/form-data body',
        'updateMessageFlags param mode: default is undefined, the description says "fast"',
        'updateMessageFlags param mode: no x-history entry added at level 12',
        'updateMessageFlags param messages: an array travels JSON-encoded (encoding contentType application/json)',
        'updateMessageFlags: no error example named BAD_REQUEST',
      ]),
    );
  });

  it('reports enum values missing and extra', () => {
    const doc: Doc = structuredClone(tinyDocument());
    form(doc, 'multipart/form-data').schema.properties.op.enum = ['add', 'delete'];
    expect(checkContract(doc, tinyInventory)).toEqual([
      'updateMessageFlags param op: enum lacks "remove"',
      'updateMessageFlags param op: enum has "delete", which the description does not list',
    ]);
  });

  it('reports damage done to the real contract', async () => {
    const doc: Doc = await loadContract();
    const before = new Set(checkContract(doc, INVENTORY));
    const damaged: Doc = structuredClone(doc);
    const send = damaged.paths['/messages'].post;
    for (const media of Object.values<Doc>(send.requestBody.content)) {
      media.schema = structuredClone(media.schema);
      const holder = [media.schema, ...(media.schema.allOf ?? [])].find(
        (s: Doc) => s.properties?.type,
      );
      if (holder) delete holder.properties.type;
    }
    const flags = damaged.paths['/messages/flags'].post;
    for (const media of Object.values<Doc>(flags.requestBody.content)) {
      media.schema = structuredClone(media.schema);
      const holder = [media.schema, ...(media.schema.allOf ?? [])].find(
        (s: Doc) => s.properties?.op,
      );
      if (holder) holder.properties.op = { ...holder.properties.op, enum: ['add', 'delete'] };
    }
    const after = checkContract(damaged, INVENTORY).filter((m) => !before.has(m));
    expect(after).toEqual(
      expect.arrayContaining([
        'sendMessage param type: not a property of the application/x-www-form-urlencoded body',
        'sendMessage param type: not a property of the multipart/form-data body',
        'updateMessageFlags param op: enum has "delete", which the description does not list',
      ]),
    );
  });
});
