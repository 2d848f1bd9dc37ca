/**
 * The mock server's limits and topic reading. The description leaves the numeric limits to
 * the register response; these are the values the mock advertises there and enforces.
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
export const STATUS_TEXT_MAX = 60;
export const FEATURE_LEVEL = 420;
export const VERSION = '11.0-mock';

/** Read a topic as the description says: `(no topic)` and the empty-topic display name are the empty topic. */
export function normalizeTopic(state: MockState, topic: string): string {
  const t = topic.trim();
  return t === '(no topic)' || t === state.realm.empty_topic_display_name ? '' : t;
}
