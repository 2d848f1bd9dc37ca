/**
 * Outputs cached with operations' own descriptions as tokens (generator/emit/operation-words.ts,
 * used by the prism and contract emitters): served from the cache after a description edit,
 * they are the bytes a run without a cache makes, whatever the new words hold.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contractEmitter } from '../../generator/emit/contract/index.js';
import type { EmitContext, Emitter } from '../../generator/emit/emitter.js';
import { prismEmitter } from '../../generator/emit/prism.js';
import type { ApiModel } from '../../generator/model/types.js';
import { emitContext } from '../emit-context.js';
import { loadOrThrow } from '../load-contract.js';

let model: ApiModel;
beforeAll(async () => {
  const contract = await loadOrThrow();
  model = contract.model;
});

/** A context whose step caches keep entries in `store` (texts and bytes), with the model's slices. */
function context(store: Map<string, string | Uint8Array>, computed: string[]): EmitContext {
  const memo =
    <T extends string | Uint8Array>() =>
    async (step: string, input: string, compute: () => Promise<T>): Promise<T> => {
      const key = `${step}\0${input}`;
      if (!store.has(key)) {
        computed.push(step);
        store.set(key, await compute());
      }
      return store.get(key) as T;
    };
  return emitContext(model, memo<string>(), memo<Uint8Array>());
}

/** The file's text, whether the emitter gave it as a text or as UTF-8 bytes. */
const textOf = (contents: string | Uint8Array) =>
  typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');

const emitted = async (emitter: Emitter, ctx: EmitContext) =>
  textOf((await emitter.emit(ctx))[0].contents);

/** Sets the first described operation's words (the model's and the document's copies). */
function describe1(words: string): void {
  const op = model.operations.find((o) => typeof o.description === 'string')!;
  const raw = (
    model.document as unknown as { paths: Record<string, Record<string, { description: string }>> }
  ).paths[op.path][op.method];
  op.description = words;
  raw.description = words;
}

describe.each([
  ['prism', prismEmitter, 'prism-by-operation-descriptions'],
  ['contract', contractEmitter, 'contract-by-operation-descriptions'],
] as const)('withOperationWords (%s)', (_name, emitter, step) => {
  const plain = () => emitted(emitter, emitContext(model));
  const edits: [string, string][] = [
    ['plain words', 'Reworded.'],
    ['quotes, backslashes, lines, non-ASCII', 'a "b" \\ c\nd é ✓ \u2028'],
    ['words spelling a token', '{{tms-words:0123456789abcdef:0}} "{{tms-words:x:1}}"'],
    ['empty', ''],
  ];
  it.each(edits)('an edit to %s: the bytes of a run without a cache', async (_name, words) => {
    const store = new Map<string, string | Uint8Array>();
    const computed: string[] = [];
    const original = model.operations.find((o) => typeof o.description === 'string')!.description!;
    try {
      // the cache filled by a run on the model as it is: its output is the plain run's
      const first = await emitted(emitter, context(store, computed));
      expect(first).toBe(await plain());
      describe1(words);
      const served = await emitted(emitter, context(store, computed));
      expect(computed).toEqual([step]); // served, not made again
      expect(served).toBe(await plain());
      expect(served).toContain(JSON.stringify(words));
    } finally {
      describe1(original);
    }
  });

  /**
   * Cached skeletons spoiled so that a fill would show it (a marker appended), and made not
   * to fit: the output is made again, not filled from the skeleton.
   */
  const spoiled: [string, (entry: string) => string][] = [
    ['another count of descriptions', (entry) => entry.replace(/"count":\d+/, '"count":1')],
    ['a header that does not parse', (entry) => entry.replace('{', '[')],
    [
      'a token numbered past the descriptions',
      (entry) => {
        const { nonce } = JSON.parse(entry.slice(0, entry.indexOf('\n'))) as { nonce: string };
        return `${entry}\n${JSON.stringify(`{{tms-words:${nonce}:99999}}`)}`;
      },
    ],
  ];
  it.each(spoiled)('makes the output again for a skeleton with %s', async (_name, spoil) => {
    const store = new Map<string, string | Uint8Array>();
    await emitter.emit(context(store, []));
    expect(store.size).toBe(1);
    for (const [key, entry] of store)
      store.set(key, new Uint8Array(Buffer.from(`${spoil(textOf(entry))}\nSPOILED`)));
    const computed: string[] = [];
    const served = await emitted(emitter, context(store, computed));
    expect(computed).toEqual([]); // the entry was read, not replaced
    expect(served).not.toContain('SPOILED');
    expect(served).toBe(await plain());
  });
});
