/**
 * `schedule.loadsTypeScript` (generator/emit/emitter.ts) keeps an emitter off the worker, which
 * never loads the compiler. The fact is declared, so it is checked here against what each
 * emitter writes for our contract: an emitter whose `.ts` files need the package compile (any
 * that is not declarations only) must declare it, and one that declares it must need it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { banner } from '../../generator/common/source.js';
import { declarationsOnly } from '../../generator/compile/package-compile.js';
import type { EmitContext } from '../../generator/emit/emitter.js';
import { emitters } from '../../generator/emit/index.js';
import type { ApiModel } from '../../generator/model/types.js';
import { laneOrder, mainThreadOnly } from '../../generator/run/schedule.js';
import { loadOrThrow } from '../load-contract.js';

let model: ApiModel;
beforeAll(async () => {
  const contract = await loadOrThrow();
  model = contract.model;
}, 60_000);

/** openapi-typescript, which the types emitter runs, is built on the TypeScript compiler. */
const THROUGH_OPENAPI_TYPESCRIPT = new Set(['types']);

describe('which emitters load TypeScript', () => {
  it('is declared by exactly those whose files the package compile must compile', async () => {
    const command = 'npm run generate';
    const ctx: EmitContext = {
      model,
      outDir: 'generated',
      docsDir: 'docs',
      runtimeImport: './runtime',
      command,
      warn: () => {},
    };
    const head = banner(model.sourceFile, command);
    const needs: string[] = [];
    for (const emitter of emitters) {
      const files = await emitter.emit(ctx);
      const compiled = files.some(
        (f) =>
          emitter.root === 'code' &&
          f.path.endsWith('.ts') &&
          !f.path.endsWith('.d.ts') &&
          !declarationsOnly(String(f.contents), head),
      );
      if (compiled || THROUGH_OPENAPI_TYPESCRIPT.has(emitter.name)) needs.push(emitter.name);
    }
    const declared = emitters.filter((e) => e.schedule?.loadsTypeScript).map((e) => e.name);
    expect(declared.sort()).toEqual(needs.sort());
    // the package compile is not idle on our contract: the check has something to hold
    expect(needs).toEqual(expect.arrayContaining(['client', 'server', 'types']));
  });

  it('puts those emitters first in the shared queue, where only the main thread takes them', () => {
    const order = laneOrder(emitters, true);
    const onlyMain = mainThreadOnly(order);
    expect(order.slice(0, onlyMain.length)).toEqual(onlyMain);
    expect(onlyMain[0]).toBe('types');
  });
});
