/**
 * The API's views of the mock's records (Message, Channel, Subscription, User), per requesting
 * user and per request options. Kept apart from the rules so each resource module stays small.
 */
import { received, subscribers } from './access.js';
import type { Channel, Message, Subscription, User } from '../../generated/types.js';
import type {
  ChannelRecord,
  MessageRecord,
  MockState,
  SubscriptionRecord,
  UserRecord,
} from './state.js';
import { flagsOf } from './state.js';

export interface RenderOptions {
  applyMarkdown: boolean;
  allowEmptyTopicName: boolean;
  clientExtavatar: boolean;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Bound of the rendered-Markdown cache: emptied when full, so a long load test cannot grow it. */
const RENDERED_MAX = 10_000;

/**
 * A deliberately tiny Markdown: paragraphs, **bold**, mentions. Enough for clients to tell HTML
 * from raw. Rendering is a pure function of the text and GET /messages renders the same messages
 * over and over (the real server stores rendered content too), so results are kept in the mock
 * instance's cache.
 */
export function renderMarkdown(state: MockState, text: string): string {
  const rendered = state.caches.rendered;
  let html = rendered.get(text);
  if (html === undefined) {
    if (rendered.size >= RENDERED_MAX) rendered.clear();
    rendered.set(text, (html = renderMarkdownNow(text)));
  }
  return html;
}

function renderMarkdownNow(text: string): string {
  return text
    .split(/\n{2,}/)
    .map(
      (para) =>
        `<p>${escapeHtml(para)
          .replace(/@\*\*([^*]+)\*\*/g, '<span class="user-mention">@$1</span>')
          .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}

export function avatarUrl(user: UserRecord, clientExtavatar: boolean): string | null {
  if (user.avatar) return user.avatar;
  // Gravatar users: a client that computes avatar URLs itself gets null (see Message.avatar_url).
  return clientExtavatar
    ? null
    : `https://secure.gravatar.com/avatar/${Buffer.from(user.email).toString('hex').slice(0, 32)}?d=identicon`;
}

export function messageFlags(state: MockState, m: MessageRecord, userId: number): string[] {
  const f = flagsOf(state, userId);
  const out: string[] = [];
  const got = received(state, m, userId);
  if (got ? f.read.has(m.id) : !f.unreadHistorical.has(m.id)) out.push('read');
  if (f.starred.has(m.id)) out.push('starred');
  if (f.collapsed.has(m.id)) out.push('collapsed');
  if (m.mentioned?.includes(userId)) out.push('mentioned');
  if (got && m.stream_wildcard) out.push('stream_wildcard_mentioned');
  if (got && m.topic_wildcard) out.push('topic_wildcard_mentioned');
  if (m.alerted?.includes(userId)) out.push('has_alert_word');
  if (!got) out.push('historical');
  if (got && (m.stream_wildcard || m.topic_wildcard)) out.push('wildcard_mentioned');
  return out;
}

/** A linkifier pattern compiled once per mock and pattern text (`null`: not a valid JavaScript pattern). */
function linkifierPattern(state: MockState, pattern: string): RegExp | null {
  const linkifierPatterns = state.caches.linkifierPatterns;
  let re = linkifierPatterns.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'g');
    } catch {
      re = null;
    }
    if (linkifierPatterns.size >= 1000) linkifierPatterns.clear();
    linkifierPatterns.set(pattern, re);
  }
  return re;
}

export function topicLinks(state: MockState, topic: string): { text: string; url: string }[] {
  const links: { text: string; url: string }[] = [];
  for (const l of state.linkifiers.values()) {
    // matchAll works on a copy of the pattern, so the shared one's lastIndex never matters.
    const re = linkifierPattern(state, l.pattern);
    if (re === null) continue;
    for (const match of topic.matchAll(re)) {
      const groups = match.groups ?? {};
      const url = l.url_template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) =>
        encodeURIComponent(groups[name] ?? ''),
      );
      links.push({ text: match[0], url });
    }
  }
  return links;
}

