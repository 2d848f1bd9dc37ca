/**
 * The package compile's statements found piece by piece (generator/compile/package-compile-split.ts)
 * against one syntax tree of the whole file: on every source of the table, cut at every line it
 * can be, the statements and the `.js`/`.d.ts` are exactly the whole-file path's, and a cut the
 * pieces cannot prove (inside a template literal, a string, a comment, a statement that the next
 * line continues) is never taken.
 */
import { describe, expect, it } from 'vitest';
import { isolatedCompileOptions } from '../../generator/compile/package-compile.js';
import { typescript } from '../../generator/common/typescript-compiler.js';
import {
  compileSplit,
  compileStatements,
  piecewiseStatements,
  wholeFileStatements,
} from '../../generator/compile/package-compile-split.js';

const ts = typescript();
const options = isolatedCompileOptions(ts);

const lines = (...l: string[]) => l.join('\n');

/** [what the source shows, source] */
const SOURCES: [string, string][] = [
  [
    'comments between statements, imports used only by types, a non-exported constant',
    lines(
      '// banner',
      "import type { Row } from './types.js';",
      "import { makeClient, type Options } from './runtime/client.js';",
      '',
      '/** Rows. */',
      'export interface Rows {',
      '  first: Row;',
      '}',
      '// a line comment',
      '/* a block',
      'export const notCode: number = 1;',
      '*/',
      '',
      'const hidden: Record<string, number> = {',
      '  a: 1,',
      '};',
      'export const table: Readonly<Record<string, number>> = { b: 2 }; // trailing',
      'export function create(options: Options): Rows {',
      '  return makeClient(options) as Rows;',
      '}',
      '',
    ),
  ],
  [
    'a template literal whose line starts with `export const` at column 0',
    lines(
      "import type { Row } from './types.js';",
      'export const page: string = `<p>',
      'export const fake: number = 1;',
      '</p>`;',
      'export const other: Row[] = [];',
      'export function f(x: number): string {',
      '  return `${x}',
      'export const alsoFake: number = 2;',
      '${x}`;',
      '}',
      'export type T = `a',
      'export const inType: number = 3;',
      'b`;',
      '',
    ),
  ],
  [
    'a string continued over lines, with such text',
    lines(
      "export const s: string = 'one\\",
      "export const fake: number = 1;';",
      'export const t: number[] = [1, 2];',
      '',
    ),
  ],
  [
    'statements the next line continues (no semicolon, else, a call)',
    lines(
      'const g = (n: number): number => n',
      '(1);',
      'export const a: number = 1',
      'export const b: number = 2;',
      'export function h(x: boolean): number {',
      '  if (x) return 1;',
      '  return 0;',
      '}',
      'let y = 0;',
      'if (a) y = 1;',
      'else y = 2;',
      'export type U = { a: 1 }',
      '["a"];',
      'export const z: number = y + g(0);',
      '',
    ),
  ],
];

/** Sources of large statements (members parsed in pieces when over `largeChars`). */
const LARGE: [string, string][] = [
  [
    'an interface, an object type, a data table and an array, members two spaces in',
    lines(
      '/** doc */',
      'export interface A<U = unknown> {',
      '  /** m */',
      '  a: string;',
      '  b(x: number): U;',
      '  c: `x',
      '  d: 1;`;',
      '  "e-f": { g: 1;',
      '  h: 2 };',
      '}',
      'export const t: Record<string, unknown> = {',
      '  "a": { b: [1, 2] },',
      '  c: "x",',
      '  d: [',
      '  1],',
      '  e: `',
      '  f: 1,`,',
      '};',
      'export type B = {',
      '  x: 1;',
      '  y: 2;',
      '};',
      'const arr: number[] = [',
      '  1,',
      '  2,',
      '];',
      'export const notData: Record<string, number> = {',
      '  a: 1,',
      '  b: arr[0],',
      '};',
      '',
    ),
  ],
];

describe('package compile piece by piece', () => {
  for (const [what, source] of LARGE)
    it(`gives the whole-file statements and output for large statements: ${what}`, () => {
      const whole = wholeFileStatements(ts, source);
      expect(whole).toBeDefined();
      const expected = compileStatements(ts, source, 'x.ts', options, whole!);
      for (const size of [1, 5, 40, 1 << 20])
        for (const large of [1, 10, 1 << 20]) {
          const pieces = piecewiseStatements(ts, source, size, large);
          expect(pieces, `pieces of ${size}, large from ${large}`).toEqual(whole);
          expect(compileStatements(ts, source, 'x.ts', options, pieces!)).toEqual(expected);
        }
    });

  it('refuses members a piece cannot prove (a missing comma is the whole-file error)', () => {
    const source = lines(
      'export const t: Record<string, number> = {',
      '  a: 1',
      '  b: 2,',
      '};',
      'export interface I {',
      '  a: 1',
      '  b: 2;',
      '}',
      '',
    );
    // the interface without `;` is valid (a newline ends a member); the table is not
    expect(wholeFileStatements(ts, source)).toBeUndefined();
    for (const size of [1, 1 << 20])
      expect(piecewiseStatements(ts, source, size, 1)).toBeUndefined();
    const valid = source.replace('  a: 1\n  b: 2,', '  a: 1,\n  b: 2,');
    expect(piecewiseStatements(ts, valid, 1, 1)).toEqual(wholeFileStatements(ts, valid));
  });

  for (const [what, source] of SOURCES)
    it(`gives the whole-file statements and output: ${what}`, () => {
      const whole = wholeFileStatements(ts, source);
      expect(whole).toBeDefined();
      const expected = compileStatements(ts, source, 'x.ts', options, whole!);
      // 1: a cut tried at every line; larger: several lines a piece
      for (const size of [1, 5, 40, 1 << 20]) {
        const pieces = piecewiseStatements(ts, source, size);
        expect(pieces, `pieces of ${size}`).toEqual(whole);
        expect(compileStatements(ts, source, 'x.ts', options, pieces!)).toEqual(expected);
      }
      expect(compileSplit(ts, source, 'x.ts', options)).toEqual(expected);
    });

  it('cuts the table sources into more than one piece (the piecewise path is taken)', () => {
    const [, source] = SOURCES[0];
    // each top-level statement found, from pieces of one line
    expect(piecewiseStatements(ts, source, 1)?.map((s) => s.kind)).toEqual([
      'import',
      'import',
      'declaration',
      'data',
      'data',
      'compiler',
    ]);
  });

  it('gives nothing for a source that does not parse (the whole-file path reports it)', () => {
    const source = lines('export const a: number = 1;', 'export const b: number = (;', '');
    for (const size of [1, 1 << 20]) expect(piecewiseStatements(ts, source, size)).toBeUndefined();
    expect(wholeFileStatements(ts, source)).toBeUndefined();
    expect(compileSplit(ts, source, 'x.ts', options)).toBeUndefined();
  });

  it('never ends a piece inside an unterminated comment or template at the end', () => {
    const source = lines(
      'export const a: number = 1;',
      '/* open',
      'export const b: number = 2;',
      '',
    );
    expect(piecewiseStatements(ts, source, 1)).toBeUndefined();
  });
});
