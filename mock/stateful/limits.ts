/**
 * The mock server's limits and topic reading. The description leaves the numeric limits to
 * the register response; these are the values the mock advertises there and enforces.
 *
 * Every length limit counts Unicode code points, as JSON Schema's `maxLength` (and Ajv) count
 * them: an emoji is one, a letter plus a combining mark is two. One helper (`lengthOf`) does the
 * counting and one (`limitText`) says the limit in that unit, so no limit counts UTF-16 units.
 */
import type { MockState } from './state.js';

export const LIMITS = {
  max_message_length: 10000,
  max_topic_length: 60,
  max_stream_name_length: 60,
  max_stream_description_length: 1024,
};
/** Above this many subscribers (or topic participants), wildcard mentions need permission (the real server's threshold). */
export const WILDCARD_MENTION_THRESHOLD = 15;
/** GET /messages: at most this many messages per request (the description's limit). */
export const MAX_MESSAGES_PER_FETCH = 5000;
/** The description's limit of POST /users/me/status (also `maxLength` in the contract). */
export const STATUS_TEXT_MAX = 60;
/** Full names: the mock's choice (the description gives no limit). */
export const FULL_NAME_MIN = 2;
export const FULL_NAME_MAX = 60;
/** Push tokens: the mock's choice (the description only says invalid lengths are refused). */
export const MAX_TOKEN_LENGTH = 4096;
export const VERSION = '11.0-mock';

/** Length in Unicode code points (a lone surrogate counts as one, as Ajv counts it). */
export function lengthOf(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Whether `text` is longer than `max` code points; cheap when it is short in UTF-16 units already. */
export function longerThan(text: string, max: number): boolean {
  return text.length > max && lengthOf(text) > max;
}

/** A limit as the error messages state it, in the unit `lengthOf` counts. */
export function limitText(max: number): string {
  return `${max} characters (Unicode code points)`;
}

/** Read a topic as the description says: `(no topic)` and the empty-topic display name are the empty topic. */
export function normalizeTopic(state: MockState, topic: string): string {
  const t = topic.trim();
  return t === '(no topic)' || t === state.realm.empty_topic_display_name ? '' : t;
}