export function renderMessage(
  state: MockState,
  m: MessageRecord,
  viewer: UserRecord,
  opts: RenderOptions,
): Message {
  const sender = state.users.get(m.sender_id)!;
  const topic =
    m.kind === 'private'
      ? ''
      : m.topic === '' && !opts.allowEmptyTopicName
        ? state.realm.empty_topic_display_name
        : m.topic;
  const out: Record<string, unknown> = {
    id: m.id,
    type: m.kind,
    sender_id: sender.user_id,
    sender_email: sender.email,
    sender_full_name: sender.full_name,
    sender_realm_str: state.realm.string_id,
    avatar_url: avatarUrl(sender, opts.clientExtavatar),
    client: m.client,
    content: opts.applyMarkdown ? renderMarkdown(state, m.content) : m.content,
    content_type: opts.applyMarkdown ? 'text/html' : 'text/x-markdown',
    display_recipient:
      m.kind === 'stream'
        ? state.channels.get(m.stream_id!)!.name
        : m.participants!.map((id) => {
            const u = state.users.get(id)!;
            return {
              id: u.user_id,
              email: u.email,
              full_name: u.full_name,
              is_mirror_dummy: false,
            };
          }),
    recipient_id: m.recipient_id,
    subject: topic,
    topic_links: m.kind === 'stream' ? topicLinks(state, m.topic) : [],
    timestamp: m.timestamp,
    is_me_message: m.content.startsWith('/me '),
    reactions: m.reactions.map((r) => ({ ...r })),
    submessages: [],
    flags: messageFlags(state, m, viewer.user_id),
  };
  if (m.kind === 'stream') out.stream_id = m.stream_id;
  if (m.last_edit_timestamp !== undefined) out.last_edit_timestamp = m.last_edit_timestamp;
  if (m.last_moved_timestamp !== undefined) out.last_moved_timestamp = m.last_moved_timestamp;
  if (m.edit_history) out.edit_history = m.edit_history.map((e) => ({ ...e }));
  return out as unknown as Message;
}

export function renderChannel(state: MockState, ch: ChannelRecord): Channel {
  const channel: Channel = {
    stream_id: ch.stream_id,
    name: ch.name,
    description: ch.description,
    rendered_description: renderMarkdown(state, ch.description),
    is_archived: ch.is_archived,
    date_created: ch.date_created,
    creator_id: ch.creator_id,
    invite_only: ch.invite_only,
    is_web_public: ch.is_web_public,
    stream_post_policy: 1,
    is_announcement_only: false,
    message_retention_days: ch.message_retention_days,
    history_public_to_subscribers: ch.history_public_to_subscribers,
    topics_policy: ch.topics_policy,
    first_message_id: ch.first_message_id,
    folder_id: ch.folder_id,
    is_recently_active: ch.first_message_id !== null,
    can_add_subscribers_group: ch.can_add_subscribers_group,
    can_remove_subscribers_group: ch.can_remove_subscribers_group,
    can_administer_channel_group: ch.can_administer_channel_group,
    can_delete_any_message_group: ch.can_delete_any_message_group,
    can_delete_own_message_group: ch.can_delete_own_message_group,
  };
  return channel;
}

export function renderSubscription(
  state: MockState,
  ch: ChannelRecord,
  sub: SubscriptionRecord,
  includeSubscribers: 'true' | 'false' | 'partial',
): Subscription {
  const c = renderChannel(state, ch);
  const out: Record<string, unknown> = {
    stream_id: c.stream_id,
    name: c.name,
    description: c.description,
    rendered_description: c.rendered_description,
    date_created: c.date_created,
    creator_id: c.creator_id,
    invite_only: c.invite_only,
    desktop_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    push_notifications: null,
    audible_notifications: null,
    pin_to_top: sub.pin_to_top,
    is_muted: sub.is_muted,
    in_home_view: !sub.is_muted,
    is_announcement_only: false,
    is_web_public: c.is_web_public,
    color: sub.color,
    stream_post_policy: 1,
    message_retention_days: c.message_retention_days,
    history_public_to_subscribers: c.history_public_to_subscribers,
    first_message_id: c.first_message_id,
    folder_id: c.folder_id,
    topics_policy: c.topics_policy,
    is_recently_active: c.is_recently_active,
    stream_weekly_traffic: null,
    can_add_subscribers_group: c.can_add_subscribers_group,
    can_remove_subscribers_group: c.can_remove_subscribers_group,
    can_administer_channel_group: c.can_administer_channel_group,
  };
  const subs = subscribers(state, ch.stream_id);
  // A full list is guaranteed below 250 subscribers; above, a partial list of bots (the mock has no activity data).
  if (includeSubscribers === 'true' || (includeSubscribers === 'partial' && subs.length < 250))
    out.subscribers = subs;
  else if (includeSubscribers === 'partial')
    out.partial_subscribers = subs.filter((id) => state.users.get(id)?.is_bot);
  return out as unknown as Subscription;
}

export function renderUser(
  user: UserRecord,
  opts: { clientExtavatar: boolean; profileData: boolean },
): User {
  const out: Record<string, unknown> = {
    user_id: user.user_id,
    email: user.email,
    delivery_email: user.delivery_email,
    full_name: user.full_name,
    avatar_url: avatarUrl(user, opts.clientExtavatar),
    date_joined: user.date_joined,
    timezone: user.timezone,
    is_active: user.is_active,
    is_admin: user.role <= 200,
    is_owner: user.role === 100,
    is_guest: user.role === 600,
    is_bot: user.is_bot,
    role: user.role,
    bot_type: user.bot_type,
  };
  if (user.is_bot && user.bot_owner_id !== undefined) out.bot_owner_id = user.bot_owner_id;
  if (opts.profileData) out.profile_data = structuredClone(user.profile_data);
  return out as unknown as User;
}
