/**
 * The finer cache keys (generator/model/digest.ts, each emitter's `reads`, the docs' pieces):
 * what each output is keyed by must name everything it reads. On our contract: an operation's
 * description edited changes only the digests and outputs that show it — the emitters keyed
 * without operation descriptions give the same bytes, and of the docs' cached pieces only that
 * operation's page differs; a piece whose key did not change is served, one whose key changed
 * is made again, and the result equals a run without pieces.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { proseSkeleton, restoreWords } from '../../generator/compile/compile-prose.js';
import { compileIsolated } from '../../generator/compile/package-compile.js';
import type { EmitContext, GeneratedFile } from '../../generator/emit/emitter.js';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { emitters } from '../../generator/emit/index.js';
import { modelDigests } from '../../generator/model/digest.js';
import type { ApiModel } from '../../generator/model/types.js';
import { loadOrThrow } from '../load-contract.js';

let model: ApiModel;
beforeAll(async () => {
  const contract = await loadOrThrow();
  model = contract.model;
}, 60_000);

/** A copy of the model with the description of each chosen operation reworded (model and document). */
function reworded(source: ApiModel, ids: (id: string) => boolean): ApiModel {
  const copy = structuredClone(source);
  for (const op of copy.operations) {
    if (!ids(op.id)) continue;
    op.description = `${op.description ?? ''} Reworded.`;
    const raw = (
      copy.document as unknown as {
        paths: Record<string, Record<string, { description?: string }>>;
      }
    ).paths[op.path]?.[op.method];
    if (raw) raw.description = `${raw.description ?? ''} Reworded.`;
  }
  return copy;
}

const text = (files: GeneratedFile[]) =>
  Object.fromEntries(files.map((f) => [f.path, Buffer.from(f.contents).toString('utf8')]));

describe('digests by slice', () => {
  it('keep one operation description apart from everything else', () => {
    const [first, second] = model.operations;
    const base = modelDigests(model);
    const one = modelDigests(reworded(model, (id) => id === first.id));
    expect(one.withoutOperationDescriptions).toBe(base.withoutOperationDescriptions);
    expect(one.withoutProse).toBe(base.withoutProse);
    expect(one.operationDescriptions[first.id]).not.toBe(base.operationDescriptions[first.id]);
    expect(one.operationDescriptions[second.id]).toBe(base.operationDescriptions[second.id]);
    expect(one.whole).not.toBe(base.whole);
    // any other prose (a schema's description) is in the slice without operation descriptions
    const schemaEdit = structuredClone(model);
    schemaEdit.schemas[0].description = `${schemaEdit.schemas[0].description ?? ''} Edited.`;
    const other = modelDigests(schemaEdit);
    expect(other.withoutOperationDescriptions).not.toBe(base.withoutOperationDescriptions);
    expect(other.whole).not.toBe(base.whole);
    // the same model, the same digests
    expect(modelDigests(structuredClone(model))).toEqual(base);
  });
});

describe('outputs keyed without operation descriptions', () => {
  const ctxOf = (m: ApiModel): EmitContext => ({
    model: m,
    outDir: 'generated',
    docsDir: 'docs',
    runtimeImport: '../runtime',
    command: 'npm run generate',
    warn: () => {},
  });

  it('do not show any operation description', { timeout: 60_000 }, async () => {
    const all = reworded(model, () => true);
    const blind = emitters.filter((e) => (e.reads ?? 'whole') !== 'whole');
    expect(blind.map((e) => e.name)).toContain('server');
    for (const emitter of blind) {
      const name = emitter.name;
      expect(text(await emitter.emit(ctxOf(all))), name).toEqual(
        text(await emitter.emit(ctxOf(model))),
      );
    }
    // and the check can fail: the client shows them
    const client = emitters.find((e) => e.name === 'client')!;
    expect(text(await client.emit(ctxOf(all)))).not.toEqual(text(await client.emit(ctxOf(model))));
  });
});

/** the docs' pieces keyed without any operation's description, besides the schema pages */
const SITE_PIECES = [
  'overview-page',
  'group-pages',
  'schema-list-page',
  'errors-page',
  'changelog-page',
  'schemas-script',
];

