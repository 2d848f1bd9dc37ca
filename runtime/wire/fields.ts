/**
 * Parameters to `name=value` pairs and back, by each field's encoding. The same pairs feed a
 * query string, an urlencoded body or a multipart body, so the three cannot disagree.
 *
 * `explode`, `comma` and `deepObject` follow OpenAPI 3's `form` and `deepObject` styles for
 * documents other than ours (our contract sends arrays and objects as one JSON field):
 * `a=1&a=2`, `a=1,2` (items percent-encoded one by one around a literal `,`, as RFC 6570 does),
 * `a[k]=v`. Known ambiguities of those styles, left as the styles define them: an empty
 * `explode` array sends nothing, a `comma` list of one empty string reads back as `[]`, and in
 * multipart (no percent layer) a `comma` item's own comma cannot be told from the delimiter.
 */
import type { FieldIndex, FieldIndexes, FieldsByLocation, ScalarType, WireField } from './types.js';

export type { FieldIndex, FieldIndexes, FieldsByLocation };
import { isBlob, isObject } from '../is-object.js';
import { admits, coercePlain, coerceText, fieldText, plainText } from './coerce.js';
import { decodeDeep, encodeDeep } from './deep-object.js';
import {
  decodeFormComponent,
  encodeFormComponent,
  type InPair,
  type OutPair,
} from './urlencoded.js';

const STRINGS: ScalarType[] = ['string'];

/**
 * The delimiters of `comma` fields (form, spaceDelimited, pipeDelimited without explode), as
 * written between items that are percent-encoded one by one: a literal `,` or `|` (RFC 6570,
 * OpenAPI's examples), and `%20` for a space, since a literal space cannot be in a URL (an
 * item's own space is `+`, so items with spaces are carried too).
 */
const DELIMITERS: Record<string, { text: string; encoded: string }> = {
  ',': { text: ',', encoded: ',' },
  ' ': { text: ' ', encoded: '%20' },
  '|': { text: '|', encoded: '|' },
};

export function indexFields(fields: readonly WireField[]): FieldIndex {
  const index: FieldIndex = {
    path: [],
    query: [],
    header: [],
    body: [],
    count: fields.length,
    byName: namedMap(fields),
    namedIn: { path: new Map(), query: new Map(), header: new Map(), body: new Map() },
  };
  for (const field of fields) {
    index[field.in]?.push(field);
    const named = index.namedIn[field.in];
    if (named && !named.has(field.name)) named.set(field.name, field);
  }
  return index;
}

/**
 * The field indexes of the operations one client, listener or mock works with, built once per
 * operation rather than per request. Each instance makes its own (no state shared between
 * instances or kept by this module); an operation whose field list was replaced or changed
 * length is indexed again.
 */
export function createFieldIndexes(): FieldIndexes {
  const byOperation = new WeakMap<object, { fields: readonly WireField[]; index: FieldIndex }>();
  return (op) => {
    const known = byOperation.get(op);
    if (known && known.fields === op.fields && known.index.count === op.fields.length)
      return known.index;
    const index = indexFields(op.fields);
    byOperation.set(op, { fields: op.fields, index });
    return index;
  };
}

function namedMap(fields: readonly WireField[]): Map<string, WireField> {
  const map = new Map<string, WireField>();
  for (const field of fields) if (!map.has(field.name)) map.set(field.name, field);
  return map;
}

/** Pairs for the values of one location, in the order of the values' keys. */
export function encodeFields(
  fields: readonly WireField[],
  values: Record<string, unknown>,
  byName: Map<string, WireField> = namedMap(fields),
): OutPair[] {
  const pairs: OutPair[] = [];
  for (const name in values) {
    if (!Object.hasOwn(values, name)) continue;
    const value = values[name];
    if (value === undefined) continue;
    // A name the operation lacks still goes out (servers report it as ignored), as a client would
    // send it: scalars as text, arrays and objects as JSON.
    const field = byName.get(name) ?? {
      name,
      in: 'query',
      required: false,
      encoding: 'plain',
      types: [],
    };
    const encoded = encodeField(field, value);
    if (encoded.length === 1) pairs.push(encoded[0]);
    else pairs.push(...encoded);
  }
  return pairs;
}

