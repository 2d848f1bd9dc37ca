/**
 * Topic visibility policies (POST /user_topics and the automatic change on send). Values:
 * 0 none, 1 muted; 2 unmuted and 3 followed (the description leaves the mapping of 2 and 3
 * unspecified: this is the mock's choice, the real server's mapping).
 */
import type { HandlerOf } from '../../generated/server.js';
import { ok } from './results.js';
import { canReadChannel } from './access.js';
import { CAPS, capReached } from './caps.js';
import { bad } from './errors.js';
import { LIMITS, limitText, longerThan, normalizeTopic } from './limits.js';
import {
  nowSeconds,
  topicPoliciesOf,
  userTopicKey,
  type MockState,
  type UserRecord,
} from './state.js';

export const VISIBILITY = { none: 0, muted: 1, unmuted: 2, followed: 3 } as const;

export function topicPolicy(
  state: MockState,
  userId: number,
  streamId: number,
  topic: string,
): 0 | 1 | 2 | 3 {
  return state.userTopics.get(userTopicKey(userId, streamId, topic))?.policy ?? 0;
}

/** Whether `userId` may set `policy` on the topic: clearing or changing one is always room; a new one needs room under the cap. */
export function roomForTopicPolicy(
  state: MockState,
  userId: number,
  streamId: number,
  topic: string,
  policy: number,
): boolean {
  if (policy === 0 || state.userTopics.has(userTopicKey(userId, streamId, topic))) return true;
  return topicPoliciesOf(state, userId) < CAPS.topicPoliciesPerUser;
}

/** Sets (0 clears) a policy and tells the user's queues with a user_topic event. */
export function setTopicPolicy(
  state: MockState,
  userId: number,
  streamId: number,
  topic: string,
  policy: 0 | 1 | 2 | 3,
): void {
  const key = userTopicKey(userId, streamId, topic);
  const last_updated = nowSeconds(state);
  if (policy === 0) state.userTopics.delete(key);
  else state.userTopics.set(key, { policy, last_updated, topic });
  state.events.push(userId, {
    type: 'user_topic',
    stream_id: streamId,
    topic_name: topic,
    last_updated,
    visibility_policy: policy,
  });
}

export function createUpdateUserTopic(state: MockState): HandlerOf<'updateUserTopic', UserRecord> {
  return (params, { user }) => {
    const ch = state.channels.get(params.stream_id);
    if (!ch || !canReadChannel(state, ch, user)) return bad('Invalid channel ID');
    if (longerThan(params.topic, LIMITS.max_topic_length))
      return bad(`Topic must not exceed ${limitText(LIMITS.max_topic_length)}`);
    const topic = normalizeTopic(state, params.topic);
    if (!roomForTopicPolicy(state, user.user_id, ch.stream_id, topic, params.visibility_policy))
      return capReached('topic visibility policies', CAPS.topicPoliciesPerUser);
    // Succeeds even when the topic has no messages (the description says so).
    setTopicPolicy(state, user.user_id, ch.stream_id, topic, params.visibility_policy);
    return ok();
  };
}
