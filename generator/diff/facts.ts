/**
 * A contract as a flat table of facts for `tms-gen diff`: every operation, parameter, field,
 * type, format, constraint, enum value, status, media type, error code and security rule gets a
 * stable key (`GET /messages › query anchor › enum "oldest"`), a comparable value, the pointer
 * where it is written, and the feature-level marks of the item and of every item above it.
 *
 * Named component schemas are walked once (`schema Message › .id`), never inlined into every
 * operation that uses them: a change inside a shared schema is one change, and the table of a
 * 13 MB document stays proportional to the document. Which side (request or response) a shared
 * schema is on comes from where it is used (`usage`), so a change in it is classified by use.
 *
 * Items the contract keeps only to record their removal (`x-removed`, or an enum value whose
 * history ends in `removed`) are not facts: they are "ghosts", kept for their marks, so that a
 * removal recorded in the contract is found where it is written.
 */
import { componentSchemaName } from '../common/pointer.js';
import { readHistory } from '../model/lifecycle.js';
import { isObject } from '../../runtime/is-object.js';
import type {
  ApiModel,
  FeatureChange,
  JsonSchema,
  Lifecycle,
  Operation,
  Parameter,
} from '../model/types.js';

export type Side = 'request' | 'response' | 'operation';

export type FactKind =
  | 'operation'
  | 'operation-id'
  | 'security'
  | 'deprecated'
  | 'parameter'
  | 'encoding'
  | 'body'
  | 'media-type'
  | 'status'
  | 'error-code'
  | 'schema'
  | 'field'
  | 'ref'
  | 'type'
  | 'format'
  | 'constraint'
  | 'enum-value'
  | 'additional-properties';

/** One place that can record a change: an item's history, a correction, a breaking mark. */
export interface Mark {
  pointer: string;
  history: FeatureChange[];
  /** `x-correction`: the change makes the contract more faithful; the API did not change */
  correction?: string;
  /** `x-breaking`: a breaking change the contract accepts, at a level */
  breaking?: { level: number | null; reason: string };
  /** true for the item's own mark; false for the marks of the items above it */
  own: boolean;
}

export interface Fact {
  key: string;
  segments: string[];
  kind: FactKind;
  /** request/response for facts under an operation; for facts in a named schema, from `usage` */
  side: Side;
  /** the named schema the fact lives in */
  schema?: string;
  value: string;
  pointer: string;
  /** nearest first */
  marks: Mark[];
}

export interface FactTable {
  facts: Map<string, Fact>;
  /** removed items kept in the contract for their history: key → marks */
  ghosts: Map<string, Mark[]>;
  /** named schema → the sides it is used on, directly or through other schemas */
  usage: Map<string, Set<'request' | 'response'>>;
  /** the highest feature level the contract records anywhere; null when it records none */
  maxLevel: number | null;
  /** every `x-correction` as `pointer\0text`: a correction excuses only the diff that adds it */
  corrections: Set<string>;
}

export const SEP = ' › ';
const MAX_DEPTH = 64;
const CONSTRAINTS = [
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'const',
];

type Obj = Record<string, unknown>;

interface Builder {
  table: FactTable;
  /** named schema → named schemas it refers to */
  edges: Map<string, Set<string>>;
  /** named schema → sides of its direct uses */
  direct: Map<string, Set<'request' | 'response'>>;
}

export function buildFacts(model: ApiModel): FactTable {
  const b: Builder = {
    table: {
      facts: new Map(),
      ghosts: new Map(),
      usage: new Map(),
      maxLevel: maxLevelOf(model),
      corrections: new Set(),
    },
    edges: new Map(),
    direct: new Map(),
  };
  for (const op of model.operations) addOperation(b, op);
  for (const named of model.schemas) {
    const segs = [`schema ${named.name}`];
    const marks = [markOf(named.pointer, named.lifecycle, asObj(named.schema), true)];
    add(b, {
      segments: segs,
      kind: 'schema',
      side: 'operation',
      schema: named.name,
      value: 'present',
      pointer: named.pointer,
      marks,
    });
    walkSchema(b, named.schema, segs, {
      side: 'operation',
      schema: named.name,
      pointer: named.pointer,
      marks,
      depth: 0,
    });
  }
  propagateUsage(b);
  const marks = [...b.table.facts.values()]
    .flatMap((f) => f.marks)
    .concat([...b.table.ghosts.values()].flat());
  for (const m of marks) if (m.correction) b.table.corrections.add(`${m.pointer}\0${m.correction}`);
  return b.table;
}