function encodeField(field: WireField, value: unknown): OutPair[] {
  const { name } = field;
  if (isBlob(value)) return [{ name, value }];
  // The form and deepObject styles have no spelling for null: like undefined, nothing is sent.
  if (value === null && field.encoding !== 'plain' && field.encoding !== 'json') return [];
  switch (field.encoding) {
    case 'plain':
    case 'json':
      return [{ name, value: fieldText(field, value) }];
    case 'explode':
      if (Array.isArray(value))
        return value.map((item) => ({ name, value: isBlob(item) ? item : plainText(item, name) }));
      // OpenAPI's form style, exploded: an object's properties travel as fields of their own.
      if (isPlainObject(value))
        return Object.entries(value)
          .filter(([, item]) => item !== undefined)
          .map(([key, item]) => ({ name: key, value: plainText(item, name) }));
      return [{ name, value: plainText(value, name) }];
    case 'comma': {
      const items = Array.isArray(value)
        ? value.map((item) => plainText(item, name))
        : isPlainObject(value)
          ? Object.entries(value).flatMap(([key, item]) => [key, plainText(item, name)])
          : [plainText(value, name)];
      const { text, encoded } = DELIMITERS[field.delimiter ?? ','];
      return [
        {
          name,
          value: items.join(text),
          encodedValue: items.map(encodeFormComponent).join(encoded),
        },
      ];
    }
    case 'deepObject':
      return encodeDeep(name, value);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return isObject(value) && !isBlob(value);
}

/** Where pairs came from, for messages and for telling unknown names apart. */
export interface PairSource {
  location: 'query' | 'body';
  pairs: InPair[];
  /** indexes of pairs a field took */
  used: Set<number>;
  /** the pairs' indexes by name, filled on first use by decodeFields */
  byName?: Map<string, number[]>;
}

export interface FieldsDecoded {
  values: Record<string, unknown>;
  errors: { field: string; message: string }[];
}

/**
 * Values of `fields`, each taken from the first source that has it (its declared place first;
 * the other place only under lenientLocation). Marks the pairs it takes as used.
 */
export function decodeFields(fields: readonly WireField[], sources: PairSource[]): FieldsDecoded {
  const values: Record<string, unknown> = {};
  const errors: { field: string; message: string }[] = [];
  for (const field of fields) {
    let found = false;
    for (const source of sources) {
      const indexes = isExplodedObject(field)
        ? propertyIndexes(field, source)
        : pairIndexes(field, source);
      if (indexes === undefined) continue;
      for (const index of indexes) source.used.add(index);
      const result = decodeField(
        field,
        indexes.map((index) => source.pairs[index]),
      );
      if (result.ok) values[field.name] = result.value;
      else errors.push({ field: field.name, message: `\`${field.name}\` ${result.message}` });
      found = true;
      break;
    }
    if (found || !field.required) continue;
    const empty = emptyValue(field);
    if (empty !== undefined) values[field.name] = empty;
    else errors.push({ field: field.name, message: `\`${field.name}\` is required` });
  }
  return { values, errors };
}

/**
 * What a required field's absence stands for when its style sends an empty value as nothing:
 * an empty exploded array, an empty deepObject.
 */
function emptyValue(field: WireField): unknown[] | Record<string, never> | undefined {
  if (field.encoding !== 'explode' && field.encoding !== 'deepObject') return undefined;
  if (isExplodedObject(field) && field.types.length > 0) return {};
  if (admits(field.types, 'array') && field.types.length > 0 && field.encoding === 'explode')
    return [];
  if (field.encoding === 'deepObject' && field.types.length > 0) {
    if (admits(field.types, 'object')) return {};
    if (admits(field.types, 'array')) return [];
  }
  return undefined;
}

/**
 * A form-style exploded object: its properties are fields of their own (`R=1&G=2`). The one
 * test of it: the generator decides collisions and shapes by it too (model/wire-collisions.ts).
 */
export function isExplodedObject(field: Pick<WireField, 'encoding' | 'types'>): boolean {
  return (
    field.encoding === 'explode' && admits(field.types, 'object') && !admits(field.types, 'array')
  );
}

/**
 * The pairs of an exploded object: those named as its declared properties, and for one that
 * takes any property, every pair of its own place not taken yet. Such an object is the only
 * field of its place: the generator sends one that shares a name with another field as a
 * deepObject (model/wire-collisions.ts), so no pair there is another field's to claim. The
 * other place (read under lenientLocation) holds its own fields' pairs: only declared names.
 */
function propertyIndexes(field: WireField, source: PairSource): number[] | undefined {
  const declared = field.shape?.properties ?? {};
  const freeForm =
    source.location === field.in &&
    (field.shape === undefined || field.shape.additional !== undefined);
  const indexes: number[] = [];
  source.pairs.forEach((pair, index) => {
    if (source.used.has(index)) return;
    if (freeForm || Object.hasOwn(declared, pair.name)) indexes.push(index);
  });
  return indexes.length > 0 ? indexes : undefined;
}

/**
 * The indexes of the pairs that belong to `field`, or undefined when none do. A deepObject
 * leaves out the names the generator gave to the fields spelled that way (`leaves`:
 * `filter[record_type]` beside a deepObject `filter`, model/wire-collisions.ts).
 */
function pairIndexes(field: WireField, source: PairSource): number[] | undefined {
  if (field.encoding !== 'deepObject') return pairsByName(source).get(field.name);
  const indexes: number[] = [];
  const prefix = field.name + '[';
  const named = pairsByName(source);
  const taken = new Set<number>();
  for (const name of field.leaves ?? [])
    for (const index of named.get(name) ?? []) taken.add(index);
  source.pairs.forEach((pair, index) => {
    if (taken.has(index)) return;
    if (pair.name === field.name || (pair.name.startsWith(prefix) && pair.name.endsWith(']')))
      indexes.push(index);
  });
  return indexes.length > 0 ? indexes : undefined;
}

/** A source's pair indexes by name, built once per source instead of a scan per field. */
function pairsByName(source: PairSource): Map<string, number[]> {
  if (source.byName === undefined) {
    const byName = new Map<string, number[]>();
    source.pairs.forEach((pair, index) => {
      const list = byName.get(pair.name);
      if (list) list.push(index);
      else byName.set(pair.name, [index]);
    });
    source.byName = byName;
  }
  return source.byName;
}

type Decoded = { ok: true; value: unknown } | { ok: false; message: string };

function decodeField(field: WireField, pairs: InPair[]): Decoded {
  const itemTypes = field.itemTypes ?? STRINGS;
  const files = pairs.filter((pair) => isBlob(pair.value));
  // A file part is passed through as it came; there is no text to read.
  if (files.length > 0 && field.encoding !== 'explode' && field.encoding !== 'deepObject') {
    return pairs.length === 1 ? { ok: true, value: pairs[0].value } : tooMany(pairs.length);
  }
  switch (field.encoding) {
    case 'plain':
    case 'json':
      if (pairs.length > 1) return tooMany(pairs.length);
      return coerceText(field, pairs[0].value as string);
    case 'explode': {
      if (isExplodedObject(field)) return decodeProperties(field, pairs);
      if (!admits(field.types, 'array')) {
        return pairs.length > 1
          ? tooMany(pairs.length)
          : coercePlain(pairs[0].value as string, field.types);
      }
      return decodeItems(
        pairs.map((pair) => pair.value),
        itemTypes,
      );
    }
    case 'comma': {
      if (pairs.length > 1) return tooMany(pairs.length);
      const pair = pairs[0];
      const text = pair.value as string;
      if (!admits(field.types, 'array') && !admits(field.types, 'object'))
        return coercePlain(text, field.types);
      // Split the undecoded text on its literal delimiters, so an item's own `%2C` stays in it.
      const { text: delimiter, encoded } = DELIMITERS[field.delimiter ?? ','];
      const items =
        text === ''
          ? []
          : pair.raw !== undefined
            ? splitRaw(pair.raw, encoded)
            : text.split(delimiter);
      if (admits(field.types, 'array')) {
        return decodeItems(items, itemTypes);
      }
      if (items.length % 2 !== 0)
        return { ok: false, message: 'expected comma-separated key,value pairs' };
      const object: Record<string, unknown> = {};
      for (let i = 0; i < items.length; i += 2) {
        const item = coercePlain(items[i + 1], itemTypes);
        if (!item.ok) return { ok: false, message: `[${items[i]}]: ${item.message}` };
        defineEntry(object, items[i], item.value);
      }
      return { ok: true, value: object };
    }
    case 'deepObject':
      return decodeDeep(field, pairs);
  }
}

function decodeProperties(field: WireField, pairs: InPair[]): Decoded {
  const object: Record<string, unknown> = {};
  for (const pair of pairs) {
    const shape = field.shape?.properties?.[pair.name] ?? field.shape?.additional;
    const item = coercePlain(pair.value as string, shape?.types ?? field.itemTypes ?? STRINGS);
    if (!item.ok) return { ok: false, message: `[${pair.name}]: ${item.message}` };
    defineEntry(object, pair.name, item.value);
  }
  return { ok: true, value: object };
}

function splitRaw(raw: string, delimiter: string): string[] {
  return (delimiter === '%20' ? raw.split(/%20/i) : raw.split(delimiter)).map(decodeFormComponent);
}

/** Each item coerced to `itemTypes` (a file part kept as it is); the first failure names its index. */
export function decodeItems(items: Array<string | Blob>, itemTypes: ScalarType[]): Decoded {
  const values: unknown[] = [];
  for (const [index, item] of items.entries()) {
    if (isBlob(item)) {
      values.push(item);
      continue;
    }
    const value = coercePlain(item, itemTypes);
    if (!value.ok) return { ok: false, message: `[${index}]: ${value.message}` };
    values.push(value.value);
  }
  return { ok: true, value: values };
}

/** Sets a key even when it is `__proto__`: a request must not reach the prototype. */
function defineEntry(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function tooMany(count: number): Decoded {
  return { ok: false, message: `was given ${count} times; it takes one value` };
}
