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
 * All come from one JSON.stringify of the model with a replacer (native, three times faster
 * than a walk of our own; object members in their insertion order, which the loader keeps from
 * the document: the same document gives the same digests), ~25 MB of text for GitHub's
 * document, so it is made once: its text, prose words out, is `withoutProse`; the words it
 * took out go to two lists as they come, each operation's own description to that operation's
 * list and every other prose string to one list in the order met. `withoutOperationDescriptions`
 * is the digest of the text's digest and that list: anything but an operation's own description
 * changes the text or the list (which of the text's prose places are an operation's own
 * description follows from the text itself: the operations' paths and methods). `whole` adds
 * each operation's list.
 */
import { createHash } from 'node:crypto';
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

export function modelDigests(model: ApiModel): ModelDigests {
  // The operations as the model and the document hold them: their own descriptions' words go
  // to their own lists.
  const owners = new Map<object, string>();
  const words = new Map<string, string[]>();
  const paths = (model.document as { paths?: Record<string, Record<string, unknown>> } | undefined)
    ?.paths;
  for (const op of model.operations) {
    owners.set(op, op.id);
    words.set(op.id, []);
    const raw = paths?.[op.path]?.[op.method];
    if (raw && typeof raw === 'object') owners.set(raw, op.id);
  }
  /** every prose string that is not an operation's own description, in the order met */
  const otherProse: string[] = [];
  // Prose words out (a constant in their place: presence counts); a data member's value is
  // written as its own JSON text, so that the words inside it stay whole.
  const withoutProse = sha256(
    JSON.stringify(model, function (this: object, key: string, value: unknown) {
      if (typeof value === 'string') {
        if (key !== 'description' && key !== 'summary') return value;
        const id = key === 'description' ? owners.get(this) : undefined;
        if (id === undefined) otherProse.push(value);
        else words.get(id)!.push(value);
        return '~';
      }
      if (value !== null && typeof value === 'object' && (DATA.has(key) || key.startsWith('x-')))
        return JSON.stringify(value);
      return value;
    }),
  );
  const withoutOperationDescriptions = createHash('sha256')
    .update(withoutProse)
    .update('\0')
    .update(JSON.stringify(otherProse))
    .digest('hex');
  const operationDescriptions: Record<string, string> = {};
  const whole = createHash('sha256').update(withoutOperationDescriptions).update('\0');
  for (const [id, list] of words) {
    const digest = sha256(JSON.stringify(list));
    operationDescriptions[id] = digest;
    whole.update(`${JSON.stringify(id)}:${digest},`);
  }
  return {
    whole: whole.digest('hex'),
    withoutProse,
    withoutOperationDescriptions,
    operationDescriptions,
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
