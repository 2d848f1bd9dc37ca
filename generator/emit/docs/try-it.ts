/**
 * The "Try it" form of an operation page: one input per parameter, built from the model, and the
 * data the page script needs to send the request and check the answer. The page encodes with
 * the wire model itself (assets/wire.js, bundled from runtime/wire at generate time), so what
 * the form sends is what the client would send.
 *
 * JSON-encoded fields get structured inputs where their schema has a plain shape: a list of
 * scalars is a list editor (one input per item), a list of flat objects is a table of rows; any
 * other shape (unions of those, nested objects) is a JSON text box checked as the reader types.
 *
 * Everything from the contract goes to the page as data: one `<script type="application/json">`
 * whose `<` are escaped, read with JSON.parse; assets/tryit.js builds the form from it with DOM
 * methods and textContent (GitHub's 1200 pages would otherwise each carry their form's markup).
 */
import type { OperationInfo } from '../../../runtime/operation-info.js';
import type {
  ApiModel,
  JsonSchema,
  Operation,
  Parameter,
  SecurityScheme,
} from '../../model/types.js';
import { propertiesOf, resolveSchema } from '../../model/lookup.js';
import { clientKeyOf } from '../../model/names.js';
import type { SampleInput } from '../../model/samples.js';
import { paramAnchor } from './links.js';
import { tryItText } from './sample-text.js';

export type FieldShape = 'text' | 'boolean' | 'enum' | 'list' | 'records' | 'json' | 'file';

export interface TryItField {
  name: string;
  anchor: string;
  location: string;
  required: boolean;
  shape: FieldShape;
  typeText: string;
  jsonEncoded: boolean;
  /** enum members as text, for `enum` */
  options: string[];
  /** item type for `list` (`integer`, `string`, ...) */
  itemType: string;
  /** property names of the rows for `records` */
  columns: string[];
  /** the sample's value as the input shows it: text, JSON text, or JSON of the list */
  initial: string;
  /**
   * the client call's argument of the page's first sample data that holds the sample's value:
   * the page script makes `initial` from it (sample-text.ts `tryItText`), so the page carries it once
   */
  arg?: string;
  /** feature-level attributes (the level switcher hides fields newer than the chosen level) */
  since?: number;
  removed?: number;
}

/** What the page's try-it section carries: the server, whether it asks for credentials, the data. */
export interface TryItView {
  server: string;
  auth: boolean;
  /** what the page script reads (written by source.ts `scriptJson`, `<` escaped) */
  data: unknown;
}

type Obj = Record<string, unknown>;

function typesOf(s: Obj): string[] {
  if (typeof s.type === 'string') return [s.type];
  if (Array.isArray(s.type)) return s.type.map(String).filter((t) => t !== 'null');
  return [];
}

function shapeOf(
  p: Parameter,
  model: ApiModel,
): Pick<TryItField, 'shape' | 'itemType' | 'columns' | 'options'> {
  const none = { itemType: '', columns: [] as string[], options: [] as string[] };
  if (p.types.length === 1 && p.types[0] === 'string' && /binary/.test(JSON.stringify(p.schema)))
    return { ...none, shape: 'file' };
  if (p.enum && p.enum.length > 0)
    return { ...none, shape: 'enum', options: p.enum.map((e) => String(e.value)) };
  if (p.types.length === 1 && p.types[0] === 'boolean') return { ...none, shape: 'boolean' };
  const scalar = p.types.every((t) => t === 'string' || t === 'integer' || t === 'number');
  if (scalar && p.types.length > 0) return { ...none, shape: 'text' };
  if (p.types.length === 1 && p.types[0] === 'array') {
    const schema = (resolveSchema(model, p.schema as Obj) ?? p.schema) as Obj;
    // A union of list shapes (narrow: objects or pairs) gets the editor of its first branch.
    const branches = [
      schema,
      ...((schema.oneOf ?? schema.anyOf ?? []) as Obj[]).map(
        (b) => (resolveSchema(model, b) ?? b) as Obj,
      ),
    ];
    for (const branch of branches) {
      const items = (resolveSchema(model, branch.items as Obj) ?? branch.items) as Obj | undefined;
      if (items && typeof items === 'object') {
        const itemTypes = typesOf(items);
        if (itemTypes.length === 1 && ['string', 'integer', 'number'].includes(itemTypes[0]))
          return { ...none, shape: 'list', itemType: itemTypes[0] };
        if (itemTypes[0] === 'object' || items.properties) {
          const { properties } = propertiesOf(model, items);
          const columns = Object.keys(properties);
          const flat = columns.every((c) => {
            const t = typesOf((resolveSchema(model, properties[c] as Obj) ?? properties[c]) as Obj);
            return t.length === 0 || t.every((x) => x !== 'object' && x !== 'array');
          });
          if (columns.length > 0 && columns.length <= 4 && flat)
            return { ...none, shape: 'records', columns };
        }
      }
    }
  }
  return { ...none, shape: 'json' };
}

