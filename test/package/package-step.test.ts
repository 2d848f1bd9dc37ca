/**
 * The package step on its own (generator/emit/package*.ts): file-by-file compilation and its
 * error, the whole-program fallback the runtime uses, and the package name and version taken
 * from the contract's info.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  compileIsolated,
  compileProgram,
  IsolatedCompileError,
} from '../../generator/emit/package-compile.js';
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
