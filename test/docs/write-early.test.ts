/**
 * Pages handed over early (EmitContext.writeEarly, used by `--only docs` without the cache) are
 * the same files as the emitter's whole result: none lost, none twice, the same bytes.
 */
import { describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/emitter.js';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { loadOrThrow } from '../load-contract.js';

const text = (f: GeneratedFile) =>
  typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('utf8');

describe('docs pages handed over early', () => {
  it('make the same site as the whole result', async () => {
    const { model } = await loadOrThrow();
    const opts = { command: 'npm run generate', warn: () => {} };
    const whole = await emitDocs(model, opts);
    const early: GeneratedFile[] = [];
    const rest = await emitDocs(model, { ...opts, writeEarly: (files) => early.push(...files) });
    // every operation page (HTML and its Markdown twin) went early, and no page is in both
    expect(early.filter((f) => /^operations\/.*\.html$/.test(f.path)).length).toBe(
      model.operations.length,
    );
    expect(early.filter((f) => /^operations\/.*\.md$/.test(f.path)).length).toBe(
      model.operations.length,
    );
    const paths = [...early, ...rest].map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    const byPath = (files: GeneratedFile[]) =>
      Object.fromEntries(files.map((f) => [f.path, text(f)]));
    expect(byPath([...early, ...rest])).toEqual(byPath(whole));
  });
});
