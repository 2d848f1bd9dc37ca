/**
 * Digests of the model, the keys of the output cache (generator/cache.ts): two emitters whose
 * digest is the same produce the same files, so a cached copy can stand in for a run.
 *
 * - `whole`: everything in the model (the document included). Any change changes it.
 * - `withoutProse`: the same with the text of every prose string left out — string-valued
 *   `description` and `summary` members count only as present — for outputs that carry no
 *   prose: the validators (Ajv code never embeds an annotation) and the document checks'
 *   verdict (a description must be a string, and a response must have one; its words change
 *   nothing). Values that are data stay whole wherever they appear (`const`, `enum`, `default`,
 *   `example(s)`, `x-` extensions, example and enum values), so a `{"description": …}` inside a
 *   `const` still counts; a schema named `description` (an object, not a string) is never left
 *   out.
 * - `withoutOperationDescriptions`: everything but the text of each operation's own
 *   `description` (the model's `operations[i].description` and the same member of the
 *   document's `paths[p][method]`), for outputs that never show an operation's description
 *   (operations table, server, MSW handlers) and, with `operationDescriptions[id]`, for the
 *   outputs made per operation (the docs' operation pages): an edit of one operation's
 *   description then redoes only what shows that one. A copy of the words anywhere else in the
 *   model (another member, a path item reached through `$ref`) stays in this digest, so it
 *   changes with them: safe, only less incremental.
 *
 * All are SHA-256 over canonical JSON-like texts (object members in their insertion order,
 * which the loader keeps from the document: the same document gives the same digests), made in
 * one walk of the model; `whole` is the digest of the other two parts together, so it never
 * needs a walk of its own.
 */
import { createHash, type Hash } from 'node:crypto';
import type { ApiModel } from './types.js';

export interface ModelDigests {
  whole: string;
  withoutProse: string;
  withoutOperationDescriptions: string;
  /** per operation id, the digest of its own description's words (as the model and document hold them) */
  operationDescriptions: Record<string, string>;
}

/** The digests an emitter's output can be keyed by (the ones that are one string). */
export type ModelSlice = 'whole' | 'withoutProse' | 'withoutOperationDescriptions';

const PROSE = new Set(['description', 'summary']);
/** Members whose value is data (kept whole, prose-looking members included). */
const DATA = new Set([
  'const',
  'enum',
  'default',
  'example',
  'examples',
  'value',
  'extensions',
  'levelFacts',
]);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export function modelDigests(model: ApiModel): ModelDigests {
  const blind = new ChunkedHash(createHash('sha256'));
  const rest = new ChunkedHash(createHash('sha256'));
  const own = new Map<string, string[]>();
  const byPlace = new Map<string, string>();
  for (const op of model.operations) {
    own.set(op.id, []);
    byPlace.set(`${op.path}\0${op.method}`, op.id);
  }
  const walker = new Walker(blind, rest, own);
  for (const [key, member] of Object.entries(model)) {
    if (member === undefined) continue;
    walker.both(`${JSON.stringify(key)}:`);
    if (key === 'operations' && Array.isArray(member)) {
      walker.both('[');
      for (const op of member as ApiModel['operations']) {
        walker.object(op, (k) => (k === 'description' ? op.id : undefined));
        walker.both(',');
      }
      walker.both(']');
    } else if (key === 'document' && member && typeof member === 'object') {
      walker.object(member, undefined, (k, paths) => {
        if (k !== 'paths' || !paths || typeof paths !== 'object' || Array.isArray(paths))
          return false;
        walker.object(paths, undefined, (path, item) => {
          if (!item || typeof item !== 'object' || Array.isArray(item)) return false;
          walker.object(item, undefined, (method, raw) => {
            const id = byPlace.get(`${path}\0${method}`);
            if (!METHODS.has(method) || !id || !raw || typeof raw !== 'object') return false;
            walker.object(raw, (m) => (m === 'description' ? id : undefined));
            return true;
          });
          return true;
        });
        return true;
      });
    } else walker.value(key, member);
    walker.both(',');
  }
  blind.flush();
  rest.flush();
  const operationDescriptions: Record<string, string> = {};
  const wholeHash = createHash('sha256').update(rest.digest).update('\0');
  for (const [id, words] of own) {
    const digest = createHash('sha256').update(JSON.stringify(words)).digest('hex');
    operationDescriptions[id] = digest;
    wholeHash.update(`${JSON.stringify(id)}:${digest},`);
  }
  return {
    whole: wholeHash.digest('hex'),
    withoutProse: blind.digest,
    withoutOperationDescriptions: rest.digest,
    operationDescriptions,
  };
}

/** Feeds the hash in large chunks: one update per value would cost more than the walk. */
class ChunkedHash {
  private parts: string[] = [];
  private size = 0;
  private result: string | undefined;
  constructor(private readonly hash: Hash) {}
  push(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size > 1 << 20) this.flush();
  }
  flush(): void {
    if (this.parts.length === 0) return;
    this.hash.update(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
  get digest(): string {
    this.result ??= this.hash.digest('hex');
    return this.result;
  }
}

/**
 * Writes the model to both texts at once: `blind` (prose words left out) and `rest` (every word
 * but operation descriptions, which go to their operation's list instead).
 */
class Walker {
  constructor(
    private readonly blind: ChunkedHash,
    private readonly rest: ChunkedHash,
    private readonly own: Map<string, string[]>,
  ) {}

  both(text: string): void {
    this.blind.push(text);
    this.rest.push(text);
  }

  /**
   * An object's members. `owner(key)`: the operation a string member's words belong to, if
   * any. `special(key, member)`: writes the member's value itself when it returns true.
   */
  object(
    value: object,
    owner?: (key: string) => string | undefined,
    special?: (key: string, member: unknown) => boolean,
  ): void {
    this.both('{');
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined) continue;
      this.both(`${JSON.stringify(key)}:`);
      const id = typeof member === 'string' ? owner?.(key) : undefined;
      if (id !== undefined && PROSE.has(key)) {
        // present in both texts; its words in the operation's own digest only
        this.both('~');
        this.own.get(id)!.push(member);
      } else if (!special?.(key, member)) this.value(key, member);
      this.both(',');
    }
    this.both('}');
  }

  /** One member's value, under its key (prose and data members are known by their key). */
  value(key: string, member: unknown): void {
    if (PROSE.has(key) && typeof member === 'string') {
      // present, words not counted (`~` is no JSON value: nothing else reads so)
      this.blind.push('~');
      this.rest.push(JSON.stringify(member));
    } else if (DATA.has(key) || key.startsWith('x-')) this.both(JSON.stringify(member) ?? 'null');
    else this.any(member);
  }

  private any(value: unknown): void {
    if (value === null || typeof value !== 'object') {
      this.both(JSON.stringify(value) ?? 'null');
      return;
    }
    if (Array.isArray(value)) {
      this.both('[');
      for (const item of value) {
        this.any(item);
        this.both(',');
      }
      this.both(']');
      return;
    }
    this.object(value);
  }
}