function addOperation(b: Builder, op: Operation): void {
  const opSegs = [`${op.method.toUpperCase()} ${op.path}`];
  const opMarks = [markOf(op.pointer, op.lifecycle, op.extensions, true)];
  if (op.lifecycle.removedIn !== undefined) {
    b.table.ghosts.set(opSegs.join(SEP), opMarks);
    return;
  }
  const put = (
    segments: string[],
    kind: FactKind,
    side: Side,
    value: string,
    pointer = op.pointer,
    marks = opMarks,
  ) => add(b, { segments, kind, side, value, pointer, marks });
  put(opSegs, 'operation', 'operation', 'present');
  put([...opSegs, 'operationId'], 'operation-id', 'operation', op.idSynthesized ? '(none)' : op.id);
  put([...opSegs, 'security'], 'security', 'request', securityText(op));
  put([...opSegs, 'deprecated'], 'deprecated', 'operation', String(op.lifecycle.deprecated));
  // Form fields are parameters in the model (flattened from the body); here they stay in the
  // body's schema, which is usually a named one, so a change in it is reported once.
  for (const p of op.parameters) if (p.in !== 'body') addParameter(b, opSegs, opMarks, p);

  if (op.requestBody) {
    const body = op.requestBody;
    const bodySegs = [...opSegs, 'body'];
    put(bodySegs, 'body', 'request', body.required ? 'required' : 'optional', body.pointer);
    for (const mt of body.mediaTypes) {
      const mtSegs = [...bodySegs, mt.type];
      put(mtSegs, 'media-type', 'request', 'present', mt.pointer);
      for (const [field, enc] of Object.entries(mt.encoding))
        if (enc.contentType)
          put([...mtSegs, `encoding ${field}`], 'encoding', 'request', enc.contentType, mt.pointer);
      if (mt.schema !== undefined)
        walkSchema(b, mt.schema, mtSegs, {
          side: 'request',
          pointer: mt.pointer,
          marks: opMarks,
          depth: 0,
        });
    }
  }
  for (const r of op.responses) {
    const rSegs = [...opSegs, `response ${r.status}`];
    put(rSegs, 'status', 'response', 'present', r.pointer);
    for (const mt of r.mediaTypes) {
      const mtSegs = [...rSegs, mt.type];
      put(mtSegs, 'media-type', 'response', 'present', mt.pointer);
      if (mt.schema !== undefined)
        walkSchema(b, mt.schema, mtSegs, {
          side: 'response',
          pointer: mt.pointer,
          marks: opMarks,
          depth: 0,
        });
    }
  }
  for (const code of op.errorCodes)
    put([...opSegs, `error ${code}`], 'error-code', 'response', 'present');
}

function addParameter(b: Builder, opSegs: string[], opMarks: Mark[], p: Parameter): void {
  const segs = [...opSegs, `${p.in} ${p.name}`];
  const marks = [markOf(p.pointer, p.lifecycle, p.extensions, true), ...ancestors(opMarks)];
  if (p.lifecycle.removedIn !== undefined || p.extensions['x-removed'] === true) {
    b.table.ghosts.set(segs.join(SEP), marks);
    return;
  }
  const put = (segments: string[], kind: FactKind, value: string) =>
    add(b, { segments, kind, side: 'request', value, pointer: p.pointer, marks });
  put(segs, 'parameter', p.required ? 'required' : 'optional');
  put([...segs, 'encoding'], 'encoding', p.encoding);
  put([...segs, 'deprecated'], 'deprecated', String(p.lifecycle.deprecated));
  walkSchema(b, p.schema, segs, { side: 'request', pointer: p.pointer, marks, depth: 0 });
}

interface WalkContext {
  side: Side;
  schema?: string;
  pointer: string;
  marks: Mark[];
  depth: number;
}