/** What the form asks for one scheme's credential, and how the page sends it. */
export type TryItScheme =
  | { type: 'basic'; user: string; secret: string }
  | { type: 'bearer'; label: string }
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; label: string }
  | { type: 'other'; label: string };

/** The credentials part of the page data: the operation's alternatives and their schemes. */
export interface TryItAuth {
  /** `{}` is one of the alternatives: the request may go without credentials */
  optional?: 1;
  /** the operation's alternatives (scheme names sent together), the contract's order */
  alternatives: string[][];
  schemes: Record<string, TryItScheme>;
}

/**
 * A label from a placeholder word (`<EMAIL>` → `Email`, `<API_KEY>` → `API key`): the contract's
 * own name for the credential (`x-placeholder`), so our API's form asks for an email and an
 * API key and another document's for a username and a password.
 */
function labelOf(placeholder: string, fallback: string): string {
  const words = placeholder
    .replace(/^<|>$/g, '')
    .split(/[_\s]+/)
    .filter(Boolean);
  if (words.length === 0 || !/^[A-Za-z0-9_ ]+$/.test(words.join(' '))) return fallback;
  return words
    .map((w, i) =>
      i > 0
        ? w.toLowerCase()
        : w.length <= 3
          ? w.toUpperCase()
          : w[0].toUpperCase() + w.slice(1).toLowerCase(),
    )
    .join(' ');
}

function tryItScheme(s: SecurityScheme): TryItScheme {
  switch (s.send.type) {
    case 'basic': {
      const colon = s.placeholder.indexOf(':');
      return colon < 0
        ? { type: 'basic', user: 'Username', secret: 'Password' }
        : {
            type: 'basic',
            user: labelOf(s.placeholder.slice(0, colon), 'Username'),
            secret: labelOf(s.placeholder.slice(colon + 1), 'Password'),
          };
    }
    case 'bearer':
      return {
        type: 'bearer',
        label:
          s.type === 'oauth2'
            ? 'OAuth 2 access token'
            : s.type === 'openIdConnect'
              ? 'OpenID Connect token'
              : 'Bearer token',
      };
    case 'apiKey':
      return {
        type: 'apiKey',
        in: s.send.in,
        name: s.send.name,
        label: `API key (${s.send.in} ${s.send.name})`,
      };
    default:
      return { type: 'other', label: `${s.name} (${s.type}${s.scheme ? ` ${s.scheme}` : ''})` };
  }
}

/** The operation's credentials for the page, by the model's decisions (model/security.ts). */
export function tryItAuth(op: Operation, model: ApiModel): TryItAuth | undefined {
  if (op.auth === 'none') return undefined;
  const schemes: Record<string, TryItScheme> = {};
  for (const names of op.authAlternatives)
    for (const name of names) {
      const s = model.securitySchemes.find((x) => x.name === name);
      if (s && !Object.hasOwn(schemes, name)) schemes[name] = tryItScheme(s);
    }
  const auth: TryItAuth = { alternatives: op.authAlternatives, schemes };
  if (op.auth === 'optional') auth.optional = 1;
  return auth;
}

