/**
 * The client of a contract with thousands of operations goes through the package step, which
 * writes declarations file by file (generator/compile/package-compile.ts). Any export whose type
 * TypeScript must infer is printed from the inferred type, and a type past about a million
 * characters is refused ("exceeds the maximum length the compiler will serialize"): Microsoft
 * Graph's 22,361 operations reached it with `methodNames` typed `as const`. Every table of the
 * client that grows with the operations must carry its type explicitly.
 */
import { describe, expect, it } from 'vitest';
import { clientEmitter } from '../../generator/emit/client.js';
import { compileIsolated } from '../../generator/compile/package-compile.js';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';

/** `count` GET operations whose operationIds are `length` characters long. */
function contract(count: number, length: number): OpenApiDocument {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const id = `op${i}`.padEnd(length, 'x');
    paths[`/things/${i}`] = {
      get: { operationId: id, responses: { '204': { description: 'none' } } },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Many', version: '1' },
    paths,
  } as unknown as OpenApiDocument;
}

describe('a client of thousands of operations', () => {
  it('compiles file by file: the operation tables carry explicit types', async () => {
    // 4,000 operations with 150-character ids: methodNames' inferred type would be ~1.3 M characters,
    // past the limit.
    const { model, problems } = buildModel(contract(4000, 150), 'many.yaml');
    expect(problems).toEqual([]);
    const [client] = await clientEmitter.emit({
      model,
      outDir: 'generated',
      docsDir: 'docs',
      runtimeImport: './runtime',
      command: 'test',
      warn() {},
    });
    const source = String(client.contents);
    const { dts } = compileIsolated(source, 'client.ts');
    expect(dts).toContain('export declare const methodNames: ApiMethodNames;');
    expect(dts).toContain(`readonly ${'op3999'.padEnd(150, 'x')}: "${'op3999'.padEnd(150, 'x')}";`);
  }, 120_000);
});