function walkSchema(b: Builder, schema: JsonSchema, segs: string[], ctx: WalkContext): void {
  const put = (segments: string[], kind: FactKind, value: string, marks = ctx.marks) =>
    add(b, {
      segments,
      kind,
      side: ctx.side,
      schema: ctx.schema,
      value,
      pointer: ctx.pointer,
      marks,
    });
  if (ctx.depth > MAX_DEPTH) return;
  if (typeof schema === 'boolean') {
    put([...segs, 'type'], 'type', schema ? 'any' : 'never');
    return;
  }
  const s = schema as Obj;
  if (typeof s.$ref === 'string') {
    const name = componentSchemaName(s.$ref);
    put([...segs, `$ref ${name ?? s.$ref}`], 'ref', 'present');
    if (name) use(b, ctx, name);
    return;
  }
  const types = typesOf(s);
  if (types) put([...segs, 'type'], 'type', types);
  if (typeof s.format === 'string') put([...segs, 'format'], 'format', s.format);
  for (const c of CONSTRAINTS)
    if (s[c] !== undefined) put([...segs, c], 'constraint', JSON.stringify(s[c]));
  if (Array.isArray(s.enum)) addEnum(b, s, segs, ctx);
  if (s.additionalProperties === false)
    put([...segs, 'additionalProperties'], 'additional-properties', 'closed');

  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const props = asObj(s.properties);
  for (const name of Object.keys(props ?? {})) {
    const prop = props![name] as JsonSchema;
    const propObj = asObj(prop);
    const pointer = `${ctx.pointer}/properties/${escapePointer(name)}`;
    const fieldSegs = [...segs, `.${name}`];
    const marks = [markOf(pointer, undefined, propObj, true), ...ancestors(ctx.marks)];
    if (propObj?.['x-removed'] === true || lastChange(marks[0].history) === 'removed') {
      b.table.ghosts.set(fieldSegs.join(SEP), marks);
      continue;
    }
    add(b, {
      segments: fieldSegs,
      kind: 'field',
      side: ctx.side,
      schema: ctx.schema,
      value: required.has(name) ? 'required' : 'optional',
      pointer,
      marks,
    });
    if (propObj?.deprecated === true)
      put([...fieldSegs, 'deprecated'], 'deprecated', 'true', marks);
    walkSchema(b, prop, fieldSegs, { ...ctx, pointer, marks, depth: ctx.depth + 1 });
  }
  if (s.items !== undefined && !Array.isArray(s.items))
    walkSchema(b, s.items as JsonSchema, [...segs, '[]'], {
      ...ctx,
      pointer: `${ctx.pointer}/items`,
      depth: ctx.depth + 1,
    });
  if (s.additionalProperties !== undefined && typeof s.additionalProperties === 'object')
    walkSchema(b, s.additionalProperties as JsonSchema, [...segs, '{*}'], {
      ...ctx,
      pointer: `${ctx.pointer}/additionalProperties`,
      depth: ctx.depth + 1,
    });
  for (const combiner of ['allOf', 'oneOf', 'anyOf'] as const) {
    const members = s[combiner];
    if (!Array.isArray(members)) continue;
    members.forEach((member, i) => {
      const m = member as JsonSchema;
      const pointer = `${ctx.pointer}/${combiner}/${i}`;
      const next = { ...ctx, pointer, depth: ctx.depth + 1 };
      // allOf merges into the same object; union members are told apart by their ref name or position.
      if (combiner === 'allOf') walkSchema(b, m, segs, next);
      else if (typeof m === 'object' && typeof (m as Obj).$ref === 'string')
        walkSchema(b, m, [...segs, combiner], next);
      else walkSchema(b, m, [...segs, `${combiner}[${i}]`], next);
    });
  }
}

function addEnum(b: Builder, s: Obj, segs: string[], ctx: WalkContext): void {
  const history = asObj(s['x-enum-history']) ?? {};
  for (const value of s.enum as unknown[]) {
    const text = JSON.stringify(value);
    const own: Mark = {
      pointer: `${ctx.pointer}/enum`,
      history: readHistory(history[String(value)], ctx.pointer, []),
      own: true,
    };
    const marks = [own, ...ancestors(ctx.marks)];
    const key = [...segs, `enum ${text}`];
    if (lastChange(own.history) === 'removed') {
      b.table.ghosts.set(key.join(SEP), marks);
      continue;
    }
    add(b, {
      segments: key,
      kind: 'enum-value',
      side: ctx.side,
      schema: ctx.schema,
      value: 'present',
      pointer: ctx.pointer,
      marks,
    });
  }
}

