/**
 * The contract's feature-level data as one table: per operation, when it and each of its
 * parameters, parameter enum values and response fields exist. Decided here, once, so that
 * every reader (the server listener, both mocks, the client's `supports`, the validators)
 * applies the same facts; generated/operations.ts carries the table (`levels`) and
 * runtime/feature-levels.ts applies it.
 *
 * Rules:
 * - `since` is the level of an item's `added` entry; `until` the level of its `removed` entry.
 * - A removal the description dates nowhere (`{level: null, change: removed}`, with `x-removed`)
 *   counts from the newest level the contract records: the contract only knows the item is gone
 *   from a server of today, not since when. (A server of an older level keeps it.)
 * - A property's own history wins; without one, a `$ref`ed schema's history stands for it (a
 *   property typed `TopicsPolicy` appears when `TopicsPolicy` did).
 * - Response fields are followed through `$ref`, `allOf`/`oneOf`/`anyOf` and array `items`; only
 *   fields with level data, or with descendants that have some, are kept.
 */
import type {
  FieldLevelNode,
  FieldLevels,
  LevelSpan,
  LevelTable,
  OperationLevels,
  ParameterLevels,
} from '../../runtime/feature-levels.js';
import type { ContractProblem } from '../common/contract-error.js';
import { readHistory } from './lifecycle.js';
import { deref, enumValues } from './schema-facts.js';
import type { ApiModel, EnumValue, FeatureChange } from './types.js';

/**
 * The keys of feature-level data: the level readers (this file, level-facts.ts) read these and
 * no other, and the loader scans a file's text for them (load/source-files.ts mayHoldLevelKeys),
 * so a key a reader gains must be added here.
 */
export const LEVEL_KEY = Object.freeze({
  history: 'x-history',
  enumHistory: 'x-enum-history',
  removed: 'x-removed',
} as const);
export const LEVEL_KEYS: readonly string[] = Object.freeze(Object.values(LEVEL_KEY));

export function buildLevelTable(model: ApiModel): LevelTable {
  const newest = model.newestLevel;
  const walker = new FieldWalker(model.document, newest);
  const operations: Record<string, OperationLevels> = {};
  for (const op of model.operations) {
    const entry: OperationLevels = spanOf(op.lifecycle.history, newest);
    const parameters: Record<string, ParameterLevels> = {};
    for (const p of op.parameters) {
      const span: ParameterLevels = spanOf(p.lifecycle.history, newest);
      const values = valueSpans(p.enum, newest);
      if (values) span.values = values;
      if (!isEmpty(span)) parameters[p.name] = span;
    }
    if (!isEmpty(parameters)) entry.parameters = parameters;
    const responses: Record<string, FieldLevels> = {};
    for (const r of op.responses) {
      // The response's representative media type (model/media.ts), as validators and types use.
      const media = r.representative;
      const fields = media?.schema === undefined ? undefined : walker.fieldsOf(media.schema);
      if (fields) responses[r.status] = fields;
    }
    if (!isEmpty(responses)) entry.responses = responses;
    operations[op.id] = entry;
  }
  return { newest, operations };
}

/** The highest level any x-history or x-enum-history entry of the document names (0 if none). */
export function newestLevel(document: unknown): number {
  let newest = 0;
  const seen = new Set<object>();
  const consider = (history: unknown) => {
    if (!Array.isArray(history)) return;
    for (const e of history) {
      const level = (e as { level?: unknown } | null)?.level;
      if (Number.isInteger(level) && (level as number) > newest) newest = level as number;
    }
  };
  // Visits every node of the document (GitHub's: ~1.5 million): no array made per node.
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || seen.has(node) || depth > 64) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) visit(node[i], depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    consider(record[LEVEL_KEY.history]);
    const enumHistory = record[LEVEL_KEY.enumHistory];
    if (enumHistory && typeof enumHistory === 'object')
      for (const h of Object.values(enumHistory)) consider(h);
    for (const key of Object.keys(record)) visit(record[key], depth + 1);
  };
  visit(document, 0);
  return newest;
}

/** `since`/`until` of one history; an undated removal counts from `newest` (see the rules above). */
export function spanOf(history: FeatureChange[], newest: number): LevelSpan {
  const span: LevelSpan = {};
  const added = history.find((h) => h.change === 'added' && h.level !== null);
  if (added) span.since = added.level as number;
  const removed = history.find((h) => h.change === 'removed');
  if (removed) span.until = removed.level ?? newest;
  return span;
}

