/**
 * The document as the JSON Schema converter (generator/schema/) reads it to build the validators'
 * schema root: the schemas where they are, reached by the pointers the model recorded
 * (`schemaPointer` of parameters, bodies and responses, `pointer` of named schemas). The
 * converter never walks operations itself; it only copies and rewrites schemas.
 */
import { opaqueDocument, openDocument, type OpaqueDocument } from '../document.js';
import { getAt, parsePointer } from '../../common/pointer.js';
import type { ApiModel } from '../types.js';

export function jsonSchemaSource(model: ApiModel): Record<string, unknown> {
  return openDocument(model.document) as unknown as Record<string, unknown>;
}

/**
 * The part of the document the JSON Schema converter reads from `pointers` (schema/json-schema.ts:
 * the node at each pointer, then at each `$ref` inside it, and so on): those nodes, shared, at
 * their places in fresh containers: what a thread that only makes the validators is sent
 * instead of the whole document (validator-targets.ts, `validatorsSlice`). Any `$ref` string counts (one inside an example too: a node
 * more is harmless). A pointer to the whole document keeps it whole.
 */
export function jsonSchemaSourcePart(model: ApiModel, pointers: string[]): OpaqueDocument {
  const document = openDocument(model.document) as unknown as Record<string, unknown>;
  const part: Record<string, unknown> = {};
  /** the containers made here (anything else in `part` is the document's own node) */
  const made = new Set<object>([part]);
  const seen = new Set<string>();
  const pending = [...pointers];
  for (let next = 0; next < pending.length; next++) {
    const ptr = pending[next];
    if (seen.has(ptr)) continue;
    seen.add(ptr);
    let segments: string[];
    try {
      segments = parsePointer(ptr);
    } catch {
      continue; // the converter meets the same error on the part
    }
    if (segments.length === 0) return model.document;
    const value = getAt(document, segments);
    if (value === undefined) continue;
    let at: Record<string, unknown> = part;
    let inside = false;
    for (const segment of segments.slice(0, -1)) {
      const child = at[segment];
      if (child === undefined) {
        const fresh = {};
        made.add(fresh);
        at[segment] = fresh;
        at = fresh;
      } else if (made.has(child as object)) {
        at = child as Record<string, unknown>;
      } else {
        inside = true; // an ancestor is there already, this node with it
        break;
      }
    }
    if (inside) continue;
    at[segments[segments.length - 1]] = value;
    pending.push(...refsIn(value));
  }
  return opaqueDocument(part as never);
}

/** Every `$ref` string starting with `#` under `node`. */
export function refsIn(node: unknown): string[] {
  const out: string[] = [];
  const stack = [node];
  const visited = new Set<object>();
  while (stack.length > 0) {
    const at = stack.pop();
    if (at === null || typeof at !== 'object' || visited.has(at)) continue;
    visited.add(at);
    if (Array.isArray(at)) {
      for (const item of at) stack.push(item);
      continue;
    }
    for (const [key, value] of Object.entries(at)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#')) out.push(value);
      else if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
  return out;
}
