/**
 * The keys that make a one-description edit cheap: the types emitter's entry keyed by the model
 * without operations' own descriptions (emit/types.ts, bySlice), and the `withoutProse` digest
 * remembered by `withoutOperationDescriptions` (model/digest.ts). Each table row is an edit of a
 * filled cache's model: what must be served is served, what must not is made again, and the
 * output is always the one made without any cache.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmitContext, GeneratedFile } from '../../generator/emit/emitter.js';
import { typesEmitter } from '../../generator/emit/types.js';
import { modelDigests, type RememberedDigests } from '../../generator/model/digest.js';
import type { ApiModel } from '../../generator/model/types.js';
import { emitContext } from '../emit-context.js';
import { loadOrThrow } from '../load-contract.js';

const work = mkdtempSync(join(tmpdir(), 'tms-cache-incremental-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const thing = {
  type: 'object',
  description: 'A thing.',
  properties: { id: { type: 'string', description: 'Its id.' } },
};
const base = {
  openapi: '3.0.3',
  info: { title: 'Things', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        summary: 'List things',
        description: 'Lists every thing.',
        responses: {
          '200': {
            description: 'The things',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
              },
            },
          },
        },
      },
    },
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        description: 'Reads one thing.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The thing',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
        },
      },
    },
  },
  components: { schemas: { Thing: thing } },
};
type Doc = typeof base;

let counter = 0;
async function modelOf(edit: (doc: Doc) => void = () => {}): Promise<ApiModel> {
  const doc = structuredClone(base);
  edit(doc);
  const file = join(work, `api-${counter++}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  const contract = await loadOrThrow(file);
  // one source file name for all, so that the banners agree
  return { ...contract.model, sourceFile: 'api.json' };
}

/** An in-memory step cache (EmitContext.memo) that records what it served and what it made. */
function stepCache() {
  const store = new Map<string, string>();
  const log: string[] = [];
  const memo: NonNullable<EmitContext['memo']> = async (step, input, compute) => {
    const key = `${step}\0${input}`;
    const hit = store.get(key);
    if (hit !== undefined) {
      log.push(`served ${step}`);
      return hit;
    }
    log.push(`made ${step}`);
    const made = await compute();
    store.set(key, made);
    return made;
  };
  return { memo, log };
}

const ctxOf = (model: ApiModel, cache?: ReturnType<typeof stepCache>): EmitContext =>
  emitContext(model, cache?.memo);
const text = (files: GeneratedFile[]) => files.map((f) => String(f.contents)).join('\n');

const BY_SLICE = 'openapi-typescript-by-operation-descriptions';

describe("the types' entry keyed without operations' descriptions", () => {
  let before: ApiModel;
  beforeAll(async () => {
    before = await modelOf();
  }, 60_000);

  const cases: {
    name: string;
    edit: (doc: Doc) => void;
    /** what the types emitter's steps did on the edited model, the cache filled before */
    log: string[];
    words?: string;
  }[] = [
    {
      name: "an operation's description reworded: served, the view not built",
      edit: (d) => (d.paths['/things/{id}'].get.description = 'Reads exactly one thing.'),
      log: [`served ${BY_SLICE}`],
      words: 'Reads exactly one thing.',
    },
    {
      name: "an operation's description on several lines (another token): the whole way",
      edit: (d) => (d.paths['/things/{id}'].get.description = 'Reads one thing.\nOnly one.'),
      log: [`served ${BY_SLICE}`, 'made openapi-typescript'],
      words: 'Only one.',
    },
    {
      name: "an operation's description emptied (no token): the whole way",
      edit: (d) => (d.paths['/things/{id}'].get.description = ''),
      log: [`served ${BY_SLICE}`, 'made openapi-typescript'],
    },
    {
      name: "an operation's summary reworded (not its description): another key",
      edit: (d) => (d.paths['/things'].get.summary = 'List all things'),
      log: [`made ${BY_SLICE}`, 'served openapi-typescript'],
      words: 'List all things',
    },
    {
      name: "a schema's description reworded: another key",
      edit: (d) => (d.components.schemas.Thing.description = 'A thing, reworded.'),
      log: [`made ${BY_SLICE}`, 'served openapi-typescript'],
      words: 'A thing, reworded.',
    },
    {
      name: 'a schema changed: another key, openapi-typescript again',
      edit: (d) => (d.components.schemas.Thing.properties.id.type = 'integer'),
      log: [`made ${BY_SLICE}`, 'made openapi-typescript'],
    },
  ];

  for (const c of cases)
    it(c.name, { timeout: 60_000 }, async () => {
      const cache = stepCache();
      await typesEmitter.emit(ctxOf(before, cache));
      expect(cache.log).toEqual([`made ${BY_SLICE}`, 'made openapi-typescript']);
      cache.log.length = 0;

      const after = await modelOf(c.edit);
      const warm = text(await typesEmitter.emit(ctxOf(after, cache)));
      expect(cache.log).toEqual(c.log);
      const cold = text(await typesEmitter.emit(ctxOf(after)));
      expect(warm).toBe(cold);
      if (c.words) expect(warm).toContain(c.words);
      expect(warm).not.toBe(text(await typesEmitter.emit(ctxOf(before))));
    });
});

