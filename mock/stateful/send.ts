/**
 * POST /messages: recipients, topic rules, wildcard-mention permission, initial flags
 * (read-by-sender), the automatic topic-visibility change, and the message events (with
 * `local_id` echoed to the sending queue only).
 */
import type { HandlerOf, SendMessageParams, SendMessageResult } from '../../generated/server.js';
import { error, ok } from './results.js';
import {
  canReadChannel,
  findChannel,
  findUser,
  groupMembers,
  inSetting,
  isSubscribed,
  subscribers,
} from './access.js';
import { bad } from './errors.js';
import {
  LIMITS,
  limitText,
  longerThan,
  normalizeTopic,
  WILDCARD_MENTION_THRESHOLD,
} from './limits.js';
import { renderMessage } from './render.js';
import {
  flagsOf,
  nowSeconds,
  storeMessage,
  topicKey,
  type MessageRecord,
  type MockState,
  type UserRecord,
} from './state.js';
import { CAPS, capReached } from './caps.js';
import { roomForTopicPolicy, setTopicPolicy, topicPolicy, VISIBILITY } from './topics.js';

const STREAM_WILDCARDS = /@\*\*(all|everyone|channel|stream)\*\*/;
const TOPIC_WILDCARD = /@\*\*topic\*\*/;

/**
 * The client name behind the read-by-sender heuristic: browsers and the official apps are
 * interactive clients (their messages start read); anything else counts as an API client.
 */
