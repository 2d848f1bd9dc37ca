/**
 * Digests of the model, the keys of the output cache (generator/cache/index.ts): two emitters whose
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
 * `withoutOperationDescriptions` is the digest of one plain JSON.stringify of the model (native, no
 * replacer: about twice as fast as with one; object members in their insertion order, which the
 * loader keeps from the document, so the same document gives the same digests), made while each
 * operation's own description (the model's and the document's member, when a string) reads `~`, put
 * back right after: their presence counts, their words do not. `whole` is that digest with each
 * operation's words' digest.
 *
 * `withoutProse` needs a walk with a replacer, which costs twice as much. It is a function of the
 * model with operations' own descriptions read as `~` (the walk is made with them so: even where
 * data holds the very same objects, an alias), so two models with one
 * `withoutOperationDescriptions` have one `withoutProse`: `remembered` (the CLI's cache) may give
 * it for a `withoutOperationDescriptions` met before, and is told each one made here — except
 * for a model whose data holds an operation's own description (an alias of an operation object
 * under `x-` or `example`): the walk keeps data whole, so there the two digests are not tied.
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

/** Where `withoutProse` digests made before are kept, by `withoutOperationDescriptions`. */
export interface RememberedDigests {
  get(withoutOperationDescriptions: string): string | undefined;
  put(withoutOperationDescriptions: string, withoutProse: string): void;
}

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

/** What an operation's own description reads as while the model is serialized for a digest. */
const PRESENT = '~';

export function modelDigests(model: ApiModel, remembered?: RememberedDigests): ModelDigests {
  const { owners, words, held } = operationWords(model);
  let aliased = false;
  // Prose words out (a constant in their place: presence counts); a data member's value is
  // written as its own JSON text, so that the words inside it stay whole.
  const inData = function (this: object, key: string, value: unknown) {
    if (key === 'description' && owners.has(this)) aliased = true;
    return value;
  };
  const proseFree = () =>
    sha256(
      JSON.stringify(model, function (this: object, key: string, value: unknown) {
        if (typeof value === 'string')
          return key === 'description' || key === 'summary' ? PRESENT : value;
        if (value !== null && typeof value === 'object' && (DATA.has(key) || key.startsWith('x-')))
          return JSON.stringify(value, inData);
        return value;
      }),
    );
  let withoutOperationDescriptions: string;
  let withoutProse: string | undefined;
  // The words out while serialized, back in right after, whatever happens in between.
  for (const h of held) h.object.description = PRESENT;
  try {
    withoutOperationDescriptions = sha256(JSON.stringify(model));
    withoutProse = remembered?.get(withoutOperationDescriptions);
    if (withoutProse === undefined) {
      withoutProse = proseFree();
      if (!aliased) remembered?.put(withoutOperationDescriptions, withoutProse);
    }
  } finally {
    for (const h of held) h.object.description = h.words;
  }
  // Data holding an operation object (an alias): its words are data there, kept whole.
  if (aliased) withoutProse = proseFree();
  return withWords(words, withoutOperationDescriptions, withoutProse);
}

/**
 * The digests of a model that differs from one digested before only in the words of operations'
 * own descriptions (the model snapshot's patch, generator/cache/model-snapshot.ts): its
 * `withoutOperationDescriptions` is that model's (those words read `~` in it), so only the
 * words are digested again. `withoutProse` comes from `remembered` (it is told one only for a
 * model without aliases); undefined when it does not know it: digest in full.
 */
export function digestsAfterDescriptionEdit(
  model: ApiModel,
  withoutOperationDescriptions: string,
  remembered: RememberedDigests,
): ModelDigests | undefined {
  const withoutProse = remembered.get(withoutOperationDescriptions);
  if (withoutProse === undefined) return undefined;
  return withWords(operationWords(model).words, withoutOperationDescriptions, withoutProse);
}

/** `whole` and `operationDescriptions` from the operations' words and the two other digests. */
function withWords(
  words: Map<string, string[]>,
  withoutOperationDescriptions: string,
  withoutProse: string,
): ModelDigests {
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

/**
 * The operations as the model and the document hold them: their own descriptions' words, per
 * operation id, and each object holding them (`held`: the model's operation, then the
 * document's, once each; a string description only), in the model's operation order.
 */
export function operationWords(model: ApiModel): {
  owners: Set<object>;
  words: Map<string, string[]>;
  held: { object: { description: string }; words: string }[];
} {
  const owners = new Set<object>();
  const words = new Map<string, string[]>();
  const paths = (model.document as { paths?: Record<string, Record<string, unknown>> } | undefined)
    ?.paths;
  const held: { object: { description: string }; words: string }[] = [];
  for (const op of model.operations) {
    const list: string[] = [];
    words.set(op.id, list);
    const raw = paths?.[op.path]?.[op.method];
    for (const object of [op, raw]) {
      if (!object || typeof object !== 'object' || owners.has(object)) continue;
      owners.add(object);
      const description = (object as { description?: unknown }).description;
      if (typeof description !== 'string') continue;
      list.push(description);
      held.push({ object: object as { description: string }, words: description });
    }
  }
  return { owners, words, held };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