describe('withoutProse remembered by withoutOperationDescriptions', () => {
  /** an in-memory RememberedDigests that records its use */
  function remembered() {
    const store = new Map<string, string>();
    const puts: string[] = [];
    const served: string[] = [];
    const r: RememberedDigests = {
      get: (k) => {
        const v = store.get(k);
        if (v !== undefined) served.push(k);
        return v;
      },
      put: (k, v) => {
        puts.push(k);
        store.set(k, v);
      },
    };
    return { r, puts, served };
  }

  const cases: { name: string; edit: (doc: Doc) => void; served: boolean; sameProse: boolean }[] = [
    {
      name: "an operation's description reworded: served",
      edit: (d) => (d.paths['/things'].get.description = 'Lists all things there are.'),
      served: true,
      sameProse: true,
    },
    {
      name: "a schema's description reworded: not served, the same digest made",
      edit: (d) => (d.components.schemas.Thing.description = 'Another thing.'),
      served: false,
      sameProse: true,
    },
    {
      name: "an operation's description removed: not served, another digest",
      edit: (d) => delete (d.paths['/things'].get as { description?: string }).description,
      served: false,
      sameProse: false,
    },
    {
      name: 'a schema changed: not served, another digest',
      edit: (d) => (d.components.schemas.Thing.properties.id.type = 'integer'),
      served: false,
      sameProse: false,
    },
  ];

  for (const c of cases)
    it(c.name, { timeout: 60_000 }, async () => {
      const { r, puts, served } = remembered();
      const first = modelDigests(await modelOf(), r);
      expect(puts).toEqual([first.withoutOperationDescriptions]);
      const after = await modelOf(c.edit);
      const snapshot = structuredClone(after);
      const digests = modelDigests(after, r);
      expect(served.length > 0).toBe(c.served);
      // remembered or not, the digests are the ones made without anything remembered
      expect(digests).toEqual(modelDigests(after));
      expect(digests.withoutProse === first.withoutProse).toBe(c.sameProse);
      expect(digests.whole).not.toBe(first.whole);
      // the words are back where they were
      expect(after).toEqual(snapshot);
    });

  it('is not told the digest of a model whose data holds an operation object', async () => {
    const model = await modelOf();
    const raw = (model.document as unknown as Doc).paths['/things'].get;
    // an alias (as YAML's *anchor gives): the very operation object inside an x- extension
    (model.document as unknown as Record<string, unknown>)['x-alias'] = raw;
    const { r, puts } = remembered();
    const digests = modelDigests(model, r);
    expect(puts).toEqual([]);
    expect(raw.description).toBe('Lists every thing.');
    // there, the words inside data count even for withoutProse
    raw.description = 'Reworded.';
    expect(modelDigests(model).withoutProse).not.toBe(digests.withoutProse);
  });
});
