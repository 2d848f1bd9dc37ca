/**
 * The JSON Schema meta-schema check of the strict schema check (check-schemas.ts), without an
 * Ajv instance compiling the meta-schema on every run. The CLI's
 * build (bin/build.js) writes each dialect's meta-schema validator as standalone code, compiled
 * by the very Ajv instance `createAjv` makes (same options, same formats), so its verdicts and
 * errors are the ones `ajv.validateSchema` gives; a run loads that
 * (`TMS_GEN_RUNTIME/schema-meta-<dialect>.cjs`) and, when it is absent (the loader imported by a
 * test, or run through tsx), asks the Ajv instance as before.
 */
import { createRequire } from 'node:module';
import type { Ajv, ErrorObject } from 'ajv';
import { createAjv } from '../schema/ajv.js';
import { type Dialect, loadPrebuiltCjs } from './openapi-meta.js';

const require = createRequire(import.meta.url);

export interface SchemaMetaValidator {
  (schema: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** The meta-schema check's verdict on one converted schema: Ajv's errors, or none. */
export type SchemaMetaCheck = (schema: unknown) => ErrorObject[] | null | undefined;

/** The file name of a dialect's prebuilt meta-schema validator in the CLI's build folder. */
export function prebuiltSchemaMetaFile(dialect: Dialect): string {
  return `schema-meta-${dialect}.cjs`;
}

/** Standalone CommonJS code of the meta-schema validator `ajv.validateSchema` uses by default. */
export function schemaMetaValidatorSource(dialect: Dialect): string {
  const ajv = createAjv({ dialect, allErrors: true, code: { source: true } });
  const validate = ajv.getSchema(defaultMeta(ajv));
  if (!validate) throw new Error(`no meta-schema for dialect ${dialect}`);
  const standalone = (
    require('ajv/dist/standalone/index.js') as {
      default: (ajv: Ajv, validate: unknown) => string;
    }
  ).default;
  return standalone(ajv, validate);
}

function defaultMeta(ajv: Ajv): string {
  const meta = ajv.opts.defaultMeta ?? ajv.defaultMeta();
  return typeof meta === 'string' ? meta : String((meta as { $id?: string })?.$id);
}

/**
 * `ajv.validateSchema` as a function of the schema: the prebuilt validator for every schema it
 * would check against the default meta-schema, the Ajv instance for the rest (a schema naming
 * its own `$schema`, or one that is not an object). A fast path measured, fenced and to go with
 * metaValidator's (openapi-meta.ts); test/generator/check-schemas-equivalence.test.ts holds the
 * two verdicts equal.
 */
export function schemaMetaCheck(ajv: Ajv, dialect: Dialect): SchemaMetaCheck {
  const viaAjv: SchemaMetaCheck = (schema) =>
    ajv.validateSchema(schema as object) ? null : ajv.errors;
  const prebuilt = loadPrebuiltCjs<SchemaMetaValidator>(prebuiltSchemaMetaFile(dialect));
  if (!prebuilt) return viaAjv;
  return (schema) => {
    if (typeof schema === 'boolean') return null;
    if (
      schema === null ||
      typeof schema !== 'object' ||
      (schema as { $schema?: unknown }).$schema !== undefined
    )
      return viaAjv(schema);
    return prebuilt(schema) ? null : prebuilt.errors;
  };
}