function valueSpans(
  values: EnumValue[] | undefined,
  newest: number,
): Record<string, LevelSpan> | undefined {
  const out: Record<string, LevelSpan> = {};
  for (const v of values ?? []) {
    const span = spanOf(v.lifecycle.history, newest);
    if (!isEmpty(span)) out[String(v.value)] = span;
  }
  return isEmpty(out) ? undefined : out;
}

/**
 * Response-field level data of schemas, each named (`$ref`ed) schema walked once: big documents
 * reach the same schema along countless paths, so walking paths would be exponential. A `$ref`
 * met again while it is being walked is a cycle and contributes nothing more.
 */
class FieldWalker {
  private readonly memo = new Map<string, FieldLevels | undefined | 'walking'>();
  constructor(
    private readonly document: unknown,
    private readonly newest: number,
  ) {}

  /** Level data of the fields of a schema, or undefined when none of them has any. */
  fieldsOf(schema: unknown, depth = 0): FieldLevels | undefined {
    const ref = (schema as { $ref?: unknown } | null)?.$ref;
    if (typeof ref !== 'string') return this.fieldsOfResolved(deref(this.document, schema), depth);
    const known = this.memo.get(ref);
    if (known === 'walking') return undefined;
    if (this.memo.has(ref)) return known;
    this.memo.set(ref, 'walking');
    const fields = this.fieldsOfResolved(deref(this.document, schema), depth);
    this.memo.set(ref, fields);
    return fields;
  }

  private fieldsOfResolved(
    s: Record<string, unknown> | undefined,
    depth: number,
  ): FieldLevels | undefined {
    if (!s || depth > 64) return undefined;
    const out: FieldLevels = {};
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      if (Array.isArray(s[key]))
        for (const member of s[key] as unknown[])
          for (const [name, node] of Object.entries(this.fieldsOf(member, depth + 1) ?? {}))
            merge(out, name, node);
    if (s.properties && typeof s.properties === 'object')
      for (const [name, prop] of Object.entries(s.properties as Record<string, unknown>)) {
        const node = this.fieldNode(prop, depth + 1);
        if (node) merge(out, name, node);
      }
    return isEmpty(out) ? undefined : out;
  }

  private fieldNode(schema: unknown, depth: number): FieldLevelNode | undefined {
    const node: FieldLevelNode = spanOf(historyOf(this.document, schema), this.newest);
    const resolved = deref(this.document, schema);
    if (resolved) {
      const isArray =
        resolved.items !== undefined &&
        (resolved.type === undefined || ([] as unknown[]).concat(resolved.type).includes('array'));
      // The schema as written (a `$ref` kept), so that the memo sees named schemas.
      const inner = isArray ? resolved.items : schema;
      const fields = this.fieldsOf(inner, depth + 1);
      if (fields) node.fields = fields;
      const values = valueSpans(enumValues(this.document, inner, '', []), this.newest);
      if (values) node.values = values;
    }
    return isEmpty(node) ? undefined : node;
  }
}

/** The same property from two union branches: the first's own data wins, children merge. */
function merge(out: FieldLevels, name: string, node: FieldLevelNode): void {
  const had = Object.hasOwn(out, name) ? out[name] : undefined;
  if (!had) {
    out[name] = node;
    return;
  }
  const fields = { ...node.fields, ...had.fields };
  out[name] = { ...node, ...had, ...(isEmpty(fields) ? {} : { fields }) };
}

/** The history of a property: its own, else that of the schema it `$ref`s. */
function historyOf(document: unknown, schema: unknown): FeatureChange[] {
  const problems: ContractProblem[] = []; // malformed entries are reported by the model's own reading
  const own =
    schema && typeof schema === 'object' ? (schema as Record<string, unknown>) : undefined;
  const history = readHistory(own?.[LEVEL_KEY.history], '', problems);
  if (history.length > 0 || own?.$ref === undefined) return history;
  return readHistory(deref(document, own)?.[LEVEL_KEY.history], '', problems);
}

function isEmpty(value: object): boolean {
  return Object.keys(value).length === 0;
}
