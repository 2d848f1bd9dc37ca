/**
 * The one answer to "is this media type JSON", shared by the generator (which decides from the
 * contract which bodies, responses and `content:` parameters are JSON) and by the runtime (which
 * decides from a Content-Type header whether to parse an answer). Keeping both on one function
 * means a contract that documents `application/problem+json` or `application/vnd.x+json` gets
 * types, validators and a client that all agree the body is JSON.
 */
import { mediaEssence } from './wire/request.js';

/** `type/json` or `type/anything+json` (RFC 6839 structured syntax suffix), parameters ignored. */
const JSON_ESSENCE = /^[a-z0-9!#$&^_.+-]+\/(?:[a-z0-9!#$&^_.+-]*\+)?json$/;

export function isJsonMediaType(contentType: string): boolean {
  return JSON_ESSENCE.test(mediaEssence(contentType));
}

/**
 * The media type a JSON answer of `status` is sent with: the one the contract documents for the
 * response that covers the status (exact, then its range `4XX`, then `default`, as validators
 * match responses), `application/json` when that is it or nothing is documented.
 */
export function answerMediaType(
  op: { statuses: string[]; responseMediaTypes?: Record<string, string> },
  status: number,
): string {
  const types = op.responseMediaTypes;
  if (types === undefined) return 'application/json';
  const exact = String(status);
  const range = `${exact[0]}XX`;
  const documented =
    op.statuses.find((s) => s === exact) ??
    op.statuses.find((s) => s.toUpperCase() === range) ??
    op.statuses.find((s) => s === 'default');
  return (documented !== undefined && types[documented]) || 'application/json';
}
