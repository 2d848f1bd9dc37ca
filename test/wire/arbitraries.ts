/**
 * fast-check generators: random WireOperations and values that fit each field, written from the
 * rules of the wire (not from the implementation), including which values a style cannot carry.
 */
import fc from 'fast-check';
import type { ScalarType, WireField, WireOperation } from '../../runtime/wire.js';

export type Target = 'query' | 'urlencoded' | 'multipart';

const SCALARS: ScalarType[] = ['string', 'integer', 'number', 'boolean', 'null'];
const ALL: ScalarType[] = [...SCALARS, 'array', 'object'];

/** Names with the characters that break naive writers: & = + % space, quotes, unicode. */
const nameArb = fc
  .string({
    unit: fc.constantFrom(...Array.from('abcxyz_-09 &=+%"\'é😀\n')),
    minLength: 1,
    maxLength: 6,
  })
  .filter((name) => !/%22|%0a|%0d/i.test(name));

/** Text with the same hazards plus JSON-looking pieces. */
export const textArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(...'a1 &=+%,[]{}":-.e\\\r\n\t'.split('')), maxLength: 10 }),
  fc.constantFrom(
    '9',
    'true',
    'false',
    'null',
    '[1]',
    '{}',
    '"x"',
    ' 1',
    '1 ',
    '-0',
    '1e5',
    '',
    'general',
  ),
);

const subset = (pool: ScalarType[]) => fc.subarray(pool, { minLength: 1 });

/** Plain text is typeless: a string that reads as a number, boolean or null the field admits is not one it can send. */
export function plainStringFits(text: string, types: ScalarType[]): boolean {
  const numberLike = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(text);
  if (numberLike && (types.includes('integer') || types.includes('number'))) return false;
  if ((text === 'true' || text === 'false') && types.includes('boolean')) return false;
  if (text === 'null' && types.includes('null')) return false;
  // A plain field that admits arrays or objects reads `[...]`/`{...}` text as JSON when it parses to one.
  if (/^[[{]/.test(text)) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (types.includes(Array.isArray(parsed) ? 'array' : 'object')) return false;
    } catch {
      // not JSON: stays text
    }
  }
  return true;
}

function scalarArb(type: ScalarType, types: ScalarType[]): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return textArb.filter((text) => plainStringFits(text, types));
    case 'integer':
      return fc.integer({ min: -1e15, max: 1e15 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
    case 'boolean':
      return fc.boolean();
    default:
      return fc.constant(null);
  }
}

const jsonArb = fc
  .jsonValue({ maxDepth: 2 })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

function jsonValueArb(types: ScalarType[]): fc.Arbitrary<unknown> {
  return fc.constantFrom(...types).chain((type) => {
    if (type === 'string') return textArb; // every string fits a json field: that is the point of the quoting rule
    if (type === 'array') return fc.array(jsonArb, { maxLength: 3 });
    if (type === 'object')
      return fc.dictionary(fc.string({ maxLength: 4 }), jsonArb, {
        maxKeys: 3,
        noNullPrototype: true,
      });
    return scalarArb(type, []);
  });
}

/** Values that fit a field and that its encoding can carry (see the comments for what it cannot). */
export function fieldValueArb(field: WireField, target: Target): fc.Arbitrary<unknown> {
  const types = field.types.length > 0 ? field.types : ALL;
  const itemTypes =
    field.itemTypes && field.itemTypes.length > 0 ? field.itemTypes : (['string'] as ScalarType[]);
  // In multipart there is no percent layer to tell an item's comma from the delimiter.
  const noComma = target === 'multipart';
  const items = fc
    .constantFrom(...itemTypes)
    .chain((type) => scalarArb(type, itemTypes))
    .filter((v) => !(noComma && String(v).includes(',')));
  switch (field.encoding) {
    case 'json':
      return jsonValueArb(types);
    case 'explode':
      return fc.array(items, { minLength: 1, maxLength: 4 }); // an empty list sends nothing
    case 'comma':
      return types.includes('array')
        ? fc.array(items, { maxLength: 4 }).filter((list) => !(list.length === 1 && list[0] === '')) // `a=` reads as []
        : fc.dictionary(
            textArb.filter((k) => !(noComma && k.includes(','))),
            items,
            { maxKeys: 3, noNullPrototype: true },
          );
    case 'deepObject':
      return fc.dictionary(textArb, items, { minKeys: 1, maxKeys: 3, noNullPrototype: true }); // {} sends nothing
    default: {
      // Plain fields of our contract that admit anything (removed parameters without a schema)
      // send arrays and objects as JSON text.
      const scalars = types.filter((type) => SCALARS.includes(type));
      const value = fc
        .constantFrom(...(field.in === 'path' && scalars.length > 0 ? scalars : types))
        .chain((type) =>
          type === 'array' || type === 'object' ? jsonValueArb([type]) : scalarArb(type, types),
        );
      // An empty path segment cannot be routed.
      return field.in === 'path' ? value.filter((v) => v !== '') : value;
    }
  }
}

