/**
 * Runtime expressions of the scenarios, as in Arazzo: `$inputs.email`, `$statusCode`,
 * `$response.body#/id`, `$request.path.message_id`, `$steps.send.outputs.message_id`,
 * `$steps.users.response.body#/members`, each optionally followed by a JSON pointer
 * (`#/0/name`); strings may embed them (`'run {$inputs.tag}'`). Our extension, the selection
 * (`x-from` a list, `x-where` pointers equal values, `x-select` a pointer of the chosen item),
 * picks "a channel the user may post in" out of an answer. A value that cannot be had is a
 * value too (`missing`, with why), so a step that needs it is skipped with that reason.
 */
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../../runtime/is-object.js';
import { unescapeSegment } from '../../generator/common/pointer.js';

export interface StepRecord {
  /** false when the step was skipped or did not reach its expected answer */
  ok: boolean;
  /** the operation the step called (a read-back names the write's) */
  operationId?: string;
  why?: string;
  /** it failed, or was skipped because a step it needs failed: what needs it is blocked too */
  blocked?: boolean;
  outputs: Record<string, unknown>;
  /** `headers`: those the runner follows, by lower-case name (`location`) */
  response?: { status?: number; body?: unknown; headers?: Record<string, string> };
  request?: Record<string, Record<string, unknown>>;
}

export interface ExpressionContext {
  inputs: Record<string, unknown>;
  steps: Map<string, StepRecord>;
  /** the step being evaluated: its answer and its resolved request */
  current?: { status?: number; body?: unknown; request?: Record<string, Record<string, unknown>> };
  /** against a stateless server, a selection that matches nothing falls back to the first item */
  stateless: boolean;
}

export type Resolved =
  | { ok: true; value: unknown }
  /** `blocked`: missing because a step failed (not because it was skipped with a reason) */
  | { ok: false; missing: string; blocked?: boolean };

type Obj = Record<string, unknown>;
const missing = (why: string): Resolved => ({ ok: false, missing: why });
const EMBEDDED = /\{(\$[^{}]+)\}/g;
const HAS_EMBEDDED = /\{\$[^{}]+\}/;

