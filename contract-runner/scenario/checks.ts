/** A scenario's semantic checks: what a check compares, and what it saw when it fails. */
import { isDeepStrictEqual } from 'node:util';
import { resolveValue, type ExpressionContext, type Resolved } from './expressions.js';
import type { Check } from './format.js';

/** Undefined when the check holds, else what was seen. */
export function evaluateCheck(check: Check, ctx: ExpressionContext): string | undefined {
  const actual = resolveValue(check.actual, ctx);
  if (check.absent) return actual.ok ? `found ${JSON.stringify(actual.value)}` : undefined;
  if (!actual.ok) return actual.missing;
  const expected = (spec: unknown) => resolveValue(spec, ctx);
  const values = check.each ? actual.value : [actual.value];
  if (!Array.isArray(values)) return `expected a list, got ${show(actual.value)}`;
  if (check.each && values.length === 0) return 'the list is empty';
  for (const value of values) {
    const failure = compareOne(check, value, expected);
    if (failure) return failure;
  }
  return undefined;
}

function compareOne(
  check: Check,
  value: unknown,
  expected: (spec: unknown) => Resolved,
): string | undefined {
  const want = (spec: unknown) => {
    const r = expected(spec);
    return r.ok ? r.value : undefined;
  };
  if ('equals' in check && check.equals !== undefined) {
    const w = want(check.equals);
    if (!isDeepStrictEqual(value, w)) return `got ${show(value)}, expected ${show(w)}`;
  }
  if (check.notEquals !== undefined) {
    const w = want(check.notEquals);
    if (isDeepStrictEqual(value, w)) return `got ${show(value)}, which it must not be`;
  }
  const has = (w: unknown) =>
    Array.isArray(value)
      ? value.some((v) => isDeepStrictEqual(v, w))
      : typeof value === 'string' && typeof w === 'string' && value.includes(w);
  if (check.contains !== undefined) {
    const w = want(check.contains);
    if (!has(w)) return `${show(value)} does not contain ${show(w)}`;
  }
  if (check.notContains !== undefined) {
    const w = want(check.notContains);
    if (has(w)) return `${show(value)} contains ${show(w)}`;
  }
  return undefined;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
