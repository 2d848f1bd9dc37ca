/**
 * The types at each level of a `deepObject` parameter's value (runtime/wire `WireShape`), read
 * off its schema through `$ref`s, `allOf` and unions, so the wire model can read `a[0][n]=1`
 * back as the array of objects holding a number the schema describes. Bounded in depth: below
 * it every value is read as the schema's top-level types say (strings when unknown).
 */
import type { WireShape } from '../../runtime/wire.js';
import { admittedTypes, deref } from './schema-facts.js';

const MAX_DEPTH = 6;

export function wireShape(document: unknown, schema: unknown, depth = 0): WireShape {
  const shape: WireShape = { types: admittedTypes(document, schema) };
  if (depth >= MAX_DEPTH) return shape;
  const parts = members(document, schema, 0);
  const items = parts.find((part) => part.items !== undefined)?.items;
  if (items !== undefined) shape.items = wireShape(document, items, depth + 1);
  const properties: Record<string, WireShape> = {};
  for (const part of parts) {
    const declared = part.properties;
    if (!declared || typeof declared !== 'object') continue;
    for (const [name, inner] of Object.entries(declared)) {
      if (!Object.hasOwn(properties, name))
        Object.defineProperty(properties, name, {
          value: wireShape(document, inner, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
  }
  if (Object.keys(properties).length > 0) shape.properties = properties;
  const extra = parts.find(
    (part) => typeof part.additionalProperties === 'object',
  )?.additionalProperties;
  if (extra) shape.additional = wireShape(document, extra, depth + 1);
  else if (freeForm(parts, shape)) shape.additional = { types: [] };
  return shape;
}

/** An object that takes any property: `additionalProperties: true`, or no properties at all. */
function freeForm(parts: Record<string, unknown>[], shape: WireShape): boolean {
  if (!shape.types.includes('object')) return false;
  if (parts.some((part) => part.additionalProperties === true)) return true;
  return shape.properties === undefined && parts.every((p) => p.additionalProperties !== false);
}

/** The schema and every member of its `allOf`, `oneOf` and `anyOf`, dereferenced. */
function members(document: unknown, schema: unknown, depth: number): Record<string, unknown>[] {
  const s = deref(document, schema);
  if (!s || depth > 8) return [];
  const out = [s];
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const list = s[key];
    if (Array.isArray(list)) for (const m of list) out.push(...members(document, m, depth + 1));
  }
  return out;
}
