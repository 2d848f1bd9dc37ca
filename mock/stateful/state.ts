/**
 * The stateful mock's in-memory world. Plain data in Maps, created per mock instance (two mocks
 * in one process share nothing). Everything the API returns is rendered from these records by
 * the resource modules; nothing here knows HTTP.
 */
import { CAPS } from './caps.js';
import type { Clock } from './clock.js';
import type { EventQueues } from './events.js';

export type RoleValue = 100 | 200 | 300 | 400 | 600;
export type GroupSetting = number | { direct_members: number[]; direct_subgroups: number[] };

export interface UserRecord {
  user_id: number;
  email: string;
  delivery_email: string | null;
  full_name: string;
  /** uploaded avatar URL; null means a Gravatar the client may compute itself */
  avatar: string | null;
  date_joined: string;
  timezone: string;
  is_active: boolean;
  role: RoleValue;
  is_bot: boolean;
  bot_type: number | null;
  bot_owner_id?: number;
  password: string;
  api_key: string;
  /** the special permission to change users' emails (owners only) */
  can_change_user_emails: boolean;
  profile_data: Record<string, { value: string; rendered_value?: string }>;
  settings: UserSettings;
  alert_words: string[];
  status: {
    status_text: string;
    emoji_name: string;
    emoji_code: string;
    reaction_type: string;
    away: boolean;
  };
}

export interface UserSettings {
  /** 1 participates in, 2 sends a message to, 3 starts, 4 never */
  automatically_follow_topics_policy: 1 | 2 | 3 | 4;
  automatically_unmute_topics_in_muted_streams_policy: 1 | 2 | 3 | 4;
  [name: string]: unknown;
}

export interface ChannelRecord {
  stream_id: number;
  name: string;
  description: string;
  is_archived: boolean;
  date_created: number;
  creator_id: number | null;
  invite_only: boolean;
  is_web_public: boolean;
  history_public_to_subscribers: boolean;
  message_retention_days: number | null;
  topics_policy: 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';
  folder_id: number | null;
  is_default: boolean;
  recipient_id: number;
  /** kept on send, so listing channels never scans the messages */
  first_message_id: number | null;
  can_add_subscribers_group: GroupSetting;
  can_remove_subscribers_group: GroupSetting;
  can_administer_channel_group: GroupSetting;
  can_delete_any_message_group: GroupSetting;
  can_delete_own_message_group: GroupSetting;
}

/** A user's subscription: current settings plus the message-ID ranges during which they received messages. */
export interface SubscriptionRecord {
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  /** [first message id received, first id not received (Infinity while subscribed)] */
  ranges: [number, number][];
  active: boolean;
}

export interface ReactionRecord {
  emoji_name: string;
  emoji_code: string;
  reaction_type: 'unicode_emoji' | 'realm_emoji' | 'service_extra_emoji';
  user_id: number;
}

export interface EditRecord {
  user_id: number | null;
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_topic?: string;
  topic?: string;
  prev_stream?: number;
  stream?: number;
}

export interface MessageRecord {
  id: number;
  kind: 'stream' | 'private';
  sender_id: number;
  /** channel messages */
  stream_id?: number;
  /** direct messages: every participant, sender included, sorted */
  participants?: number[];
  recipient_id: number;
  topic: string;
  content: string;
  timestamp: number;
  client: string;
  reactions: ReactionRecord[];
  edit_history?: EditRecord[];
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
  /** users mentioned directly or through a group */
  mentioned?: number[];
  stream_wildcard?: boolean;
  topic_wildcard?: boolean;
  /** users whose alert words it contains */
  alerted?: number[];
}

/** Per-user user-changeable flags; `read` holds the read messages among those received. */
export interface UserFlags {
  read: Set<number>;
  starred: Set<number>;
  collapsed: Set<number>;
  /** historical messages the user marked unread (they default to read) */
  unreadHistorical: Set<number>;
}

export interface UserGroupRecord {
  id: number;
  name: string;
  description: string;
  is_system_group: boolean;
  members: Set<number>;
  subgroups: Set<number>;
  deactivated: boolean;
  can_add_members_group: GroupSetting;
  can_join_group: GroupSetting;
  can_leave_group: GroupSetting;
  can_manage_group: GroupSetting;
  can_mention_group: GroupSetting;
  can_remove_members_group: GroupSetting;
}

export interface DraftRecord {
  id: number;
  user_id: number;
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  timestamp: number;
}

export interface Realm {
  string_id: string;
  topics_policy: 'allow_empty_topic' | 'disable_empty_topic';
  empty_topic_display_name: string;
  can_mention_many_users_group: GroupSetting;
  can_create_web_public_channel_group: GroupSetting;
  web_public_streams_enabled: boolean;
  enable_spectator_access: boolean;
  /** whether POST /fetch_api_key works (password login enabled) */
  password_auth_enabled: boolean;
  /** the push relay's health, for the E2EE test notification errors (settable from tests) */
  push_bouncer: 'ok' | 'admin_action_required' | 'unreachable' | 'server_error';
  user_settings_defaults: Record<string, unknown>;
  custom_profile_fields: { id: number; name: string; type: 'text' | 'url' }[];
  folders: number[];
  realm_emoji: Record<string, { name: string; deactivated: boolean }>;
}