/** A value of a step (literal, expression, embedded string, selection, or a tree of those). */
export function resolveValue(spec: unknown, ctx: ExpressionContext): Resolved {
  if (typeof spec === 'string') {
    if (spec.startsWith('$')) return evaluate(spec, ctx);
    if (!HAS_EMBEDDED.test(spec)) return { ok: true, value: spec };
    let why: string | undefined;
    const text = spec.replace(EMBEDDED, (_, expr: string) => {
      const r = evaluate(expr, ctx);
      if (!r.ok) {
        why ??= r.missing;
        return '';
      }
      return typeof r.value === 'string' ? r.value : JSON.stringify(r.value);
    });
    return why ? missing(why) : { ok: true, value: text };
  }
  if (Array.isArray(spec)) {
    const out: unknown[] = [];
    for (const item of spec) {
      const r = resolveValue(item, ctx);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (isObject(spec)) {
    if ('x-from' in spec) return select(spec, ctx);
    // `{x-link, x-else}`: a value a link gives, else (its producer skipped, or its answer
    // without it) the fallback; a producer that failed blocks as any expression does.
    if ('x-link' in spec) {
      const linked = resolveValue(spec['x-link'], ctx);
      return linked.ok || linked.blocked ? linked : resolveValue(spec['x-else'], ctx);
    }
    // `{x-last-segment}`: the last path segment of a URL (a create's `Location`: its new ID).
    if ('x-last-segment' in spec) {
      const url = resolveValue(spec['x-last-segment'], ctx);
      if (!url.ok) return url;
      const segment = lastSegment(String(url.value));
      return segment === undefined
        ? missing(`${String(url.value)} has no path segment`)
        : { ok: true, value: segment };
    }
    const out: Obj = {};
    for (const [key, item] of Object.entries(spec)) {
      const r = resolveValue(item, ctx);
      if (!r.ok) return r;
      out[key] = r.value;
    }
    return { ok: true, value: out };
  }
  return { ok: true, value: spec };
}

/** The last non-empty path segment of a URL or path, decoded (`/pets/42?x=1` → `42`). */
export function lastSegment(url: string): string | undefined {
  const path = url.split(/[?#]/)[0];
  const last = path.split('/').filter(Boolean).pop();
  if (last === undefined || /^[a-z][a-z0-9+.-]*:$/i.test(last)) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** One runtime expression. */
export function evaluate(expression: string, ctx: ExpressionContext): Resolved {
  const [head, pointer] = splitPointer(expression.trim());
  const base = evaluateHead(head, ctx);
  if (!base.ok || pointer === undefined) return base;
  const found = pointerGet(base.value, pointer);
  return found === undefined ? missing(`${expression} has no value`) : { ok: true, value: found };
}

function evaluateHead(head: string, ctx: ExpressionContext): Resolved {
  const parts = head.split('.');
  const have = (value: unknown, what: string): Resolved =>
    value === undefined ? missing(`${what} has no value`) : { ok: true, value };
  switch (parts[0]) {
    case '$inputs':
      return have(ctx.inputs[parts.slice(1).join('.')], head);
    case '$statusCode':
      return have(ctx.current?.status, head);
    case '$response':
      if (parts[1] === 'body') return have(ctx.current?.body, head);
      break;
    case '$request':
      if (parts.length === 3) return have(ctx.current?.request?.[parts[1]]?.[parts[2]], head);
      break;
    case '$steps': {
      const step = ctx.steps.get(parts[1] ?? '');
      if (!step) return missing(`step '${parts[1]}' did not run`);
      if (!step.ok)
        return {
          ok: false,
          missing: `step '${parts[1]}' ${step.why ?? 'did not succeed'}`,
          blocked: step.blocked,
        };
      if (parts[2] === 'outputs' && parts.length === 4) return have(step.outputs[parts[3]], head);
      if (parts[2] === 'response' && parts[3] === 'body' && parts.length === 4)
        return have(step.response?.body, head);
      if (parts[2] === 'response' && parts[3] === 'header' && parts.length === 5)
        return have(step.response?.headers?.[parts[4].toLowerCase()], head);
      if (parts[2] === 'request' && parts.length === 5)
        return have(step.request?.[parts[3]]?.[parts[4]], head);
      break;
    }
  }
  return missing(`'${head}' is not a runtime expression the runner knows`);
}

function splitPointer(expression: string): [string, string | undefined] {
  const hash = expression.indexOf('#');
  return hash < 0
    ? [expression, undefined]
    : [expression.slice(0, hash), expression.slice(hash + 1)];
}

/** The step IDs an expression tree refers to (for --only: which steps a step depends on). */
export function referencedSteps(spec: unknown, into = new Set<string>()): Set<string> {
  if (typeof spec === 'string') {
    for (const m of spec.matchAll(/\$steps\.([A-Za-z0-9_-]+)/g)) into.add(m[1]);
  } else if (Array.isArray(spec)) spec.forEach((s) => referencedSteps(s, into));
  else if (isObject(spec)) Object.values(spec).forEach((s) => referencedSteps(s, into));
  return into;
}

/** The inputs a value needs (a selection's constraints on inputs are optional: not counted). */
export function referencedInputs(spec: unknown, into = new Set<string>()): Set<string> {
  if (typeof spec === 'string') {
    for (const m of spec.matchAll(/\$inputs\.([A-Za-z0-9_]+)/g)) into.add(m[1]);
  } else if (Array.isArray(spec)) spec.forEach((s) => referencedInputs(s, into));
  else if (isObject(spec))
    for (const [key, s] of Object.entries(spec))
      if (key !== 'x-where' && key !== 'x-where-not') referencedInputs(s, into);
  return into;
}

/** RFC 6901, plus `*` as "every item" (values of all matches, flattened one level). */
export function pointerGet(value: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return pointer === '' ? value : (value as Obj)?.[''];
  const tokens = pointer.slice(1).split('/').map(unescapeSegment);
  return walk(value, tokens);
}

function walk(value: unknown, tokens: string[]): unknown {
  if (tokens.length === 0) return value;
  const [token, ...rest] = tokens;
  if (token === '*') {
    if (!Array.isArray(value)) return undefined;
    return value.map((item) => walk(item, rest)).filter((v) => v !== undefined);
  }
  if (Array.isArray(value))
    return /^(0|[1-9][0-9]*)$/.test(token) ? walk(value[Number(token)], rest) : undefined;
  if (isObject(value) && Object.hasOwn(value, token)) return walk(value[token], rest);
  return undefined;
}

function matches(item: unknown, pointer: string, want: unknown): boolean {
  const got = pointerGet(item, pointer);
  if (pointer.includes('/*'))
    return Array.isArray(got) && got.some((g) => isDeepStrictEqual(g, want));
  return isDeepStrictEqual(got, want);
}

function select(spec: Obj, ctx: ExpressionContext): Resolved {
  const from = resolveValue(spec['x-from'], ctx);
  if (!from.ok) return from;
  if (!Array.isArray(from.value)) return missing(`${String(spec['x-from'])} is not a list`);
  const constraints = (key: string): [string, unknown][] | Resolved => {
    const out: [string, unknown][] = [];
    for (const [pointer, raw] of Object.entries((spec[key] as Obj | undefined) ?? {})) {
      const r = resolveValue(raw, ctx);
      if (r.ok) out.push([pointer, r.value]);
      // A constraint on an input nobody gave (no second user) constrains nothing; any other
      // value that cannot be had makes the selection impossible.
      else if (!(typeof raw === 'string' && raw.startsWith('$inputs.'))) return r;
    }
    return out;
  };
  const where = constraints('x-where');
  if (!Array.isArray(where)) return where;
  const whereNot = constraints('x-where-not');
  if (!Array.isArray(whereNot)) return whereNot;
  const hits = from.value.filter(
    (item) =>
      where.every(([p, v]) => matches(item, p, v)) &&
      !whereNot.some(([p, v]) => matches(item, p, v)),
  );
  const pointer = typeof spec['x-select'] === 'string' ? spec['x-select'] : '';
  if (spec['x-all'] === true)
    return {
      ok: true,
      value: hits.map((h) => pointerGet(h, pointer)).filter((v) => v !== undefined),
    };
  let chosen = spec['x-pick'] === 'last' ? hits[hits.length - 1] : hits[0];
  if (chosen === undefined && ctx.stateless) chosen = from.value[0];
  if (chosen === undefined)
    return missing(`no item of ${String(spec['x-from'])} matches ${describe(where, whereNot)}`);
  const value = pointerGet(chosen, pointer);
  return value === undefined
    ? missing(`the item chosen from ${String(spec['x-from'])} has no ${pointer}`)
    : { ok: true, value };
}

function describe(where: [string, unknown][], whereNot: [string, unknown][]): string {
  const parts = [
    ...where.map(([p, v]) => `${p} = ${JSON.stringify(v)}`),
    ...whereNot.map(([p, v]) => `${p} ≠ ${JSON.stringify(v)}`),
  ];
  return parts.length > 0 ? parts.join(', ') : '(anything)';
}

/** `A op B` with op one of == != < <= > >=; operands are expressions or JSON-ish literals. */
export function condition(text: string, ctx: ExpressionContext): Resolved {
  const m = /^(.+?)\s+(==|!=|<=|>=|<|>)\s+(.+)$/.exec(text.trim());
  if (!m) return missing(`'${text}' is not a condition (A == B, !=, <, <=, >, >=)`);
  const left = operand(m[1], ctx);
  if (!left.ok) return left;
  const right = operand(m[3], ctx);
  if (!right.ok) return right;
  const [a, b] = [left.value, right.value];
  const value =
    m[2] === '=='
      ? isDeepStrictEqual(a, b)
      : m[2] === '!='
        ? !isDeepStrictEqual(a, b)
        : typeof a === 'number' && typeof b === 'number'
          ? compare(m[2], a, b)
          : false;
  return { ok: true, value };
}

function compare(op: string, a: number, b: number): boolean {
  return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
}

function operand(text: string, ctx: ExpressionContext): Resolved {
  const t = text.trim();
  if (t.startsWith('$')) return evaluate(t, ctx);
  if (/^'.*'$/.test(t)) return { ok: true, value: t.slice(1, -1) };
  try {
    return { ok: true, value: JSON.parse(t) };
  } catch {
    return { ok: true, value: t };
  }
}