function add(b: Builder, f: Omit<Fact, 'key'>): void {
  const key = f.segments.join(SEP);
  const seen = b.table.facts.get(key);
  // allOf members can state the same fact twice (two `type`s): keep both values, sorted.
  if (seen) {
    if (seen.value !== f.value)
      seen.value = [...new Set([...seen.value.split(' & '), f.value])].sort().join(' & ');
    return;
  }
  b.table.facts.set(key, { ...f, key });
}

function use(b: Builder, ctx: WalkContext, name: string): void {
  if (ctx.schema) {
    if (!b.edges.has(ctx.schema)) b.edges.set(ctx.schema, new Set());
    b.edges.get(ctx.schema)!.add(name);
  } else if (ctx.side === 'request' || ctx.side === 'response') {
    if (!b.direct.has(name)) b.direct.set(name, new Set());
    b.direct.get(name)!.add(ctx.side);
  }
}

function propagateUsage(b: Builder): void {
  const usage = b.table.usage;
  const queue: [string, 'request' | 'response'][] = [];
  for (const [name, sides] of b.direct) for (const side of sides) queue.push([name, side]);
  while (queue.length > 0) {
    const [name, side] = queue.pop()!;
    if (!usage.has(name)) usage.set(name, new Set());
    const sides = usage.get(name)!;
    if (sides.has(side)) continue;
    sides.add(side);
    for (const next of b.edges.get(name) ?? []) queue.push([next, side]);
  }
}

function markOf(
  pointer: string,
  lifecycle: Lifecycle | undefined,
  node: Obj | undefined,
  own: boolean,
): Mark {
  const history = lifecycle?.history ?? readHistory(node?.['x-history'], pointer, []);
  const mark: Mark = { pointer, history, own };
  if (typeof node?.['x-correction'] === 'string') mark.correction = node['x-correction'];
  const breaking = asObj(node?.['x-breaking']);
  if (breaking && typeof breaking.reason === 'string')
    mark.breaking = {
      level: Number.isInteger(breaking.level) ? (breaking.level as number) : null,
      reason: breaking.reason,
    };
  return mark;
}

function ancestors(marks: Mark[]): Mark[] {
  return marks.map((m) => (m.own ? { ...m, own: false } : m));
}

function lastChange(history: FeatureChange[]): string | undefined {
  return history.length > 0 ? history[history.length - 1].change : undefined;
}

function typesOf(s: Obj): string | undefined {
  let types: string[] | undefined;
  if (typeof s.type === 'string') types = [s.type];
  else if (Array.isArray(s.type)) types = s.type.map(String);
  if (!types) return undefined;
  if (s.nullable === true && !types.includes('null')) types.push('null');
  return [...new Set(types)].sort().join('|');
}

function securityText(op: Operation): string {
  if (op.security.length === 0) return 'none';
  return op.security
    .map((req) => {
      const names = Object.keys(req).sort();
      return names.length === 0
        ? '{}'
        : names.map((n) => (req[n].length ? `${n}(${[...req[n]].sort().join(',')})` : n)).join('+');
    })
    .sort()
    .join(' | ');
}

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function asObj(v: unknown): Obj | undefined {
  return isObject(v) ? v : undefined;
}

/** The highest feature level in any history the model carries (operations, parameters, schemas). */
function maxLevelOf(model: ApiModel): number | null {
  let max: number | null = null;
  const seen = new Set<object>();
  const visit = (v: unknown, key: string | undefined, depth: number) => {
    if (v === null || typeof v !== 'object' || seen.has(v) || depth > 200) return;
    seen.add(v);
    if ((key === 'history' || key === 'x-history') && Array.isArray(v)) {
      for (const e of v) {
        const level = (e as Obj | null)?.level;
        if (Number.isInteger(level)) max = Math.max(max ?? 0, level as number);
      }
    }
    if (key === 'x-enum-history' && !Array.isArray(v)) {
      for (const list of Object.values(v as Obj)) visit(list, 'history', depth + 1);
      return;
    }
    if (Array.isArray(v)) v.forEach((x) => visit(x, undefined, depth + 1));
    else
      for (const [k, x] of Object.entries(v as Obj)) if (k !== 'document') visit(x, k, depth + 1);
  };
  visit(model, undefined, 0);
  return max;
}
