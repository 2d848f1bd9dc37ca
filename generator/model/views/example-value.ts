/**
 * An example's value as a mock can serve it. Some documents (GitHub's) write a value as a `$ref`
 * to `#/components/examples/...`, which OpenAPI takes literally (an example's value is never a
 * reference); the author meant the value there. Resolved inside the document only; undefined
 * when it does not lead to an Example Object's `value`.
 */
import { getAt } from '../../common/pointer.js';
import { openDocument } from '../document.js';
import type { ApiModel } from '../types.js';

export type ServableValue = { ok: true; value: unknown } | { ok: false };

export function servableExampleValue(model: ApiModel, value: unknown): ServableValue {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: true, value };
  const ref = (value as { $ref?: unknown }).$ref;
  if (Object.keys(value).length !== 1 || typeof ref !== 'string') return { ok: true, value };
  if (!ref.startsWith('#/')) return { ok: false };
  const target = getAt(openDocument(model.document), ref);
  if (target === null || typeof target !== 'object' || !Object.hasOwn(target, 'value'))
    return { ok: false };
  return { ok: true, value: (target as { value: unknown }).value };
}