/**
 * Derived data kept per mock instance, never per module: two mocks in one process (tests, the
 * bench) never see each other's entries, and a mock's caches go away with it.
 */
export interface MockCaches {
  /** rendered Markdown by source text (bounded: emptied when full) */
  rendered: Map<string, string>;
  /** linkifier patterns compiled once per pattern text (`null`: not a valid pattern) */
  linkifierPatterns: Map<string, RegExp | null>;
  /** channel messages by channel (channel-index.ts) */
  channelIndex: ChannelIndex;
}

export interface ChannelIndex {
  /** the message list indexed (a test may replace `state.messages`) */
  list: MessageRecord[] | undefined;
  /** how many of the list's messages are indexed */
  indexed: number;
  /** the last message indexed, to notice a list rewritten in place */
  last: MessageRecord | undefined;
  byChannel: Map<number, MessageRecord[]>;
}

export function emptyCaches(): MockCaches {
  return {
    rendered: new Map(),
    linkifierPatterns: new Map(),
    channelIndex: { list: undefined, indexed: 0, last: undefined, byChannel: new Map() },
  };
}

export interface MockState {
  clock: Clock;
  /** the feature level the mock serves as (POST /register reports it) */
  featureLevel: number;
  realm: Realm;
  users: Map<number, UserRecord>;
  channels: Map<number, ChannelRecord>;
  /** channel id → user id → subscription */
  subscriptions: Map<number, Map<number, SubscriptionRecord>>;
  /** every message, ascending by id (append-only: IDs only grow) */
  messages: MessageRecord[];
  messageById: Map<number, MessageRecord>;
  flags: Map<number, UserFlags>;
  /** `${userId}\u0000${streamId}\u0000${topic lowercased}` → visibility policy (absent = 0) */
  userTopics: Map<string, { policy: 0 | 1 | 2 | 3; last_updated: number; topic: string }>;
  /** `${streamId}\u0000${topic lowercased}` → senders and message count (topic index, so sends never scan) */
  topics: Map<string, { senders: Set<number>; count: number }>;
  groups: Map<number, UserGroupRecord>;
  drafts: Map<number, DraftRecord>;
  snippets: Map<
    number,
    { id: number; user_id: number; title: string; content: string; date_created: number }
  >;
  linkifiers: Map<number, { id: number; pattern: string; url_template: string }>;
  deviceTokens: Map<number, { token: string; appid: string }[]>;
  /** E2EE push devices (registered through an endpoint the description does not show: seeded or set by tests) */
  e2eeDevices: Map<number, { push_account_id: number }[]>;
  /** messages each user sent through the API (caps.ts: messagesPerSender; seeded ones not counted) */
  sentBy: Map<number, number>;
  /** recipient ids of DM participant sets, keyed by the sorted IDs joined with commas */
  dmRecipients: Map<string, number>;
  events: EventQueues;
  /** what this mock instance computes once and reuses (render.ts, channel-index.ts) */
  caches: MockCaches;
  nextId: {
    message: number;
    channel: number;
    recipient: number;
    draft: number;
    snippet: number;
    linkifier: number;
    group: number;
    user: number;
  };
}

/** Seconds since the epoch on the mock's clock (timestamps in the API are UNIX seconds). */
export function nowSeconds(state: MockState): number {
  return Math.floor(state.clock.now() / 1000);
}

export function flagsOf(state: MockState, userId: number): UserFlags {
  let f = state.flags.get(userId);
  if (!f) {
    f = { read: new Set(), starred: new Set(), collapsed: new Set(), unreadHistorical: new Set() };
    state.flags.set(userId, f);
  }
  return f;
}

export function userTopicKey(userId: number, streamId: number, topic: string): string {
  return `${userId}\u0000${streamId}\u0000${topic.toLowerCase()}`;
}

export function topicKey(streamId: number, topic: string): string {
  return `${streamId}\u0000${topic.toLowerCase()}`;
}

/** Appends a message to the store and its indexes (the one way messages enter the state). */
export function storeMessage(state: MockState, m: MessageRecord): void {
  state.messages.push(m);
  state.messageById.set(m.id, m);
  if (m.id >= state.nextId.message) state.nextId.message = m.id + 1;
  if (m.stream_id !== undefined) {
    const ch = state.channels.get(m.stream_id);
    if (ch && ch.first_message_id === null) ch.first_message_id = m.id;
    const key = topicKey(m.stream_id, m.topic);
    const entry = state.topics.get(key) ?? { senders: new Set<number>(), count: 0 };
    entry.senders.add(m.sender_id);
    entry.count++;
    state.topics.set(key, entry);
  }
}

/** Saved snippets `userId` has (counted only once the whole mock holds as many as one user may). */
export function snippetsOf(state: MockState, userId: number): number {
  if (state.snippets.size < CAPS.savedSnippetsPerUser) return state.snippets.size;
  let n = 0;
  for (const s of state.snippets.values()) if (s.user_id === userId) n++;
  return n;
}

/** Topic policies `userId` has set (keys start with the user's ID; see userTopicKey). */
export function topicPoliciesOf(state: MockState, userId: number): number {
  if (state.userTopics.size < CAPS.topicPoliciesPerUser) return state.userTopics.size;
  const prefix = `${userId}\u0000`;
  let n = 0;
  for (const key of state.userTopics.keys()) if (key.startsWith(prefix)) n++;
  return n;
}
