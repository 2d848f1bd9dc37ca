/**
 * `x-pagination` of an operation (defined in openapi/README.md), read and checked once: the
 * client's `paginate`, the query factories' infinite queries and the docs print what this
 * returns, and nothing else reads the extension. A wrong extension is a contract problem at its
 * place (a misspelt key, a parameter the operation lacks, a field its success answer does not
 * have, a limit that is no limit), never a walk that silently does something else.
 *
 * The answer's fields are JSON pointers into the schema of the operation's first JSON success
 * answer (`/messages`; `''` for a body that is itself the array), an item's into the schema of
 * those items. Parameters are named as in the contract; the client emitter looks their
 * parameters-object keys up in the model's names.
 */
import type { ContractProblem } from '../common/contract-error.js';
import { childPointer, parsePointer } from '../common/pointer.js';
import type { ValuePath } from '../../runtime/client-paging.js';
import { isJsonMediaType } from './media.js';
import { admittedTypes, collectProperties, deref, enumValues } from './schema-facts.js';
import type { Operation, Pagination, ScalarType } from './types.js';
import { isObject } from '../../runtime/is-object.js';

export const PAGINATION_EXTENSION = 'x-pagination';
const CLAUSE = "tms-gen's extensions, defined in openapi/README.md (not the specification)";

type Json = Record<string, unknown>;
type Kind = 'param' | 'integer param' | 'answer' | 'item' | 'number' | 'text';

/** The members of each style's object, and what each must be. */
const STYLES: Record<string, Record<string, Kind>> = {
  anchor: {
    param: 'param',
    before: 'integer param',
    after: 'integer param',
    include: 'param',
    newest: 'text',
    oldest: 'text',
    foundNewest: 'answer',
    foundOldest: 'answer',
  },
  cursor: { param: 'param', next: 'answer', fromItem: 'item', hasMore: 'answer' },
  offset: { param: 'integer param', total: 'answer' },
  page: { param: 'integer param', first: 'number', totalPages: 'answer' },
  link: {},
};
const REQUIRED: Record<string, string[]> = {
  anchor: ['param', 'before', 'after', 'newest', 'oldest', 'foundNewest', 'foundOldest'],
  cursor: ['param'],
  offset: ['param'],
  page: ['param'],
  link: [],
};
/** What each answer field must hold. */
const ANSWER_TYPES: Record<string, ScalarType[]> = {
  foundNewest: ['boolean'],
  foundOldest: ['boolean'],
  hasMore: ['boolean'],
  total: ['integer', 'number'],
  totalPages: ['integer', 'number'],
};
const TOP = ['style', 'items', 'itemId', 'size', 'limit', 'anchor', 'cursor', 'offset', 'page'];

/** The operation's `x-pagination`, checked; undefined (and problems) when absent or wrong. */
export function readPagination(
  document: unknown,
  op: Pick<Operation, 'parameters' | 'responses' | 'extensions' | 'pointer'>,
  problems: ContractProblem[],
): Pagination | undefined {
  if (!(PAGINATION_EXTENSION in op.extensions)) return undefined;
  const at = childPointer(op.pointer, PAGINATION_EXTENSION);
  const found: ContractProblem[] = [];
  const say = (where: string, message: string) =>
    found.push({ pointer: where, message, source: 'model', clause: CLAUSE });
  const raw = op.extensions[PAGINATION_EXTENSION];
  if (!isObject(raw)) {
    say(at, `${PAGINATION_EXTENSION} must be an object with a \`style\``);
    problems.push(...found);
    return undefined;
  }
  const style = raw.style;
  if (typeof style !== 'string' || !Object.hasOwn(STYLES, style)) {
    say(
      childPointer(at, 'style'),
      `${PAGINATION_EXTENSION} style must be one of ${Object.keys(STYLES).join(', ')}, not ${JSON.stringify(style)}`,
    );
    problems.push(...found);
    return undefined;
  }
  for (const key of Object.keys(raw))
    if (
      !TOP.includes(key) ||
      (['anchor', 'cursor', 'offset', 'page'].includes(key) && key !== style)
    )
      say(childPointer(at, key), `unknown member '${key}' of a ${style} ${PAGINATION_EXTENSION}`);

  const body = successSchema(document, op);
  if (!body) {
    say(at, `${PAGINATION_EXTENSION} needs a JSON success answer with a schema to read pages from`);
    problems.push(...found);
    return undefined;
  }
  const items = answerPath(document, body, raw.items, childPointer(at, 'items'), say, ['array']);
  const itemSchema = items && deref(document, items.schema.items);
  const itemId =
    raw.itemId === undefined
      ? undefined
      : itemSchema &&
        answerPath(
          document,
          itemSchema,
          raw.itemId,
          childPointer(at, 'itemId'),
          say,
          style === 'anchor' ? ['integer'] : undefined,
        );
  if (style === 'anchor' && raw.itemId === undefined)
    say(at, 'anchor paging needs `itemId`: the items are ordered by it');

  const info: Json = { style, items: items?.path ?? [] };
  if (itemId) info.itemId = itemId.path;
  readLimit(raw.limit, childPointer(at, 'limit'), say, info);
  if (raw.size !== undefined) {
    if (style === 'anchor')
      say(childPointer(at, 'size'), 'anchor paging sizes its pages with `before` and `after`');
    else info.size = parameterName(op, raw.size, true, childPointer(at, 'size'), say);
  } else if (style === 'offset') say(at, 'offset paging needs `size`: the page size parameter');

  const members = STYLES[style];
  const own = raw[style];
  if (style !== 'link') {
    const ownAt = childPointer(at, style);
    if (!isObject(own)) say(ownAt, `${style} paging needs \`${style}\`: an object`);
    else {
      for (const key of REQUIRED[style])
        if (own[key] === undefined) say(ownAt, `${style} paging needs \`${style}.${key}\``);
      for (const [key, value] of Object.entries(own)) {
        const kind = members[key];
        const where = childPointer(ownAt, key);
        if (kind === undefined) {
          say(
            where,
            `unknown member '${key}' of \`${style}\` (${Object.keys(members).join(', ')})`,
          );
          continue;
        }
        const name = key === 'param' ? style : key;
        if (kind === 'param' || kind === 'integer param')
          info[name] = parameterName(op, value, kind === 'integer param', where, say);
        else if (kind === 'answer')
          info[name] = answerPath(document, body, value, where, say, ANSWER_TYPES[key])?.path;
        else if (kind === 'item')
          info[name] = itemSchema && answerPath(document, itemSchema, value, where, say)?.path;
        else if (kind === 'number') {
          if (Number.isInteger(value)) info[name] = value;
          else say(where, `\`${key}\` must be an integer`);
        } else if (typeof value === 'string' && value !== '') info[name] = value;
        else say(where, `\`${key}\` must be a non-empty text`);
      }
      if (style === 'cursor' && own.next === undefined && own.fromItem === undefined)
        say(ownAt, 'cursor paging needs `cursor.next` (the answer field) or `cursor.fromItem`');
      if (style === 'anchor') checkAnchorEnds(document, op, own, ownAt, say);
    }
  }
  problems.push(...found);
  return found.length > 0 ? undefined : ({ ...info, pointer: at } as Pagination);
}