describe("the docs' pieces", () => {
  /** an in-memory piece cache that counts what it made and served */
  function pieceCache() {
    const store = new Map<string, GeneratedFile[]>();
    const made: string[] = [];
    let served = 0;
    const memoFiles = (step: string, key: string, compute: () => GeneratedFile[]) => {
      const k = `${step}\0${key}`;
      const hit = store.get(k);
      if (hit) {
        served++;
        return hit;
      }
      const files = compute();
      made.push(step);
      store.set(k, files);
      return files;
    };
    return { memoFiles, made, served: () => served };
  }
  const slicesOf = (m: ApiModel) => {
    const d = modelDigests(m);
    return {
      withoutOperationDescriptions: d.withoutOperationDescriptions,
      operationDescriptions: d.operationDescriptions,
    };
  };
  const docs = (m: ApiModel, cache?: ReturnType<typeof pieceCache>) =>
    emitDocs(m, {
      command: 'npm run generate',
      warn: () => {},
      memoFiles: cache?.memoFiles,
      slices: cache ? slicesOf(m) : undefined,
    });

  it('redo the edited operation page only, with the bytes of a run without them', async () => {
    const cache = pieceCache();
    const cold = text(await docs(model, cache));
    expect(cache.made.filter((s) => s === 'operation-page')).toHaveLength(model.operations.length);
    expect(cold).toEqual(text(await docs(model)));

    const target = model.operations[3];
    const edited = reworded(model, (id) => id === target.id);
    cache.made.length = 0;
    const warm = text(await docs(edited, cache));
    // one page made again; the other pages, the schema pages and the site's other pages served
    expect(cache.made).toEqual(['operation-page']);
    expect(cache.served()).toBe(model.operations.length + SITE_PIECES.length);
    const reference = text(await docs(edited));
    expect(warm).toEqual(reference);
    // the served pages are right to be: only the edited page and its Markdown twin (and the
    // whole-site search index and llms.txt, made every run) differ from before the edit
    const changed = Object.keys(reference).filter((p) => reference[p] !== cold[p]);
    const pages = changed.filter((p) => p !== 'search-index.js' && p !== 'llms.txt');
    expect(pages.sort()).toEqual([`operations/${target.id}.html`, `operations/${target.id}.md`]);
    for (const page of pages) expect(reference[page]).toContain('Reworded.');

    // an edit outside operation descriptions (a schema's words) makes every piece again
    const schemaEdit = structuredClone(edited);
    schemaEdit.schemas[0].description = `${schemaEdit.schemas[0].description ?? ''} Edited.`;
    cache.made.length = 0;
    expect(text(await docs(schemaEdit, cache))).toEqual(text(await docs(schemaEdit)));
    expect(cache.made.length).toBe(model.operations.length + 1 + SITE_PIECES.length);
    expect(new Set(cache.made)).toEqual(
      new Set(['operation-page', 'schema-pages', ...SITE_PIECES]),
    );
  }, 60_000);

  it("show no operation's description outside its own page and the search index", async () => {
    // every operation's description reworded: besides the operation pages, only the search
    // index may differ (the pieces keyed without those words must not show them)
    const all = reworded(model, () => true);
    const before = text(await docs(model));
    const after = text(await docs(all));
    const changed = Object.keys(after).filter((p) => after[p] !== before[p]);
    const madeEveryRun = ['search-index.js', 'llms.txt'];
    expect(
      changed.filter((p) => !p.startsWith('operations/') && !madeEveryRun.includes(p)),
    ).toEqual([]);
    // each operation's HTML page and its Markdown twin
    expect(changed.filter((p) => p.startsWith('operations/')).length).toBe(
      2 * model.operations.length,
    );
  }, 60_000);
});

describe('the package compile of a skeleton (generator/compile/compile-prose.ts)', () => {
  const compile = (source: string) => compileIsolated(source, 'client.ts', '');
  const viaSkeleton = (source: string) => {
    const skeleton = proseSkeleton(source, 'client.ts');
    expect(skeleton).toBeDefined();
    expect(skeleton!.words.length).toBeGreaterThan(0);
    const made = compile(skeleton!.source);
    return {
      js: restoreWords(made.js, skeleton!.words),
      dts: restoreWords(made.dts, skeleton!.words),
      skeleton: skeleton!.source,
    };
  };

  it('gives the compiler output of the words themselves', () => {
    for (const source of [
      readFileSync('generated/client.ts', 'utf8'),
      readFileSync('generated/server.ts', 'utf8'),
      [
        '/** Top.\r\n *   indented\t words  \r\n\t* tab-led */',
        'export interface A {',
        '  /**',
        '   * A line\u2028after a U+2028, @tag kept, and quotes "/** a quote"',
        '   *',
        '       deeper */',
        '  a: string; /** trailing */',
        '  /** one line */ b: number;',
        '}',
        'export const re: RegExp = /[/*]x/; /** after a regex */',
        'export const s: string = `/** ${"in a template"} */`;',
        '  /** \u00a0nbsp-led */',
        'export function f(x: number): number {',
        '  /** in a body */',
        '  return x; }',
      ].join('\n'),
    ]) {
      const direct = compile(source);
      const reused = viaSkeleton(source);
      expect(reused.js).toBe(direct.js);
      expect(reused.dts).toBe(direct.dts);
    }
  });

  it('is the same for two texts that differ in doc comment words only', () => {
    const source = readFileSync('generated/client.ts', 'utf8');
    const i = source.indexOf('/**');
    const edited = `${source.slice(0, i + 3)} Reworded.${source.slice(i + 3)}`;
    expect(viaSkeleton(edited).skeleton).toBe(viaSkeleton(source).skeleton);
    expect(viaSkeleton(edited).dts).toBe(compile(edited).dts);
    // and code is not a comment: a changed type changes the skeleton
    const retyped = source.replace(/: string;/, ': number;');
    expect(viaSkeleton(retyped).skeleton).not.toBe(viaSkeleton(source).skeleton);
  });
});
