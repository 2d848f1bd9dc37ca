/**
 * The fields an error body carries beyond its message and code, by error code, where the
 * contract declares them: an error response whose schema (or one branch of its `oneOf`/`anyOf`)
 * is a component schema that fixes the code (`code: {const: STREAM_DOES_NOT_EXIST}`) and adds
 * properties the document's common error schema does not have (`stream`). The client types
 * those fields on the `api` error of that code (runtime/client-errors.ts `ApiErrorOf`).
 * Only for bodies whose message and code are top-level fields (the client spreads those bodies
 * into its error value); the first declaration of a code, in path order, is its.
 */
import { componentSchemaName, pointer } from '../common/pointer.js';
import { isJsonMediaType } from './media.js';
import { collectProperties, deref } from './schema-facts.js';
import type { CodeFields, ErrorShape, Operation } from './types.js';

type Schema = Record<string, unknown>;

export function errorFieldsByCode(
  document: unknown,
  operations: Pick<Operation, 'responses'>[],
  shape: ErrorShape | undefined,
  errorSchema: string | undefined,
): CodeFields[] {
  if (!shape?.code || shape.within !== undefined) return [];
  const common = new Set(Object.keys(propertiesOf(document, errorSchema)));
  const out = new Map<string, CodeFields>();
  for (const op of operations)
    for (const response of op.responses) {
      const media = response.representative;
      if (!/^([45]|default)/.test(response.status) || !media?.schema) continue;
      if (!isJsonMediaType(media.type)) continue;
      for (const branch of branchesOf(document, media.schema)) {
        const found = codeFieldsOf(document, branch, shape, common);
        if (found && !out.has(found.code)) out.set(found.code, found);
      }
    }
  return [...out.values()];
}

/** The schema itself and, for a union, each of its members. */
function branchesOf(document: unknown, schema: unknown): unknown[] {
  const s = deref(document, schema);
  const union = [s?.oneOf, s?.anyOf].find(Array.isArray) as unknown[] | undefined;
  return [schema, ...(union ?? [])];
}

function codeFieldsOf(
  document: unknown,
  branch: unknown,
  shape: ErrorShape,
  common: Set<string>,
): CodeFields | undefined {
  const schema = componentSchemaName((branch as { $ref?: unknown } | undefined)?.$ref);
  const s = deref(document, branch);
  if (schema === undefined || !s) return undefined;
  const { properties, required } = collectProperties(document, s);
  const code = fixedText(deref(document, properties[shape.code!]));
  if (code === undefined) return undefined;
  const fields = Object.keys(properties)
    .filter((name) => name !== shape.message && name !== shape.code && !common.has(name))
    .map((name) => ({ name, required: required.has(name) }));
  return fields.length > 0 ? { code, schema, fields } : undefined;
}

/** The one text a schema allows (`const`, or an `enum` of one), if it allows one. */
function fixedText(s: Schema | undefined): string | undefined {
  if (typeof s?.const === 'string') return s.const;
  if (Array.isArray(s?.enum) && s.enum.length === 1 && typeof s.enum[0] === 'string')
    return s.enum[0];
  return undefined;
}

function propertiesOf(document: unknown, component: string | undefined): Schema {
  if (component === undefined) return {};
  const s = deref(document, { $ref: pointer('components', 'schemas', component) });
  return s ? collectProperties(document, s).properties : {};
}