function fieldArb(name: string, location: WireField['in']): fc.Arbitrary<WireField> {
  const required = location === 'path' ? fc.constant(true) : fc.boolean();
  const plain = fc
    .record({ required, types: subset(SCALARS) })
    .map((r) => ({ name, in: location, encoding: 'plain' as const, ...r }));
  if (location === 'path') return plain;
  return fc.oneof(
    plain,
    fc
      .record({ required, types: subset(ALL) })
      .map((r) => ({ name, in: location, encoding: 'json' as const, ...r })),
    fc.record({ required, itemTypes: subset(SCALARS) }).map((r) => ({
      name,
      in: location,
      encoding: 'explode' as const,
      types: ['array'] as ScalarType[],
      ...r,
    })),
    fc
      .record({
        required,
        itemTypes: subset(SCALARS),
        types: fc.constantFrom<ScalarType[]>(['array'], ['object']),
      })
      .map((r) => ({ name, in: location, encoding: 'comma' as const, ...r })),
    fc.record({ required, itemTypes: subset(SCALARS) }).map((r) => ({
      name,
      in: location,
      encoding: 'deepObject' as const,
      types: ['object'] as ScalarType[],
      ...r,
    })),
  );
}

/** Values for some fields: required ones always, optional ones sometimes. Keys in field order. */
export function valuesArb(
  fields: WireField[],
  target: Target,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      ...fields.map((field) =>
        field.required
          ? fieldValueArb(field, target)
          : fc.option(fieldValueArb(field, target), { nil: undefined }),
      ),
    )
    .map((values) => {
      const record: Record<string, unknown> = {};
      fields.forEach((field, index) => {
        if (values[index] !== undefined) record[field.name] = values[index];
      });
      return record;
    });
}

export interface Case {
  op: WireOperation;
  path: Record<string, unknown>;
  fields: Record<string, unknown>;
}

function isDotSegment(value: unknown): boolean {
  const text = Array.isArray(value) ? value.map(String).join(',') : String(value);
  return text === '.' || text === '..';
}

/** An operation whose non-path fields all travel in `target`, with values for it. */
export function caseArb(target: Target): fc.Arbitrary<Case> {
  const location = target === 'query' ? 'query' : 'body';
  return (
    fc
      .tuple(
        fc.uniqueArray(nameArb, { minLength: 0, maxLength: 5 }),
        fc.uniqueArray(fc.constantFrom('id', 'sub', 'x'), { maxLength: 2 }),
      )
      // (names have no `[`, so no field can be mistaken for a deepObject field's `name[key]`)
      .chain(([names, pathNames]) =>
        fc.tuple(
          fc.tuple(...names.map((name) => fieldArb(name, location))),
          fc.tuple(...pathNames.map((name) => fieldArb(name, 'path'))),
        ),
      )
      .chain(([fields, pathFields]) => {
        const op: WireOperation = {
          operationId: 'random',
          method: target === 'query' ? 'GET' : 'POST',
          path: '/r' + pathFields.map((field) => `/{${field.name}}`).join('') + '/end',
          fields: [...pathFields, ...fields],
          body:
            target === 'query'
              ? undefined
              : {
                  kind: 'form',
                  mediaTypes:
                    target === 'urlencoded'
                      ? ['application/x-www-form-urlencoded']
                      : ['multipart/form-data'],
                  required: false,
                },
        };
        return (
          fc
            .tuple(valuesArb(pathFields, target), valuesArb(fields, target))
            // `.` and `..` are dot segments to every URL parser, so fillPath refuses them.
            .filter(([path]) => Object.values(path).every((value) => !isDotSegment(value)))
            .map(([path, values]) => ({ op, path, fields: values }))
        );
      })
  );
}

/** Any operation at all, including nonsense, for the "never throws" property. */
export const anyOperationArb: fc.Arbitrary<WireOperation> = fc.record({
  operationId: fc.string(),
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
  path: fc.constantFrom('/a', '/a/{id}', '/{x}/{y}'),
  fields: fc.array(
    fc.record({
      name: fc.oneof(
        fc.string({ maxLength: 4 }),
        fc.constantFrom('id', 'x', 'y', 'a', '__proto__', 'constructor'),
      ),
      in: fc.constantFrom('path', 'query', 'header', 'body'),
      required: fc.boolean(),
      encoding: fc.constantFrom('plain', 'json', 'explode', 'comma', 'deepObject'),
      types: fc.subarray(ALL),
      itemTypes: fc.option(fc.subarray(ALL), { nil: undefined }),
    }),
    { maxLength: 6 },
  ),
  body: fc.option(
    fc.record({
      kind: fc.constantFrom('form', 'json', 'other'),
      mediaTypes: fc.subarray([
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/json',
        'text/plain',
      ]),
      required: fc.boolean(),
    }),
    { nil: undefined },
  ),
}) as fc.Arbitrary<WireOperation>;
