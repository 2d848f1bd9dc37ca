/**
 * What the wire cannot carry, typed out of the typescript view (typescript.ts) as the model
 * decided it: `null` for a required parameter or form-body field whose style writes null as
 * nothing (`nullNotSent`), and a deepObject's property sent under another parameter's name
 * (`leaves`, model/wire-collisions.ts). Every edit is made on a copy of what it changes, so a
 * component that other places use keeps its type there.
 */
import { getAt } from '../../common/pointer.js';
import { isObject } from '../../../runtime/is-object.js';
import { realPointer } from '../real-pointer.js';
import type { Operation, Parameter } from '../types.js';

type Node = Record<string, unknown>;

/**
 * A path, query, header or cookie parameter: `null` where the parameter object is (a
 * component's holds for every use: it depends on the parameter alone), left properties at its
 * place in the operation's list (they depend on the parameters beside it).
 */
export function typeParameterOut(
  copy: unknown,
  document: unknown,
  op: Operation,
  p: Parameter,
): void {
  if (p.nullNotSent) {
    const at = realPointer(document, p.pointer);
    const param = at === undefined ? undefined : getAt(copy, at);
    const schema = isObject(param) ? ownSchema(copy, param) : undefined;
    if (schema) dropNull(schema);
  }
  if (p.leaves) {
    const param = ownParameter(copy, op, p.pointer);
    const schema = param ? ownSchema(copy, param) : undefined;
    if (schema) dropLeftProperties(schema, p.name, p.leaves);
  }
}

/** A form body's field, in each of the body's media types. */
export function typeBodyFieldOut(
  copy: unknown,
  document: unknown,
  op: Operation,
  p: Parameter,
): void {
  if (!p.nullNotSent && !p.leaves) return;
  for (const media of op.requestBody?.mediaTypes ?? []) {
    const at = realPointer(document, media.pointer);
    const holder = at === undefined ? undefined : getAt(copy, at);
    if (!isObject(holder)) continue;
    const body = ownSchema(copy, holder);
    const properties = body?.properties;
    if (!body || !isObject(properties)) continue;
    // A field the schema gets through `allOf` keeps its type as written.
    if (!Object.hasOwn(properties, p.name)) continue;
    const field: Node = { schema: properties[p.name] };
    const schema = ownSchema(copy, field);
    if (!schema) continue;
    if (p.nullNotSent) dropNull(schema);
    if (p.leaves) dropLeftProperties(schema, p.name, p.leaves);
    body.properties = { ...properties };
    Object.defineProperty(body.properties, p.name, {
      value: schema,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

/**
 * The parameter object at `pointer` in the operation's (or path item's) list, to edit for this
 * use alone: a `$ref` there becomes a copy of the component it names. A path item's entry is
 * shared by every operation under the path, so it stays as it is: the operation gets an edited
 * copy in its own list, which overrides it by name and location (OpenAPI's rule).
 */
function ownParameter(copy: unknown, op: Operation, pointer: string): Node | undefined {
  const entry = getAt(copy, pointer);
  if (!isObject(entry)) return undefined;
  const shared = !pointer.startsWith(`${op.pointer}/`);
  const own = shared ? { ...entry } : entry;
  const ref = own.$ref;
  if (typeof ref === 'string' && ref.startsWith('#')) {
    const target = getAt(copy, ref);
    if (!isObject(target) || typeof target.$ref === 'string') return undefined;
    delete own.$ref;
    Object.assign(own, target);
  }
  return shared && !addToOperation(copy, op, own) ? undefined : own;
}

/** `param` appended to a new copy of the operation's `parameters`; false without the operation. */
function addToOperation(copy: unknown, op: Operation, param: Node): boolean {
  const operation = getAt(copy, op.pointer);
  if (!isObject(operation)) return false;
  const list = Array.isArray(operation.parameters) ? operation.parameters : [];
  operation.parameters = [...(list as unknown[]), param];
  return true;
}

/**
 * `holder.schema` replaced by a shallow copy to edit (of its target, for a `$ref`); undefined
 * when there is no schema object there.
 */
function ownSchema(copy: unknown, holder: Node): Node | undefined {
  let schema = holder.schema;
  if (isObject(schema) && typeof schema.$ref === 'string' && schema.$ref.startsWith('#'))
    schema = getAt(copy, schema.$ref);
  if (!isObject(schema)) return undefined;
  const own = { ...schema };
  holder.schema = own;
  return own;
}

/** `nullable`, a `null` in `type` and `{type: null}` branches go. */
function dropNull(schema: Node): void {
  delete schema.nullable;
  if (Array.isArray(schema.type)) schema.type = schema.type.filter((t) => t !== 'null');
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches))
      schema[key] = branches.filter((b) => !(isObject(b) && b.type === 'null'));
  }
}

/** The declared properties sent as `name[key]` where that name is another parameter's. */
function dropLeftProperties(schema: Node, name: string, leaves: string[]): void {
  const properties = schema.properties;
  if (!isObject(properties)) return;
  const left = Object.keys(properties).filter((key) => leaves.includes(`${name}[${key}]`));
  if (left.length === 0) return;
  schema.properties = Object.fromEntries(
    Object.entries(properties).filter(([key]) => !left.includes(key)),
  );
  if (Array.isArray(schema.required))
    schema.required = schema.required.filter((key) => !left.includes(key as string));
}
