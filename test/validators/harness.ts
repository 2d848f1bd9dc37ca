/**
 * Shared by the validators tests: a contract loaded once, its validators generated into a temp
 * directory (not the checked-in generated/, so tests see what the current emitter produces),
 * and the same schemas compiled by Ajv at run time for comparison.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { runtimeEmitter } from '../../generator/emit/package.js';
import type { GeneratedFile } from '../../generator/emit/emitter.js';
import { validatorSchemaRoot, validatorsEmitter } from '../../generator/emit/validators.js';
import { loadContract } from '../../generator/load/index.js';
import type { ApiModel } from '../../generator/model/types.js';
import { createAjv, findUnknownFormats } from '../../generator/schema/ajv.js';
import type * as Validators from '../../generated/validators.js';

export type ValidatorsModule = typeof Validators;

export async function loadModel(file: string): Promise<ApiModel> {
  const loaded = await loadContract(file);
  if (!loaded.ok)
    throw new Error(`${file} is invalid: ${JSON.stringify(loaded.problems.slice(0, 3))}`);
  return loaded.contract.model;
}

/** Emits the validators of `model` into a fresh temp dir; returns the dir. */
export async function emitValidators(model: ApiModel, prefix = 'tms-validators-'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const ctx = {
    model,
    outDir: dir,
    docsDir: dir,
    runtimeImport: './runtime',
    command: 'test',
    warn: () => {},
  };
  // The validators import the runtime copied beside them, as in generated/.
  const files = [...(await validatorsEmitter.emit(ctx)), ...(await compiledRuntime(ctx))];
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.contents);
  }
  return dir;
}

/** The runtime emitter's output, compiled once per test file (it compiles all of runtime/). */
let runtimeFiles: Promise<GeneratedFile[]> | undefined;
function compiledRuntime(ctx: Parameters<typeof runtimeEmitter.emit>[0]): Promise<GeneratedFile[]> {
  runtimeFiles ??= Promise.resolve(runtimeEmitter.emit(ctx));
  return runtimeFiles;
}

export async function importValidators(dir: string): Promise<ValidatorsModule> {
  return (await import(pathToFileURL(join(dir, 'validators.js')).href)) as ValidatorsModule;
}

/** The same root compiled by Ajv at run time (annotations kept), one function per target key. */
export function runtimeValidators(model: ApiModel) {
  const { root, targets } = validatorSchemaRoot(model);
  const unknownFormats = findUnknownFormats(root.root, createAjv({ dialect: model.dialect }));
  const ajv = createAjv({ dialect: model.dialect, unknownFormats });
  ajv.addSchema(root.root);
  const compile = (key: string): ValidateFunction => ajv.getSchema(root.refOf(key))!;
  return { targets, compile };
}

/** Every example of the contract with what to check it with. */
export interface ExampleCase {
  label: string;
  value: unknown;
  /** the document's schema of the value, as written (a `$ref`, `allOf`…): what it requires */
  schema: unknown;
  /** errors under this pointer prefix count (requests carry other, unrelated, parameters) */
  check(
    v: ValidatorsModule,
    value: unknown,
  ): { valid: boolean; errors: { pointer: string; keyword: string }[] };
}

export function exampleCases(model: ApiModel): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const scoped = (result: ReturnType<ValidatorsModule['validateRequest']>, prefix: string) => {
    const errors = result.valid
      ? []
      : result.errors.filter((e) => e.pointer === prefix || e.pointer.startsWith(prefix + '/'));
    return { valid: errors.length === 0, errors };
  };
  for (const s of model.schemas) {
    const schema = s.schema as Record<string, unknown>;
    const values = [
      schema.example,
      ...(Array.isArray(schema.examples) ? schema.examples : []),
    ].filter((x) => x !== undefined);
    values.forEach((value, i) =>
      cases.push({
        label: `schema ${s.name} #${i}`,
        value,
        schema,
        check: (v, x) => v.validators[s.name](x) as never,
      }),
    );
  }
  for (const op of model.operations) {
    const id = op.id as Parameters<ValidatorsModule['validateRequest']>[0];
    for (const r of op.responses) {
      for (const m of r.mediaTypes)
        for (const ex of m.examples) {
          cases.push({
            label: `${op.id} ${r.status} ${ex.name}`,
            value: ex.value,
            schema: m.schema,
            check: (v, x) => v.validateResponse(id, r.status, x) as never,
          });
        }
    }
    for (const m of op.requestBody?.mediaTypes ?? [])
      for (const ex of m.examples) {
        cases.push({
          label: `${op.id} body ${m.type} ${ex.name}`,
          value: ex.value,
          schema: m.schema,
          check: (v, x) => scoped(v.validateRequest(id, { body: x }), '/body'),
        });
      }
    for (const p of op.parameters) {
      if (p.in === 'body' || p.in === 'cookie') continue;
      const group = p.in === 'header' ? 'headers' : p.in;
      const at = `/${group}/${p.name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      for (const ex of p.examples) {
        cases.push({
          label: `${op.id} ${p.in} ${p.name} ${ex.name}`,
          value: ex.value,
          schema: p.schema,
          check: (v, x) => scoped(v.validateRequest(id, { [group]: { [p.name]: x } }), at),
        });
      }
    }
  }
  return cases;
}
