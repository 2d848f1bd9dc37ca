/**
 * Facts of a request body the model decides once, so every artifact reads the same answer
 * instead of looking at the body's schema itself.
 */
import { collectProperties, deref } from './schema-facts.js';
import type { MediaType } from './types.js';

/**
 * True when there is nothing to send: every media type's schema is an object allowed no member
 * (Stripe declares one on each DELETE), or the body lists no media type at all. A member declared
 * anywhere (`properties`, `allOf` members included), `additionalProperties` other than `false`,
 * `patternProperties`, a composition (`allOf`/`anyOf`/`oneOf`) or a media type with no schema
 * leaves something to send.
 */
export function carriesNothing(document: unknown, mediaTypes: MediaType[]): boolean {
  return mediaTypes.every((m) => {
    const s = deref(document, m.schema);
    if (!s || s.additionalProperties !== false || s.patternProperties) return false;
    if (s.allOf || s.anyOf || s.oneOf) return false;
    return Object.keys(collectProperties(document, s).properties).length === 0;
  });
}