/** The first JSON success (2xx) answer's schema, resolved. */
function successSchema(document: unknown, op: Pick<Operation, 'responses'>): Json | undefined {
  for (const response of op.responses) {
    const media = response.representative;
    if (!/^2/.test(response.status) || !media || !isJsonMediaType(media.type)) continue;
    return deref(document, media.schema);
  }
  return undefined;
}

/** A JSON pointer written in the extension, followed through `schema`'s properties. */
function answerPath(
  document: unknown,
  schema: Json,
  written: unknown,
  at: string,
  say: (at: string, message: string) => void,
  types?: ScalarType[],
): { path: ValuePath; schema: Json } | undefined {
  if (typeof written !== 'string' || (written !== '' && !written.startsWith('/'))) {
    say(
      at,
      `must be a JSON pointer ('/field', or '' for the whole value), not ${JSON.stringify(written)}`,
    );
    return undefined;
  }
  const path = parsePointer(written);
  let s: Json | undefined = schema;
  for (const key of path) {
    s = s && propertySchema(document, s, key);
    if (!s) {
      say(at, `'${written}' is not a field of the schema it points into ('${key}' is missing)`);
      return undefined;
    }
  }
  if (types && !admittedTypes(document, s).some((t) => types.includes(t))) {
    say(
      at,
      `'${written}' must be ${types.join(' or ')}, not ${admittedTypes(document, s).join(' or ')}`,
    );
    return undefined;
  }
  return { path, schema: s! };
}

/** The schema of property `key` of an object schema (through `allOf`, and any union branch). */
function propertySchema(document: unknown, s: Json, key: string, depth = 0): Json | undefined {
  if (depth > 16) return undefined;
  const { properties } = collectProperties(document, s);
  if (Object.hasOwn(properties, key)) return deref(document, properties[key]);
  for (const branch of [s.oneOf, s.anyOf].flatMap((b) => (Array.isArray(b) ? b : []))) {
    const inner = deref(document, branch);
    const found = inner && propertySchema(document, inner, key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A parameter the operation has outside its path (query, header or form body), by name. */
function parameterName(
  op: Pick<Operation, 'parameters'>,
  name: unknown,
  integer: boolean,
  at: string,
  say: (at: string, message: string) => void,
): string | undefined {
  const param = op.parameters.find((p) => p.name === name && p.in !== 'path' && p.in !== 'cookie');
  if (!param) {
    say(at, `${JSON.stringify(name)} is not a query, header or body parameter of this operation`);
    return undefined;
  }
  if (integer && !param.types.some((t) => t === 'integer' || t === 'number')) {
    say(at, `the parameter '${param.name}' must be a number to carry a count`);
    return undefined;
  }
  return param.name;
}

function readLimit(
  raw: unknown,
  at: string,
  say: (at: string, message: string) => void,
  info: Json,
): void {
  if (raw === undefined) return;
  if (!isObject(raw)) return say(at, '`limit` must be an object: `{max, recommended}`');
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    if (key !== 'max' && key !== 'recommended')
      say(childPointer(at, key), `unknown member '${key}' of \`limit\` (max, recommended)`);
    else if (!Number.isInteger(value) || (value as number) < 1)
      say(childPointer(at, key), `\`limit.${key}\` must be a positive integer`);
    else info[key] = value;
  }
  if (
    typeof info.max === 'number' &&
    typeof info.recommended === 'number' &&
    info.recommended > info.max
  )
    say(at, `the recommended page size ${info.recommended} is over the limit ${info.max}`);
}

/** `newest` and `oldest` must be values the anchor parameter accepts. */
function checkAnchorEnds(
  document: unknown,
  op: Pick<Operation, 'parameters'>,
  own: Json,
  at: string,
  say: (at: string, message: string) => void,
): void {
  const param = op.parameters.find((p) => p.name === own.param && p.in !== 'path');
  if (!param) return;
  const allowed = enumValues(document, param.schema, param.pointer, [])?.map((v) => v.value);
  if (!allowed) return;
  for (const end of ['newest', 'oldest'])
    if (typeof own[end] === 'string' && !allowed.includes(own[end] as string))
      say(
        childPointer(at, end),
        `'${String(own[end])}' is not a value of the parameter '${param.name}'`,
      );
}
