/**
 * From a method's one parameters object to the wire model's groups, and back to the fields a
 * call uses (for the feature-level and deprecation checks).
 */
import type { FieldInfo, OperationInfo } from './operation-info.js';
import type { RequestParts } from './client-request.js';
import { splitInput, type FieldIndexes } from './wire.js';

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * How a method's one parameters object maps onto the operation's fields. By default each key is
 * a field name; the generator passes a layout only when that does not hold.
 */
export interface ParamsLayout {
  /** the key holding the whole request body, for bodies that are not forms (JSON, text, bytes) */
  body?: string;
  /** keys that are not the field name (two fields sharing a name), by `<in>:<name>` */
  keys?: Record<string, string>;
}

/**
 * Sorts a method's flattened parameters into locations: the wire model's `splitInput`, after
 * taking out what the layout names (the whole body of a non-form body; renamed keys). A name the
 * operation lacks is sent like its other parameters (the API reports it back as ignored).
 */
export function splitParams(
  op: OperationInfo,
  params: unknown,
  layout: ParamsLayout,
  fieldIndexes?: FieldIndexes,
): RequestParts {
  if (
    params !== undefined &&
    (typeof params !== 'object' || params === null || Array.isArray(params))
  ) {
    throw new TypeError(`${op.operationId}: parameters must be an object`);
  }
  const rest: Record<string, unknown> = {};
  const renamed = layout.keys
    ? new Map(Object.entries(layout.keys).map(([where, key]) => [key, where]))
    : NONE;
  const moved: [string, string, unknown][] = [];
  let body: unknown;
  const given = (params ?? {}) as Record<string, unknown>;
  for (const key in given) {
    const value = given[key];
    if (value === undefined || !Object.hasOwn(given, key)) continue;
    if (layout.body !== undefined && key === layout.body) body = value;
    else if (renamed.has(key)) {
      const [where, ...name] = renamed.get(key)!.split(':');
      moved.push([where, name.join(':'), value]);
    } else rest[key] = value;
  }
  const split = splitInput(op, rest, fieldIndexes);
  const parts: RequestParts = {
    path: split.path,
    query: split.query,
    header: split.headers,
    body: split.body,
  };
  for (const [where, name, value] of moved) {
    const group =
      where === 'body'
        ? ((parts.body ??= {}) as Record<string, unknown>)
        : (parts[where as 'path' | 'query' | 'header'] ??= {});
    group[name] = value;
  }
  if (layout.body !== undefined) parts.body = body;
  // A required form body goes out even when empty; the wire model drops an empty optional one.
  else if (op.body?.kind === 'form') parts.body ??= {};
  return parts;
}

/** The fields a path-style call passes, for the checks. */
export function givenFields(op: OperationInfo, parts: RequestParts): Map<FieldInfo, unknown> {
  const given = new Map<FieldInfo, unknown>();
  const formBody = op.body?.kind === 'form' ? parts.body : undefined;
  for (const field of op.fields) {
    const group = field.in === 'body' ? formBody : parts[field.in as 'path' | 'query' | 'header'];
    if (
      group &&
      typeof group === 'object' &&
      (group as Record<string, unknown>)[field.name] !== undefined
    ) {
      given.set(field, (group as Record<string, unknown>)[field.name]);
    }
  }
  return given;
}
