/**
 * `$ref`s that openapi-typescript cannot type, rewritten in the copy of the document it is given.
 *
 * openapi-typescript turns a `$ref` into an indexed access on its own output types:
 * `#/components/schemas/Pet` → `components["schemas"]["Pet"]`, which is right. A `$ref` anywhere
 * else — into an operation (`#/paths/~1pets/get/responses/200/content/application~1json/schema/
 * properties/owner`) or into a schema (`#/components/schemas/Pet/properties/owner`) — becomes an
 * access through keys its types do not have (`schema`, `properties`, an array index of
 * `parameters`, an optional `requestBody`), which does not compile (about half of the breadth/
 * documents whose openapi-typescript output fails `tsc --strict`; bench/results/breadth.md).
 *
 * The fix keeps the meaning and changes only the address:
 * - a schema `$ref` to a place other than a component schema: the schema found there becomes a
 *   component schema of its own under a reserved name, and every such `$ref` points to it (a
 *   copy, not an inline, so recursive schemas stay finite);
 * - a parameter / request body / response / header `$ref` to a place other than a component of
 *   its kind: replaced by a copy of its target (these are never recursive).
 * Only types.ts sees this copy; validators and the model work from the document itself.
 */
import { escapeSegment, getAt, parsePointer, pointer } from '../../common/pointer.js';
import { SCHEMA_MAPS, SCHEMA_VALUES, collectSchemaSites } from '../schema-sites.js';
import { isObject } from '../../../runtime/is-object.js';

/** Prefix of the component names made here; the types emitter gives them no root-type export. */
export const HOISTED_PREFIX = '__ref_';

type Json = Record<string, unknown>;

/** Canonical spelling of a local pointer (percent-decoded, re-escaped), or undefined if it is not one. */
function canonical(ref: string): string | undefined {
  if (!ref.startsWith('#/')) return undefined;
  try {
    return pointer(...parsePointer(ref));
  } catch {
    return undefined;
  }
}

/** Rewrites `document` in place (pass a copy); returns the names of the component schemas it added. */
export function rewriteDeepRefs(document: Json): string[] {
  inlineDeepObjectRefs(document);
  return hoistDeepSchemaRefs(document);
}

/** Parameters, request bodies, responses and headers referenced anywhere but their component map. */
function inlineDeepObjectRefs(document: Json): void {
  const resolve = (value: unknown, kind: string): unknown => {
    // A chain of refs (a ref to a ref) is followed to its end; a loop is left alone.
    for (let depth = 0; depth < 16 && isObject(value) && typeof value.$ref === 'string'; depth++) {
      const ref = canonical(value.$ref);
      if (!ref || new RegExp(`^#/components/${kind}/[^/]+$`).test(ref)) return value;
      const target = getAt(document, ref);
      if (target === undefined) return value;
      value = structuredClone(target);
    }
    return value;
  };
  const parameters = (list: unknown) => {
    if (Array.isArray(list)) list.forEach((p, i) => (list[i] = resolve(p, 'parameters')));
  };
  const response = (res: unknown): unknown => {
    const out = resolve(res, 'responses');
    if (isObject(out) && isObject(out.headers)) {
      for (const name of Object.keys(out.headers))
        out.headers[name] = resolve(out.headers[name], 'headers');
    }
    return out;
  };
  const components = isObject(document.components) ? document.components : {};
  for (const [kind, fix] of [
    ['parameters', (v: unknown) => resolve(v, 'parameters')],
    ['requestBodies', (v: unknown) => resolve(v, 'requestBodies')],
    ['responses', response],
    ['headers', (v: unknown) => resolve(v, 'headers')],
  ] as const) {
    const map = components[kind];
    if (isObject(map)) for (const name of Object.keys(map)) map[name] = fix(map[name]);
  }
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    parameters(item.parameters);
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters' || method.startsWith('x-') || !isObject(op)) continue;
      parameters(op.parameters);
      if (op.requestBody !== undefined) op.requestBody = resolve(op.requestBody, 'requestBodies');
      if (isObject(op.responses))
        for (const status of Object.keys(op.responses))
          op.responses[status] = response(op.responses[status]);
    }
  }
}

function hoistDeepSchemaRefs(document: Json): string[] {
  const components = (
    isObject(document.components) ? document.components : (document.components = {})
  ) as Json;
  const schemas = (
    isObject(components.schemas) ? components.schemas : (components.schemas = {})
  ) as Json;
  const nameOf = new Map<string, string>();
  const queue: unknown[] = collectSchemaSites(document).map((site) =>
    getAt(document, site.pointer),
  );

  const hoist = (ref: string): string | undefined => {
    const at = canonical(ref);
    if (!at || /^#\/components\/schemas\/[^/]+$/.test(at)) return undefined;
    let name = nameOf.get(at);
    if (name === undefined) {
      const target = getAt(document, at);
      if (target === undefined) return undefined;
      const stem =
        HOISTED_PREFIX +
        parsePointer(at)
          .join('_')
          .replace(/[^A-Za-z0-9_]+/g, '_')
          .slice(0, 120);
      name = stem;
      for (let i = 2; name in schemas; i++) name = `${stem}_${i}`;
      nameOf.set(at, name);
      // A copy: the original stays where it is (and is rewritten there too if it is a site).
      const copy = structuredClone(target);
      schemas[name] = copy;
      queue.push(copy);
    }
    return `#/components/schemas/${escapeSegment(name)}`;
  };

  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string') {
      const to = hoist(node.$ref);
      if (to) node.$ref = to;
    }
    for (const [key, value] of Object.entries(node)) {
      if (SCHEMA_MAPS.has(key) && isObject(value)) Object.values(value).forEach(visit);
      else if (SCHEMA_VALUES.has(key)) visit(value);
    }
  };
  while (queue.length > 0) visit(queue.shift());
  return [...nameOf.values()];
}
