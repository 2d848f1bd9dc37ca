/**
 * No import loop in the toolkit's sources, type-only imports included (test/lint/import-graph.ts):
 * a loop ties files together so that neither can be read, moved or tested without the other.
 * The detector itself is tried on planted files first, so a detector that finds nothing cannot
 * pass for a tree without loops.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importGraph, importLoops } from './import-graph.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const planted = mkdtempSync(path.join(tmpdir(), 'import-loops-'));
afterAll(() => rmSync(planted, { recursive: true, force: true }));

function plant(files: Record<string, string>): string[][] {
  const dir = mkdtempSync(path.join(planted, 'case-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return importLoops(importGraph(dir, ['src']));
}

describe('the import-loop detector', () => {
  it('finds a loop through a type-only import', () => {
    expect(
      plant({
        'src/a.ts': "import type { B } from './b.js';\nexport type A = B[];\n",
        'src/b.ts': "import { a } from './a.js';\nexport type B = string;\nexport const b = a;\n",
      }),
    ).toEqual([['src/a.ts', 'src/b.ts']]);
  });

  it('finds a loop through a folder and a re-export (wire.ts ↔ wire/*)', () => {
    expect(
      plant({
        'src/wire.ts': "export { encode } from './wire/encode.js';\nexport type T = 1;\n",
        'src/wire/encode.ts':
          "import type { T } from '../wire.js';\nexport const encode = (t: T) => t;\n",
        'src/other.ts': "import { encode } from './wire.js';\nexport const x = encode;\n",
      }),
    ).toEqual([['src/wire.ts', 'src/wire/encode.ts']]);
  });

  it('finds a loop through a type written as import("…")', () => {
    expect(
      plant({
        'src/a.ts': "export type A = import('./b.js').B;\n",
        'src/b.ts': "export type B = import('./a.js').A | string;\n",
      }),
    ).toEqual([['src/a.ts', 'src/b.ts']]);
  });

  it('is quiet on files that import one way only', () => {
    expect(
      plant({
        'src/types.ts': 'export type T = string;\n',
        'src/a.ts': "import type { T } from './types.js';\nexport const a: T = 'a';\n",
        'src/b.ts':
          "import { a } from './a.js';\nimport type { T } from './types.js';\nexport const b: T = a;\n",
      }),
    ).toEqual([]);
  });
});

describe("the toolkit's sources", () => {
  it('have no import loop', () => {
    const graph = importGraph(root, ['generator', 'runtime', 'mock', 'contract-runner', 'bench']);
    expect(graph.size).toBeGreaterThan(200);
    expect(importLoops(graph)).toEqual([]);
  });
});
