/**
 * `deepObject` fields, nested: OpenAPI defines only a flat object (`a[k]=v`); for what it leaves
 * undefined we write what the ecosystem that uses the style reads (Stripe, Rails, PHP, `qs`):
 * - nested objects: `a[k][j]=v`;
 * - arrays of scalars: `a[]=x&a[]=y` (Stripe's `expand[]=customer`); arrays holding arrays or
 *   objects: indices, `a[0][k]=v`;
 * - a scalar given for the whole field (Stripe's `created=1700000000` beside `created[gt]=…`):
 *   `a=v`;
 * - null for the whole field, an empty array and an empty object (nested ones too) send
 *   nothing; a null inside is `null`, read back as null where the schema admits it.
 * Reading back follows the field's `shape` (types at each level), so `a[0]` is an array item
 * where the schema says array and a key `0` elsewhere, and text becomes the number, boolean or
 * null the schema admits. Without a shape every leaf is a string; below a free-form value
 * (no types), every leaf is read as the most specific JSON it spells, as `plain` text is.
 */
import type { ScalarType, WireShape } from './types.js';
import { admits, admitsEveryType, coercePlain, plainText, type Coerced } from './coerce.js';
import type { InPair, OutPair } from './urlencoded.js';
import { isBlob } from '../is-object.js';

const STRINGS: WireShape = { types: ['string'] };
/** A free-form value (no types declared): what is below it is free-form too. */
const ANY: WireShape = { types: [] };

export function encodeDeep(name: string, value: unknown): OutPair[] {
  const pairs: OutPair[] = [];
  write(pairs, name, value, name);
  return pairs;
}

function write(pairs: OutPair[], key: string, value: unknown, field: string): void {
  if (value === undefined) return;
  if (Array.isArray(value)) {
    const scalars = value.every((item) => typeof item !== 'object' || item === null);
    value.forEach((item, index) => {
      if (scalars) {
        if (item !== undefined) pairs.push({ name: `${key}[]`, value: plainText(item, field) });
      } else write(pairs, `${key}[${index}]`, item, field);
    });
    return;
  }
  if (typeof value === 'object' && value !== null && !isBlob(value)) {
    for (const [k, item] of Object.entries(value)) write(pairs, `${key}[${k}]`, item, field);
    return;
  }
  pairs.push({ name: key, value: isBlob(value) ? value : plainText(value, field) });
}

/**
 * A pair's name below the field: `a[k][]` → `['k', '']`; null when it is not well formed. In a
 * flat object (OpenAPI's own deepObject) the key is all between the first `[` and the last `]`,
 * so a key may hold brackets.
 */
function pathOf(field: string, name: string, flat: boolean): string[] | null {
  const rest = name.slice(field.length);
  if (rest === '') return [];
  if (flat) return rest.length >= 2 && rest.endsWith(']') ? [rest.slice(1, -1)] : null;
  const segments: string[] = [];
  const pattern = /\[([^[\]]*)\]/y;
  let at = 0;
  while (at < rest.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(rest);
    if (!match) return null;
    segments.push(match[1]);
    at = pattern.lastIndex;
  }
  return segments;
}

/** A tree of received pairs before the shape gives it types: `''` keys are appended items. */
interface Node {
  text?: string | Blob;
  children: [string, Node][];
}

export function decodeDeep(
  field: { name: string; types: ScalarType[]; itemTypes?: ScalarType[]; shape?: WireShape },
  pairs: InPair[],
): Coerced {
  const shape = field.shape ?? flatShape(field.types, field.itemTypes);
  const flat = isFlat(shape);
  const root: Node = { children: [] };
  for (const pair of pairs) {
    const path = pathOf(field.name, pair.name, flat);
    if (path === null) return { ok: false, message: `has a malformed key \`${pair.name}\`` };
    if (!insert(root, path, pair.value))
      return { ok: false, message: `has \`${pair.name}\` both as a value and as an object` };
  }
  return read(root, shape, '');
}

/** An object of scalars only: no level below its keys. */
function isFlat(shape: WireShape): boolean {
  if (admits(shape.types, 'array') || !admits(shape.types, 'object')) return false;
  const values = [...Object.values(shape.properties ?? {}), shape.additional ?? STRINGS];
  return values.every(
    (inner) =>
      inner.types.length > 0 && !admits(inner.types, 'array') && !admits(inner.types, 'object'),
  );
}

/** A field without a shape (tables written before shapes): a flat object of `itemTypes`. */
function flatShape(types: ScalarType[], itemTypes: ScalarType[] | undefined): WireShape {
  const values = { types: itemTypes ?? ['string'] };
  return { types, items: values, additional: values };
}

function insert(node: Node, path: string[], value: string | Blob): boolean {
  if (path.length === 0) {
    if (node.text !== undefined || node.children.length > 0) return false;
    node.text = value;
    return true;
  }
  if (node.text !== undefined) return false;
  const [key, ...rest] = path;
  let child = key === '' ? undefined : node.children.find(([k]) => k === key)?.[1];
  if (child === undefined) {
    child = { children: [] };
    node.children.push([key, child]);
  }
  return insert(child, rest, value);
}

function read(node: Node, shape: WireShape, at: string): Coerced {
  if (node.text !== undefined) {
    if (typeof node.text !== 'string') return { ok: true, value: node.text };
    const value = coercePlain(node.text, shape.types);
    return value.ok || at === '' ? value : { ok: false, message: `${at}: ${value.message}` };
  }
  const keys = node.children.map(([key]) => key);
  const indexed = keys.every((key) => key === '' || /^(0|[1-9][0-9]*)$/.test(key));
  if (admits(shape.types, 'array') && (indexed || !admits(shape.types, 'object')))
    return readArray(node, shape.items ?? below(shape), at);
  const object: Record<string, unknown> = {};
  for (const [key, child] of node.children) {
    const inner = shape.properties?.[key] ?? shape.additional ?? below(shape);
    const value = read(child, inner, `${at}[${key}]`);
    if (!value.ok) return value;
    Object.defineProperty(object, key, {
      value: value.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { ok: true, value: object };
}

/** The shape of what a shape does not describe: free-form under free-form, else strings. */
function below(shape: WireShape): WireShape {
  return admitsEveryType(shape.types) ? ANY : STRINGS;
}

function readArray(node: Node, items: WireShape, at: string): Coerced {
  const numbered = node.children.every(([key]) => key !== '');
  const ordered = numbered
    ? [...node.children].sort(([a], [b]) => Number(a) - Number(b))
    : node.children;
  const values: unknown[] = [];
  for (const [key, child] of ordered) {
    const value = read(child, items, `${at}[${key}]`);
    if (!value.ok) return value;
    values.push(value.value);
  }
  return { ok: true, value: values };
}
