/**
 * The package step on its own (generator/emit/package*.ts): file-by-file compilation and its
 * error, the whole-program fallback the runtime uses, and the package name and version taken
 * from the contract's info.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  compileIsolated,
  compileProgram,
  IsolatedCompileError,
} from '../../generator/compile/package-compile.js';
import { packageName, packageVersion } from '../../generator/emit/package.js';

describe('compiling generated TypeScript', () => {
  it('gives ESM JavaScript and declarations, file by file, headed by the banner', () => {
    const source = [
      "import type { Thing } from './types.js';",
      "import { helper } from './runtime/helper.js';",
      '/** Doc kept in both. */',
      'export function use(thing: Thing): number {',
      '  return helper(thing);',
      '}',
      '',
    ].join('\n');
    const { js, dts } = compileIsolated(source, 'client.ts', '// banner\n');
    expect(js).toBe(
      [
        '// banner',
        "import { helper } from './runtime/helper.js';",
        '/** Doc kept in both. */',
        'export function use(thing) {',
        '    return helper(thing);',
        '}',
        '',
      ].join('\n'),
    );
    expect(dts).toContain("import type { Thing } from './types.js';");
    expect(dts).toContain('export declare function use(thing: Thing): number;');
  });

  it('refuses an export whose type it would have to infer, naming file and line', () => {
    const source = 'export const a: number = 1;\nexport function f(x: number) {\n  return x;\n}\n';
    expect(() => compileIsolated(source, 'client.ts')).toThrow(IsolatedCompileError);
    expect(() => compileIsolated(source, 'client.ts')).toThrow(/client\.ts:2: .*return type/);
  });

  // A generated module as the emitters write them: imports used only by types, exported and
  // private types, typed data tables, a loader table, a constant with an inferred type, a
  // function, and a typed constant whose value is not plain data.
  const mixed = [
    '// banner',
    "import type { Row } from './types.js';",
    "import { makeClient, type Options, type Layout } from './runtime/client.js';",
    "import { table as shared } from './operations.js';",
    "export { FeatureLevelError } from './runtime/client.js';",
    "export type { Options } from './runtime/client.js';",
    '',
    'type Private<T> = T | null;',
    '',
    '/** Rows by name. */',
    'export interface Rows {',
    '  first: Private<Row>;',
    '  layout: Layout;',
    '}',
    '',
    "export type Pick2 = 'a' | 'b';",
    '',
    '/** The table. */',
    'export const table: Readonly<Record<string, Options>> = {',
    '  "a/b": {"method":"GET","n":-1,"ok":true,"none":null,"list":[1,"x"]},',
    '  c: {},',
    '};',
    '',
    'const loaders: Record<string, () => Promise<unknown>> = {',
    '  "a/b": () => import("./ops/a-b.js"),',
    '};',
    '',
    'export const names = { "a/b": "aB" } as const;',
    '',
    'export const linked: typeof shared = shared;',
    '',
    'export function create(options: Options): Rows {',
    '  return makeClient(options, loaders) as Rows;',
    '}',
    '',
  ].join('\n');

  it('writes types and plain data tables as they are, compiling only the rest', () => {
    const { js, dts } = compileIsolated(mixed, 'client.ts', '// banner\n');
    // the data as written, without its type; the loader table too
    expect(js).toContain(
      '/** The table. */\nexport const table = {\n  "a/b": {"method":"GET","n":-1,"ok":true,"none":null,"list":[1,"x"]},',
    );
    expect(js).toContain('const loaders = {\n  "a/b": () => import("./ops/a-b.js"),\n};');
    // imports: the compiler's verdict (type-only ones gone, used values kept)
    expect(js).toContain("import { makeClient } from './runtime/client.js';");
    expect(js).toContain("import { table as shared } from './operations.js';");
    expect(js).not.toMatch(/types\.js|Layout|interface|Private/);
    expect(js).toContain('export function create(options) {');
    expect(js).toContain('export const linked = shared;');
    // declarations: types verbatim, data declared with its type, private type kept private
    expect(dts).toContain("import type { Row } from './types.js';");
    expect(dts).toContain('/** Rows by name. */\nexport interface Rows {\n  first: Private<Row>;');
    expect(dts).toContain('type Private<T> = T | null;');
    expect(dts).toContain(
      '/** The table. */\nexport declare const table: Readonly<Record<string, Options>>;',
    );
    expect(dts).toContain('export declare function create(options: Options): Rows;');
    expect(dts).not.toContain('loaders');
    expect(dts.trimEnd().endsWith('export {};')).toBe(true);
    expect(js.startsWith('// banner\n')).toBe(true);
    expect(dts.startsWith('// banner\n')).toBe(true);
  });

  it('means the same as compiling the whole file (statements compared without comments)', () => {
    const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');
    const options = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      declaration: true,
    };
    const printed = (text: string) =>
      ts
        .createPrinter({ removeComments: true })
        .printFile(ts.createSourceFile('x.ts', text, ts.ScriptTarget.ES2022))
        .split('\n')
        // the declarations keep every import a type names: compared apart, below
        .filter((line) => !line.startsWith('import ') && line !== 'export {};')
        .join('\n');
    const split = compileIsolated(mixed, 'client.ts');
    const js = ts.transpileModule(mixed, { fileName: 'client.ts', compilerOptions: options });
    const dts = ts.transpileDeclaration(mixed, { fileName: 'client.ts', compilerOptions: options });
    expect(printed(split.js)).toBe(printed(js.outputText));
    expect(printed(split.dts)).toBe(printed(dts.outputText));
    const importsOf = (text: string) => text.split('\n').filter((l) => l.startsWith('import '));
    expect(importsOf(split.js)).toEqual(importsOf(js.outputText));
    // the declarations import the names they use (the compiler prints `import type` by name)
    const names = (text: string) =>
      importsOf(text)
        .flatMap((l) => [...l.matchAll(/(?:type )?([\w$]+)(?=[,} ])/g)].map((m) => m[1]))
        .filter((n) => !['import', 'type', 'from', 'as'].includes(n))
        .sort();
    expect(names(split.dts)).toEqual(names(dts.outputText));
  });

  it('compiles the whole file when a left-out constant is named by a declaration', () => {
    const source = [
      'const hidden: { a: number } = { a: 1 };',
      'export const shown: typeof hidden = { a: 2 };',
      'export interface X { a: number }',
      '',
    ].join('\n');
    const { dts } = compileIsolated(source, 'x.ts');
    // the compiler's declarations: `hidden` declared, since `shown` names it
    expect(dts).toContain('declare const hidden: {');
  });

  it('compiles such code as one program instead (the runtime), inferring across files', () => {
    const out = compileProgram(
      fileURLToPath(new URL('./program', import.meta.url)),
      new Map([
        ['a.ts', "export function make() {\n  return { id: 1, name: 'x' };\n}\n"],
        ['b.ts', "import { make } from './a.js';\nexport const made = make();\n"],
      ]),
      (source) => `// from ${source}\n`,
    );
    expect([...out.keys()].sort()).toEqual(['a.d.ts', 'a.js', 'b.d.ts', 'b.js']);
    expect(out.get('a.d.ts')).toBe(
      '// from a.ts\nexport declare function make(): {\n    id: number;\n    name: string;\n};\n',
    );
    expect(out.get('b.d.ts')).toContain('export declare const made: {');
    expect(out.get('b.js')).toContain("import { make } from './a.js';");
  });
});

describe('package name and version from info', () => {
  it('names the package after the title, npm-safe', () => {
    expect(packageName('Team Messaging Service API')).toBe('team-messaging-service-api');
    expect(packageName('Up')).toBe('up-api');
    expect(packageName('  ÉLAN: Payments / v2 ')).toBe('elan-payments-v2-api');
    expect(packageName('***')).toBe('api-bindings');
  });

  it('keeps semver, completes short versions, tags anything else', () => {
    expect(packageVersion('1.0.0')).toBe('1.0.0');
    expect(packageVersion('v2.1.0-beta.1')).toBe('2.1.0-beta.1');
    expect(packageVersion('3')).toBe('3.0.0');
    expect(packageVersion('1.2')).toBe('1.2.0');
    expect(packageVersion('2023-10-16')).toBe('0.0.0-2023-10-16');
    expect(packageVersion('')).toBe('0.0.0');
  });
});
