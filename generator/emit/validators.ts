/**
 * generated/validators.js (+ .d.ts) and generated/validators/compiled.js: every request,
 * response and named schema of the contract, compiled by Ajv at generate time (standalone
 * code), so that nothing compiles a schema at run time.
 *
 * All schemas sit under one root's `$defs` and are compiled by one Ajv instance: a component
 * used by a hundred operations is one function in the output. The dialect follows the
 * document: JSON Schema 2020-12 for OpenAPI 3.1, draft-07 with `nullable` for 3.0.
 *
 * One module, not one per operation (measured, bench/results/validators.md): on GitHub's spec the
 * component schemas are ~33 of 45 MB and operations share them, and the API is synchronous.
 * Its cost: importing GitHub's module (~2.4 s) is slower than compiling one schema lazily.
 */
import { _, type Ajv } from 'ajv';
import { ContractError } from '../contract-error.js';
import type { ApiModel } from '../model/types.js';
import { jsonSchemaSource } from '../model/views/json-schema.js';
import { banner } from '../source.js';
import { createAjv, findUnknownFormats, usesLegacyPatterns } from '../schema/ajv.js';
import { formatsSource } from '../schema/formats-source.js';
import { buildJsonSchemaRoot, type JsonSchemaRoot } from '../schema/json-schema.js';
import { standaloneEsm } from '../schema/standalone-esm.js';
import { stripAnnotations } from '../schema/strip-annotations.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import { collectValidatorTargets, type ValidatorTargets } from './validator-targets.js';
import { validatorsModule, validatorsTypes, type ApiTables } from './validators-api.js';

export const validatorsEmitter: Emitter = {
  name: 'validators',
  root: 'code',
  // validators.d.ts types its guards with generated/types.ts
  needs: ['types'],
  emit(ctx: EmitContext): GeneratedFile[] {
    const line = banner(ctx.model.sourceFile, ctx.command);
    const { compiled, tables } = compileValidators(ctx.model);
    // Guard names (`isMessage`) are the model's (model/names.ts).
    for (const n of ctx.model.nameNotices) if (n.emitter === 'validators') ctx.warn(n.message);
    const exportsByName = new Map(
      ctx.model.schemas.flatMap((s) => (s.guardStem ? [[s.name, s.guardStem] as const] : [])),
    );
    return [
      { path: 'validators/compiled.js', contents: line + compiled },
      { path: 'validators.js', contents: validatorsModule(tables, exportsByName, line) },
      { path: 'validators.d.ts', contents: validatorsTypes(tables, exportsByName, line) },
    ];
  },
};

/** The contract's JSON Schema root, exactly as the generated validators see it (tests compile it too). */
export function validatorSchemaRoot(model: ApiModel): {
  root: JsonSchemaRoot;
  targets: ValidatorTargets;
} {
  const targets = collectValidatorTargets(model);
  const sites = Object.entries(targets.pointerOf)
    .filter(([key]) => !(key in targets.extra))
    .map(([key, pointer]) => ({ key, pointer }));
  const root = buildJsonSchemaRoot(jsonSchemaSource(model), sites, model.dialect, targets.extra);
  return { root, targets };
}

/** Ajv standalone code of every target, and the tables naming which export checks what. */
export function compileValidators(model: ApiModel): { compiled: string; tables: ApiTables } {
  const { root, targets } = validatorSchemaRoot(model);
  const slim = {
    ...root.root,
    $defs: Object.fromEntries(
      Object.entries(root.root.$defs).map(([k, v]) => [k, stripAnnotations(v)]),
    ),
  };
  const unknownFormats = findUnknownFormats(slim, createAjv({ dialect: model.dialect }));
  const legacyPatterns = usesLegacyPatterns(slim);
  const ajv = createAjv({
    dialect: model.dialect,
    unknownFormats,
    legacyPatterns,
    code: { source: true, esm: true, formats: _`formats` },
  });
  const pointerOf = (key: string) => targets.pointerOf[key] ?? key;
  try {
    ajv.addSchema(slim);
  } catch (error) {
    throw contractError(error, '#/components/schemas');
  }

  // Export names follow the sorted `$defs` keys: same contract, same output.
  const used = new Set([
    ...Object.values(targets.named),
    ...Object.values(targets.requests).map((r) => r.key),
    ...Object.values(targets.responses).flatMap((s) =>
      Object.values(s).filter((k): k is string => k !== null),
    ),
  ]);
  const nameOf = new Map([...used].sort().map((key, i) => [key, `s${i}`]));
  const exports: Record<string, string> = {};
  for (const [key, name] of nameOf) {
    compileOne(ajv, root.refOf(key), pointerOf(key));
    exports[name] = root.refOf(key);
  }
  const module = standaloneEsm(ajv, exports);
  const compiled = (module.usesFormats ? formatsSource(ajv) : '') + module.source;

  const sortedOps = Object.keys(targets.requests);
  const tables: ApiTables = {
    named: Object.entries(targets.named).map(([name, key]) => [name, nameOf.get(key)!]),
    requests: sortedOps.map((op) => [
      op,
      { fn: nameOf.get(targets.requests[op].key)!, formBody: targets.requests[op].formBody },
    ]),
    responses: sortedOps.map((op) => [
      op,
      Object.entries(targets.responses[op]).map(([s, k]) => [
        s,
        k === null ? null : nameOf.get(k)!,
      ]),
    ]),
  };
  return { compiled, tables };
}

/** Compiles one schema now, so that a failure names the contract place it comes from. */
function compileOne(ajv: Ajv, ref: string, pointer: string): void {
  try {
    if (!ajv.getSchema(ref)) throw new Error(`no schema at ${ref}`);
  } catch (error) {
    throw contractError(error, pointer);
  }
}

function contractError(error: unknown, pointer: string): ContractError {
  const message = `cannot compile the schema: ${(error as Error).message}`;
  return new ContractError({ pointer, message, source: 'validators' });
}
