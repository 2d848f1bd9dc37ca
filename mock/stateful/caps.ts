/**
 * Caps on how much one user can pile up through the API. Every item is already bounded in size
 * (limits.ts, MAX_STORED_STRING_LENGTH), but nothing bounded their number: thousands of saved
 * snippets at the length limit took a hundred MB and more (bench/results/stateful-caps.md). The
 * description gives no such limits, so these are the mock's choices, far above what a session of
 * real use makes; a call that would go past one answers 400 BAD_REQUEST in the API's envelope (the
 * description names no error for it) and stores nothing. The README's "Limits" lists them;
 * test/stateful/caps.test.ts holds each edge.
 */
import { bad } from './errors.js';

export const CAPS = {
  /**
   * messages one user sends through the API (seeded ones do not count): above a 40-second load
   * run at 9,000 requests/s with one request in five a send (~72,000, bench/stateful.ts)
   */
  messagesPerSender: 200_000,
  /** saved snippets per user (POST /saved_snippets) */
  savedSnippetsPerUser: 100,
  /** push device tokens per user (POST /users/me/platform_device_token; one already stored is no new one) */
  pushTokensPerUser: 20,
  /** topic visibility policies per user (POST /user_topics and the automatic change on send; 0 clears one) */
  topicPoliciesPerUser: 1_000,
  /** linkifiers of the organization (POST /realm/filters; administrators only, so the realm's collection) */
  linkifiersPerRealm: 100,
  /** live event queues per user (POST /register); an idle queue still goes after 10 minutes */
  eventQueuesPerUser: 100,
  /**
   * events one queue holds unread; the event past it discards the queue, as the real server
   * discards an expired one (reading it answers BAD_EVENT_QUEUE_ID: the client registers again)
   */
  eventsPerQueue: 1_000,
} as const;

/** The refusal when a cap is reached: `what` in the plural ("saved snippets"). */
export function capReached(what: string, cap: number) {
  return bad(`Too many ${what}: the mock stores at most ${cap.toLocaleString('en-US')} per user`);
}
