/**
 * What the judge expects of error bodies, from the contract (never assumed): where they carry
 * their message and code (the model's `errorShape`, generator/model/errors.ts: `{msg, code}` for
 * our API, `{message}` or `{error: {message, code}}` elsewhere), and whether the contract's
 * answers use the `{result: "success" | "error", msg, code}` envelope (our API's: its error
 * responses declare `result`). A contract with neither gets no envelope check: the generated
 * validators still judge each body against its documented schema.
 */
import { propertiesOf, resolveSchema } from '../generator/model/lookup.js';
import { isJsonMediaType } from '../generator/model/media.js';
import type { ApiModel, ErrorShape } from '../generator/model/types.js';

export interface ErrorConventions {
  /** where error bodies carry their message and code; absent: the contract declares none */
  shape?: ErrorShape;
  /** every answer is a `{result, msg, code}` envelope (by `shape`'s names) */
  envelope: boolean;
  /**
   * The contract says which error codes each operation answers with (`x-error-codes`, ours):
   * another code is a violation. A contract that lists none leaves codes unjudged.
   */
  listsCodes: boolean;
}

export function errorConventions(model: ApiModel): ErrorConventions {
  const shape = model.errorShape;
  const listsCodes = model.operations.some((op) => op.errorCodes.length > 0);
  if (!shape || shape.within !== undefined) return { shape, envelope: false, listsCodes };
  const envelope = model.operations.some((op) =>
    op.responses.some((r) => {
      if (!(r.status === 'default' || /^[45]/.test(r.status))) return false;
      const media = r.representative;
      if (!media?.schema || !isJsonMediaType(media.type)) return false;
      const schema = resolveSchema(model, media.schema);
      return (
        schema !== undefined && Object.hasOwn(propertiesOf(model, schema).properties, 'result')
      );
    }),
  );
  return { shape, envelope, listsCodes };
}

/** The message and code of an error body, where the contract's error shape puts them. */
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
