/**
 * The document as openapi-typescript should see it: a copy, never the model's own, with three
 * changes that keep the meaning and make the output right and compilable:
 *
 * - every parameter the model found `content:`-encoded (model/parameters.ts decides) carries
 *   its media type's schema under `schema:`: openapi-typescript types `content:` parameters as
 *   `string`, but the wire model encodes them, so callers pass the value (`narrow: [...]`);
 * - `$ref`s into operations or into other schemas get addresses its types have
 *   (typescript-refs.ts);
 * - a discriminator quirk is worked around (typescript-discriminators.ts);
 * - a required parameter or form-body field whose style writes null as nothing (`nullNotSent`)
 *   is typed without null: the wire could only leave it out;
 * - a deepObject's property sent under the name of another parameter (`leaves`) is typed out:
 *   that name is the other parameter's on the wire;
 * - a parameter schema of `type: array` with its items' `enum` repeated at the array level
 *   (id4i's `type`, "can be used multiple times") loses that enum: openapi-typescript would type
 *   it as one of the strings, while the wire model, like the schema's `type`, sends an array.
 */
import { getAt } from '../../common/pointer.js';
import { openDocument, type OpenApiDocument } from '../document.js';
import { realPointer } from '../real-pointer.js';
import type { ApiModel, Operation } from '../types.js';
import { dropShadowedDiscriminatorProperties } from './typescript-discriminators.js';
import { typeBodyFieldOut, typeParameterOut } from './typescript-wire-limits.js';
import { rewriteDeepRefs } from './typescript-refs.js';
import {
  countTokenCharacters,
  expectedTokenCharacters,
  tokenizeProse,
} from './typescript-prose.js';

export { HOISTED_PREFIX } from './typescript-refs.js';
export { proseShape, restoreProse } from './typescript-prose.js';

/**
 * The view with its prose as tokens (typescript-prose.ts), its JSON text (what openapi-typescript's
 * output depends on, for a cache key) and the words; undefined when the document's text holds
 * token characters of its own. `operationTokens`: per operation id, the token that stands for
 * the operation's own `description` (the member of its object under `paths`), when it has one.
 */
export function tokenizedTypescriptView(model: ApiModel):
  | {
      document: OpenApiDocument;
      json: string;
      prose: string[];
      operationTokens: Record<string, number>;
    }
  | undefined {
  const document = typescriptView(model);
  const owners = new Map<object, string>();
  const paths = (document as unknown as { paths?: Record<string, Record<string, unknown>> }).paths;
  for (const op of model.operations) {
    const object = paths?.[op.path]?.[op.method];
    if (object && typeof object === 'object') owners.set(object, op.id);
  }
  const operationTokens: Record<string, number> = {};
  const prose = tokenizeProse(document as unknown as Record<string, unknown>, (n, object, key) => {
    const id = key === 'description' ? owners.get(object) : undefined;
    if (id !== undefined) operationTokens[id] = n;
  });
  const json = JSON.stringify(document);
  // Every token character in the text must be one of ours (JSON.stringify leaves them as they are).
  return countTokenCharacters(json) === expectedTokenCharacters(prose)
    ? { document, json, prose, operationTokens }
    : undefined;
}

/**
 * Per operation, the `description` member of its own object in the document (`paths[p][method]`),
 * which the view copies as it is: the words `operationTokens` stand for.
 */
export function documentDescriptions(model: ApiModel): (op: Operation) => unknown {
  const paths = openDocument(model.document).paths as
    Record<string, Record<string, { description?: unknown } | undefined> | undefined> | undefined;
  return (op) => paths?.[op.path]?.[op.method]?.description;
}

export function typescriptView(model: ApiModel): OpenApiDocument {
  const document = openDocument(model.document);
  const copy = copyData(document) as Record<string, unknown>;
  for (const op of model.operations) {
    for (const p of op.parameters) {
      if (p.in === 'body') {
        typeBodyFieldOut(copy, document, op, p);
        continue;
      }
      const at = realPointer(document, p.pointer);
      const param = at === undefined ? undefined : getAt(copy, at);
      if (!param || typeof param !== 'object') continue;
      if (p.mediaType !== undefined) hoistContent(param as Record<string, unknown>);
      else dropArrayLevelEnum(copy, (param as Record<string, unknown>).schema);
      typeParameterOut(copy, document, op, p);
    }
  }
  rewriteDeepRefs(copy);
  dropShadowedDiscriminatorProperties(copy);
  return copy as unknown as OpenApiDocument;
}

/**
 * A deep copy of parsed JSON/YAML data, as structuredClone makes it (an object met twice is
 * copied once, so the copy shares what the original shares) but a few times faster on a large
 * document. Anything but plain objects and arrays (none
 * is expected) goes through structuredClone.
 */
function copyData(root: unknown): unknown {
  const copies = new Map<object, unknown>();
  const copy = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const known = copies.get(value);
    if (known !== undefined) return known;
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      copies.set(value, out);
      for (const item of value) out.push(copy(item));
      return out;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) {
      const out = structuredClone(value);
      copies.set(value, out);
      return out;
    }
    const out: Record<string, unknown> = {};
    copies.set(value, out);
    for (const key of Object.keys(value)) {
      const item = copy((value as Record<string, unknown>)[key]);
      // a `__proto__` key of the data is a property like any other, not the copy's prototype
      if (key === '__proto__')
        Object.defineProperty(out, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else out[key] = item;
    }
    return out;
  };
  return copy(root);
}

/** See the header: an array parameter's scalar `enum` (which no array could match) is dropped. */
function dropArrayLevelEnum(copy: unknown, schema: unknown): void {
  let s = schema as Record<string, unknown> | undefined;
  if (s && typeof s.$ref === 'string' && s.$ref.startsWith('#'))
    s = getAt(copy, s.$ref) as Record<string, unknown> | undefined;
  if (!s || typeof s !== 'object' || s.type !== 'array' || !Array.isArray(s.enum)) return;
  if (s.enum.every((value) => !Array.isArray(value))) delete s.enum;
}

/** `content: {type: {schema}}` → `schema`, once per parameter object (shared ones are met again). */
function hoistContent(param: Record<string, unknown>): void {
  if (!param.content || param.schema) return;
  const media = Object.values(param.content as Record<string, { schema?: unknown }>)[0];
  if (media?.schema !== undefined) {
    param.schema = media.schema;
    delete param.content;
  }
}