export function tryItView(
  op: Operation,
  info: OperationInfo,
  model: ApiModel,
  server: string,
  sample: SampleInput | undefined,
  /**
   * what the page's first sample data carries (sample-text.ts `SampleData`): the call's
   * arguments, and the one a JSON body is under; the page script reads initial values there
   */
  carried: { args?: Record<string, unknown>; bodyArg?: string } = {},
): TryItView {
  const bodyValues =
    sample?.body && typeof sample.body === 'object' && !Array.isArray(sample.body)
      ? (sample.body as Obj)
      : {};
  const given: Obj = { ...sample?.path, ...sample?.query, ...sample?.headers, ...bodyValues };
  const anchors = new Set<string>();
  const fields: TryItField[] = [];
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    let anchor = `try-${paramAnchor(p.name)}`;
    if (anchors.has(anchor)) anchor = `${anchor}-${p.in}`;
    anchors.add(anchor);
    const shape = shapeOf(p, model);
    const field: TryItField = {
      name: p.name,
      anchor,
      location: p.in,
      required: p.required,
      typeText: p.types.join(' | ') || 'any',
      jsonEncoded: p.encoding === 'json',
      initial: tryItText(shape.shape, given[p.name]),
      ...shape,
    };
    const key = clientKeyOf(op.names, p.in, p.name);
    const value = given[p.name];
    // Only a value the sample data holds as is: `===` also keeps an object to its own copy.
    if (value !== undefined && carried.args?.[key] === value) field.arg = key;
    if (p.lifecycle.addedIn !== undefined) field.since = p.lifecycle.addedIn;
    if (p.lifecycle.removedIn !== undefined) field.removed = p.lifecycle.removedIn;
    fields.push(field);
  }
  // A JSON (non-form) body is one document: one JSON box; none for an optional body with
  // nothing to send (a required one keeps its box: the request needs the `{}`).
  const body = op.requestBody;
  const jsonBody = body && body.kind !== 'form' && !(body.carriesNothing && !body.required);
  const responses: Record<string, unknown> = {};
  for (const r of op.responses) {
    const media = r.mediaTypes.find((m) => /json/i.test(m.type));
    if (media?.schema !== undefined) responses[r.status] = media.schema as JsonSchema;
  }
  const bodyText = tryItText('body', sample?.body);
  // What the wire model's encodeRequest reads, nothing more.
  const wire: Record<string, unknown> = {
    operationId: info.operationId,
    method: info.method,
    path: info.path,
    fields: info.fields.map((f) => {
      const field: Record<string, unknown> = {
        name: f.name,
        in: f.in,
        required: f.required,
        encoding: f.encoding,
        types: f.types,
      };
      if (f.itemTypes) field.itemTypes = f.itemTypes;
      return field;
    }),
  };
  if (info.body) wire.body = info.body;
  const auth = tryItAuth(op, model);
  const data = {
    op: wire,
    ...(auth ? { auth } : {}),
    // The form is built by assets/tryit.js from these (text only): a page carries data, not markup.
    fields: fields.map((f, i) => formFieldData(f, info.fields[i])),
    body: !jsonBody
      ? undefined
      : carried.bodyArg !== undefined
        ? { arg: carried.bodyArg }
        : { initial: bodyText },
    responses,
    dialect: model.dialect,
  };
  return { server, auth: op.auth !== 'none', data };
}

/**
 * One form field as the page carries it. Its name, location, required flag, JSON encoding and
 * type text are its wire field's (`op.fields`, the same parameters in the same order: tryit.js
 * reads them there), carried again only when the two ever disagree.
 */
function formFieldData(f: TryItField, wire: OperationInfo['fields'][number] | undefined) {
  const out: Record<string, unknown> = {};
  const same = wire !== undefined && wire.name === f.name && wire.in === f.location;
  if (!same || wire.required !== f.required || (wire.encoding === 'json') !== f.jsonEncoded) {
    out.name = f.name;
    out.in = f.location;
    if (f.required) out.required = 1;
    if (f.jsonEncoded) out.json = 1;
  }
  out.anchor = f.anchor;
  out.shape = f.shape;
  if (!same || (wire.types.join(' | ') || 'any') !== f.typeText) out.type = f.typeText;
  if (f.itemType) out.itemType = f.itemType;
  if (f.columns.length) out.columns = f.columns;
  if (f.options.length) out.options = f.options;
  if (f.arg !== undefined) out.arg = f.arg;
  else if (f.initial !== '') out.initial = f.initial;
  if (f.since !== undefined) out.since = f.since;
  if (f.removed !== undefined) out.removed = f.removed;
  return out;
}
