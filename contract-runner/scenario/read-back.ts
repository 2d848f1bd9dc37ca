/**
 * Reading back what a write sent (`x-read-back`, format.ts): the record a later step read,
 * compared field by field with the write's request. Schema checks cannot see a server that
 * accepts a write and drops one of its fields; this names the field.
 */
import { isDeepStrictEqual } from 'node:util';
import { resolveValue, type ExpressionContext, type StepRecord } from './expressions.js';
import type { ReadBack } from './format.js';
import { isObject } from '../../runtime/is-object.js';

type Obj = Record<string, unknown>;

/** Record field → the value the write sent for it. */
function expectedFields(
  readBack: ReadBack,
  write: StepRecord,
  record: Obj,
  ctx: ExpressionContext,
): Map<string, unknown> {
  const sent: Obj = { ...(write.request?.query ?? {}), ...(write.request?.body ?? {}) };
  const out = new Map<string, unknown>();
  for (const [name, value] of Object.entries(sent))
    if (Object.hasOwn(record, name)) out.set(name, value);
  for (const [name, spec] of Object.entries(readBack.fields)) {
    const r = resolveValue(spec, ctx);
    if (r.ok) out.set(name, r.value);
  }
  return out;
}

/** What does not read back as sent (one line each), or [] when everything does. */
export function readBackDifferences(
  readBack: ReadBack,
  write: StepRecord,
  ctx: ExpressionContext,
): string[] {
  const found = resolveValue(readBack.record, ctx);
  if (!found.ok) return [`the record is not there (${found.missing})`];
  if (!isObject(found.value)) return [`the record read is not an object: ${show(found.value)}`];
  const record = found.value;
  const expected = expectedFields(readBack, write, record, ctx);
  if (expected.size === 0)
    return readBack.lenient ? [] : ['no field of the write is in the record read'];
  const out: string[] = [];
  for (const [name, value] of expected) {
    if (!Object.hasOwn(record, name)) out.push(`field '${name}' is missing, sent ${show(value)}`);
    else if (!isDeepStrictEqual(record[name], value))
      out.push(`field '${name}' reads back ${show(record[name])}, sent ${show(value)}`);
  }
  return out;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
