/**
 * Media-type decisions of the model, each made here once:
 *
 * - which media types are JSON: `isJsonMediaType` (runtime/media-type.ts, shared with the
 *   client, which parses answers by the same rule);
 * - which are forms: urlencoded and multipart (their fields become parameters);
 * - which one media type stands for a body or a response (its *representative*), by the rule
 *   of `representativeMedia` below. Types, client, server, validators and docs all use the
 *   representative, so a contract listing several media types gets one consistent choice.
 */
import { isJsonMediaType } from '../../runtime/media-type.js';
import { mediaEssence } from '../../runtime/wire/request.js';
import type { BodyKind, MediaType } from './types.js';

export { isJsonMediaType };

const URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

export function isFormMediaType(type: string): boolean {
  const essence = mediaEssence(type);
  return essence === URLENCODED || essence === MULTIPART;
}

/** `form` when every media type is a form; `json` when any is JSON; `other` otherwise. */
export function bodyKindOf(mediaTypes: MediaType[]): BodyKind {
  if (mediaTypes.length > 0 && mediaTypes.every((m) => isFormMediaType(m.type))) return 'form';
  return mediaTypes.some((m) => isJsonMediaType(m.type)) ? 'json' : 'other';
}

/**
 * The representative media type of a `content` map: the first, in contract order, of the best
 * rank below. JSON comes first because this API (and most) answers in JSON, and a JSON schema
 * is what validators and types can check; among JSON types `application/json` itself, then one
 * that has a schema. Forms prefer urlencoded, the encoding every client can send.
 *
 *   0 `application/json` with a schema       3 `application/x-www-form-urlencoded`
 *   1 another JSON type with a schema         4 `multipart/form-data`
 *   2 any JSON type without a schema          5 anything else
 */
export function representativeMedia(mediaTypes: MediaType[]): MediaType | undefined {
  let best: MediaType | undefined;
  let bestRank = Infinity;
  for (const media of mediaTypes) {
    const rank = mediaRank(media);
    if (rank < bestRank) [best, bestRank] = [media, rank];
  }
  return best;
}

function mediaRank(media: MediaType): number {
  const essence = mediaEssence(media.type);
  if (isJsonMediaType(essence)) {
    if (media.schema === undefined) return 2;
    return essence === 'application/json' ? 0 : 1;
  }
  if (essence === URLENCODED) return 3;
  if (essence === MULTIPART) return 4;
  return 5;
}
