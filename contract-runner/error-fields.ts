/**
 * The message and code of an error body, read where the contract's error shape puts them (the
 * model's `errorConventions.shape`, generator/model/errors.ts: `{msg, code}` for our API,
 * `{message}` or `{error: {message, code}}` elsewhere). A pure reader: what the conventions are
 * is the model's decision, made once when it is built.
 */
import type { ErrorShape } from '../generator/model/types.js';

export function errorFields(
  body: unknown,
  shape: ErrorShape | undefined,
): { msg?: string; code?: string } {
  if (!shape || !body || typeof body !== 'object' || Array.isArray(body)) return {};
  let holder = body as Record<string, unknown>;
  if (shape.within !== undefined) {
    const inner = holder[shape.within];
    // `errors: [{message}]`: the first error speaks for the body.
    const first = Array.isArray(inner) ? inner[0] : inner;
    if (!first || typeof first !== 'object') return {};
    holder = first as Record<string, unknown>;
  }
  const msg = holder[shape.message];
  const code = shape.code !== undefined ? holder[shape.code] : undefined;
  return {
    ...(typeof msg === 'string' ? { msg } : {}),
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
  };
}
