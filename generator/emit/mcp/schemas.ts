/**
 * The tools' input and output schemas: the contract's schemas converted once to JSON Schema by
 * the validators' converter (generator/schema/json-schema.ts), shared in one `defs` table under
 * plain names (component names where they are plain, `s1`, `s2`, ... otherwise), with
 * OpenAPI 3.0's `nullable` written as JSON Schema 2020-12 says it (a `null` type), the
 * dialect MCP's tool schemas are read in.
 */
import { successMedia, successSchema, type AgentTool } from '../../model/agent-tools.js';
import { propertiesOf } from '../../model/lookup.js';
import type { ApiModel, Lifecycle, Operation } from '../../model/types.js';
import { jsonSchemaSource } from '../../model/views/json-schema.js';
import {
  buildJsonSchemaRoot,
  defKey,
  fragmentSegment,
  SCHEMA_MAPS,
  SCHEMA_VALUES,
} from '../../schema/json-schema.js';
import { toolText } from '../../common/source.js';

type Schema = Record<string, unknown>;
export type ObjectSchema = Schema & { type: 'object' };

export interface ToolSchemas {
  defs: Record<string, unknown>;
  input(op: Operation, tool: AgentTool): ObjectSchema;
  output(op: Operation): ObjectSchema | undefined;
}

const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export function toolSchemas(model: ApiModel): ToolSchemas {
  const pointers = new Set<string>();
  for (const op of model.operations) for (const p of sitePointers(op)) pointers.add(p);
  const sites = [...pointers].map((pointer) => ({ key: defKey(pointer), pointer }));
  const { root } = buildJsonSchemaRoot(jsonSchemaSource(model), sites, model.dialect);
  const names = plainNames(Object.keys(root.$defs));
  const refs = new Map([...names].map(([key, name]) => [`#/$defs/${fragmentSegment(key)}`, name]));
  const defs: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(root.$defs))
    defs[names.get(key)!] = rewrite(schema, refs);
  /** The schema at `pointer`: a `$ref` to a component, the converted schema itself otherwise. */
  const at = (pointer: string | undefined): Schema => {
    if (pointer === undefined) return {};
    const key = defKey(pointer);
    const name = names.get(key)!;
    const def = defs[name];
    // a kept name is a component schema's: shared by reference; an inline one is copied in
    if (key === name) return { $ref: `#/$defs/${name}` };
    return typeof def === 'object' && def !== null ? { ...(def as Schema) } : {};
  };
  return {
    defs,
    input: (op, tool) => inputSchema(op, tool, at),
    output: (op) => {
      const resolved = successSchema(model, op);
      const pointer = successMedia(op)?.schemaPointer;
      if (!pointer || !resolved || !isObjectSchema(model, resolved)) return undefined;
      const schema = at(pointer);
      return schema.$ref ? { type: 'object', allOf: [schema] } : { ...schema, type: 'object' };
    },
  };
}

/** MCP's structured content is an object: a success body schema that says so, `allOf` included. */
function isObjectSchema(model: ApiModel, schema: Record<string, unknown>): boolean {
  if (schema.type !== undefined) return schema.type === 'object';
  return Object.keys(propertiesOf(model, schema).properties).length > 0;
}

function sitePointers(op: Operation): string[] {
  const out: string[] = [];
  for (const { field } of op.names.fieldKeys)
    if (field.schemaPointer) out.push(field.schemaPointer);
  const body = op.requestBody;
  if (body && body.kind !== 'form' && body.representative?.schemaPointer)
    out.push(body.representative.schemaPointer);
  const success = successMedia(op)?.schemaPointer;
  if (success) out.push(success);
  return out;
}

function inputSchema(
  op: Operation,
  tool: AgentTool,
  at: (pointer: string | undefined) => Schema,
): ObjectSchema {
  const secret = new Set(tool.secretInputs.map((s) => s.key));
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const { key, field } of op.names.fieldKeys) {
    if (secret.has(key)) continue;
    properties[key] = annotated(at(field.schemaPointer), field.description, field.lifecycle);
    if (field.required) required.push(key);
  }
  const body = op.requestBody;
  if (body && body.kind !== 'form' && op.names.bodyKey) {
    const schema = at(body.representative?.schemaPointer);
    properties[op.names.bodyKey] = annotated(schema, body.description, undefined);
    if (body.required) required.push(op.names.bodyKey);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function annotated(schema: Schema, description: string | undefined, life: Lifecycle | undefined) {
  const notes = [
    description ?? (typeof schema.description === 'string' ? schema.description : undefined),
    life?.addedIn !== undefined ? `New in feature level ${life.addedIn}.` : undefined,
    life?.removedIn !== undefined ? `Removed in feature level ${life.removedIn}.` : undefined,
    life?.deprecated
      ? `Deprecated${life.replacedBy ? `: use ${life.replacedBy}` : ''}.`
      : undefined,
  ].filter((n): n is string => n !== undefined && n.trim() !== '');
  const out: Schema = { ...schema };
  if (notes.length > 0) out.description = toolText(notes.join('\n'), 1000);
  if (life?.deprecated) out.deprecated = true;
  return out;
}

/** `$defs` keys → plain names: a plain component name is kept, anything else numbered. */
function plainNames(keys: string[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const key of keys)
    if (PLAIN_NAME.test(key)) {
      names.set(key, key);
      taken.add(key);
    }
  let n = 0;
  for (const key of keys) {
    if (names.has(key)) continue;
    let name: string;
    do name = `s${++n}`;
    while (taken.has(name));
    names.set(key, name);
  }
  return names;
}

/**
 * A copy of a converted schema with its `$ref`s renamed and OpenAPI's `nullable` as a `null`
 * type; only schema positions are walked (an example or a default is a value, left as it is).
 */
function rewrite(node: unknown, refs: Map<string, string>): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = refs.has(value) ? `#/$defs/${refs.get(value)}` : value;
    } else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value as Schema).map(([k, v]) => [k, rewrite(v, refs)]),
      );
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = Array.isArray(value) ? value.map((v) => rewrite(v, refs)) : rewrite(value, refs);
    } else {
      out[key] = value;
    }
  }
  return nullableAsType(out);
}

function nullableAsType(schema: Schema): Schema {
  if (typeof schema.nullable !== 'boolean') return schema;
  const { nullable, ...rest } = schema;
  if (!nullable) return rest;
  if (typeof rest.type === 'string') rest.type = [rest.type, 'null'];
  else if (Array.isArray(rest.type) && !rest.type.includes('null'))
    rest.type = [...rest.type, 'null'];
  if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
  return rest;
}