function clientName(userAgent: string | undefined): { name: string; interactive: boolean } {
  if (!userAgent) return { name: 'API', interactive: false };
  if (/Mozilla\//.test(userAgent)) return { name: 'website', interactive: true };
  const name = userAgent.split('/')[0].trim() || 'API';
  return {
    name,
    interactive:
      /^(website|ZulipWeb|ZulipMobile|ZulipElectron|ZulipDesktop|ZulipTerminal|ZulipAndroid|ZulipiOS)$/i.test(
        name,
      ),
  };
}

type Params = SendMessageParams;
type Result = SendMessageResult;

export function createSendMessage(state: MockState): HandlerOf<'sendMessage', UserRecord> {
  return (params, { user, header }) => {
    const content = params.content;
    if (content.trim() === '') return bad('Message must not be empty');
    if (longerThan(content, LIMITS.max_message_length))
      return bad(`Message must not exceed ${limitText(LIMITS.max_message_length)}`);
    if (params.queue_id !== undefined && params.local_id === undefined)
      return bad("Missing 'local_id' argument (required with 'queue_id')");
    if (params.queue_id !== undefined && state.events.ownerOf(params.queue_id) !== user.user_id)
      return bad('Invalid queue_id');
    const sent = state.sentBy.get(user.user_id) ?? 0;
    if (sent >= CAPS.messagesPerSender) return capReached('sent messages', CAPS.messagesPerSender);

    const isChannel = params.type === 'channel' || params.type === 'stream';
    const id = state.nextId.message;
    const record: MessageRecord = {
      id,
      kind: isChannel ? 'stream' : 'private',
      sender_id: user.user_id,
      recipient_id: 0,
      topic: '',
      content,
      timestamp: nowSeconds(state),
      client: clientName(header('user-agent')).name,
      reactions: [],
    };
    const audience = isChannel
      ? toChannel(state, params, user, record)
      : toUsers(state, params, user, record);
    if (!Array.isArray(audience)) return audience;
    mentionsOf(state, record, audience, user);

    // Commit.
    const starts =
      record.kind === 'stream' && !state.topics.has(topicKey(record.stream_id!, record.topic));
    storeMessage(state, record);
    state.sentBy.set(user.user_id, sent + 1);
    const readBySender = params.read_by_sender ?? clientName(header('user-agent')).interactive;
    if (readBySender) flagsOf(state, user.user_id).read.add(id);

    const body: { id: number; automatic_new_visibility_policy?: 0 | 1 | 2 | 3 } = { id };
    if (record.kind === 'stream') {
      const changed = automaticVisibility(state, user, record, starts);
      if (changed !== undefined) body.automatic_new_visibility_policy = changed;
    }
    pushMessageEvents(state, record, audience, user, params);
    return ok(body);
  };
}

/**
 * A channel message: its channel, topic and wildcard mentions checked and written into
 * `record`; the channel's subscribers, or the refusal.
 */
function toChannel(
  state: MockState,
  params: Params,
  user: UserRecord,
  record: MessageRecord,
): number[] | Result {
  const content = params.content;
  const to = Array.isArray(params.to)
    ? params.to.length === 1
      ? params.to[0]
      : undefined
    : params.to;
  if (to === undefined) return bad('A channel message is addressed to exactly one channel');
  const ref = typeof to === 'string' && /^[0-9]+$/.test(to) ? Number(to) : to;
  const ch = findChannel(state, ref);
  if (!ch || !canReadChannel(state, ch, user)) {
    return error(400, 'STREAM_DOES_NOT_EXIST', `Channel '${String(to)}' does not exist`, {
      stream: String(to),
    });
  }
  if (ch.is_archived) return bad(`Channel '${ch.name}' is archived`);
  if (ch.invite_only && !isSubscribed(state, ch.stream_id, user.user_id))
    return bad(`Not authorized to send to channel '${ch.name}'`);
  const rawTopic = params.topic ?? params.subject;
  if (rawTopic === undefined) return bad("Missing 'topic' argument");
  if (longerThan(rawTopic, LIMITS.max_topic_length))
    return bad(`Topic must not exceed ${limitText(LIMITS.max_topic_length)}`);
  const topic = normalizeTopic(state, rawTopic);
  const policy = ch.topics_policy === 'inherit' ? state.realm.topics_policy : ch.topics_policy;
  if (topic === '' && policy === 'disable_empty_topic')
    return bad('Topics are required in this channel');
  if (topic !== '' && policy === 'empty_topic_only')
    return bad('Only the empty topic is allowed in this channel');
  record.stream_id = ch.stream_id;
  record.recipient_id = ch.recipient_id;
  record.topic = topic;
  const audience = subscribers(state, ch.stream_id);

  const mayMentionMany = inSetting(state, state.realm.can_mention_many_users_group, user.user_id);
  if (STREAM_WILDCARDS.test(content)) {
    if (!mayMentionMany && audience.length > WILDCARD_MENTION_THRESHOLD) {
      return error(
        400,
        'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
        'You do not have permission to use channel wildcard mentions in this channel.',
      );
    }
    record.stream_wildcard = true;
  }
  if (TOPIC_WILDCARD.test(content)) {
    const participants = state.topics.get(topicKey(ch.stream_id, topic))?.senders.size ?? 0;
    if (!mayMentionMany && participants > WILDCARD_MENTION_THRESHOLD) {
      return error(
        400,
        'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
        'You do not have permission to use topic wildcard mentions in this topic.',
      );
    }
    record.topic_wildcard = true;
  }
  return audience;
}

/** A direct message: its recipients checked and written into `record`; them, or the refusal. */
function toUsers(
  state: MockState,
  params: Params,
  user: UserRecord,
  record: MessageRecord,
): number[] | Result {
  const list = Array.isArray(params.to) ? params.to : [params.to];
  const ids = new Set<number>([user.user_id]);
  for (const ref of list) {
    const r = typeof ref === 'string' && /^[0-9]+$/.test(ref) ? Number(ref) : ref;
    const target = findUser(state, r);
    if (!target || !target.is_active)
      return bad(typeof r === 'number' ? `Invalid user ID ${r}` : `Invalid email '${r}'`);
    ids.add(target.user_id);
  }
  const participants = [...ids].sort((a, b) => a - b);
  const key = participants.join(',');
  let recipient = state.dmRecipients.get(key);
  if (recipient === undefined) {
    recipient = state.nextId.recipient++;
    state.dmRecipients.set(key, recipient);
  }
  record.participants = participants;
  record.recipient_id = recipient;
  return participants;
}

/**
 * Mentions (users by full name, groups by name: deactivated groups cannot be mentioned) and
 * the recipients' alert words.
 */
function mentionsOf(
  state: MockState,
  record: MessageRecord,
  audience: number[],
  user: UserRecord,
): void {
  const content = record.content;
  const mentioned = new Set<number>();
  for (const [, name] of content.matchAll(/@\*\*([^*|]+)(?:\|[0-9]+)?\*\*/g)) {
    for (const u of state.users.values())
      if (u.full_name === name && audience.includes(u.user_id)) mentioned.add(u.user_id);
  }
  for (const [, name] of content.matchAll(/@\*([^*]+)\*/g)) {
    for (const g of state.groups.values()) {
      if (g.name === name && !g.deactivated)
        for (const id of groupMembers(state, g.id)) if (audience.includes(id)) mentioned.add(id);
    }
  }
  if (mentioned.size > 0) record.mentioned = [...mentioned];
  const lower = content.toLowerCase();
  const alerted = audience.filter(
    (id) =>
      id !== user.user_id &&
      state.users.get(id)!.alert_words.some((w) => lower.includes(w.toLowerCase())),
  );
  if (alerted.length > 0) record.alerted = alerted;
}

/** The message event to each recipient with a live queue (`local_id` to the sending queue only). */
function pushMessageEvents(
  state: MockState,
  record: MessageRecord,
  audience: number[],
  user: UserRecord,
  params: Params,
): void {
  const listening = new Set(state.events.live().map((q) => q.userId));
  for (const recipientId of new Set([...audience, user.user_id])) {
    if (!listening.has(recipientId)) continue;
    const viewer = state.users.get(recipientId)!;
    const message = renderMessage(state, record, viewer, {
      applyMarkdown: true,
      allowEmptyTopicName: false,
      clientExtavatar: true,
    });
    state.events.push(
      recipientId,
      { type: 'message', message, flags: message.flags },
      (queueId, q) => {
        const extra: Record<string, unknown> = {};
        if (q.capabilities.empty_topic_name && record.topic === '')
          extra.message = { ...message, subject: '' };
        if (queueId === params.queue_id && params.local_id !== undefined)
          extra.local_id = params.local_id;
        return extra;
      },
    );
  }
}

/**
 * The automatic topic-visibility change on send: "follow topics I send to / start" and
 * "unmute topics in muted channels I send to / start" (policies 2 and 3 of the sender's
 * settings; 1 "participates in" counts sending as participating). Only an actual change is
 * reported (response field + user_topic event).
 */
function automaticVisibility(
  state: MockState,
  user: UserRecord,
  m: MessageRecord,
  starts: boolean,
): 0 | 1 | 2 | 3 | undefined {
  const applies = (policy: 1 | 2 | 3 | 4) =>
    policy === 1 || policy === 2 || (policy === 3 && starts);
  const current = topicPolicy(state, user.user_id, m.stream_id!, m.topic);
  let next: 0 | 1 | 2 | 3 = current;
  if (applies(user.settings.automatically_follow_topics_policy)) next = VISIBILITY.followed;
  else if (applies(user.settings.automatically_unmute_topics_in_muted_streams_policy)) {
    const sub = state.subscriptions.get(m.stream_id!)?.get(user.user_id);
    if (sub?.is_muted && current !== VISIBILITY.followed) next = VISIBILITY.unmuted;
  }
  // A user at the topic-policy cap still sends: only the automatic change is left out.
  if (next === current || !roomForTopicPolicy(state, user.user_id, m.stream_id!, m.topic, next))
    return undefined;
  setTopicPolicy(state, user.user_id, m.stream_id!, m.topic, next);
  return next;
}
