/**
 * Who may see and do what: group-setting resolution, roles, channel and message access. The
 * rules follow the API description; where it is silent, the choice is noted.
 */
import type { ChannelRecord, GroupSetting, MessageRecord, MockState, UserRecord } from './state.js';

export const ROLE = { owner: 100, admin: 200, moderator: 300, member: 400, guest: 600 } as const;

export const isAdmin = (u: UserRecord) => u.role <= ROLE.admin;
export const isOwner = (u: UserRecord) => u.role === ROLE.owner;

/** Members of a system group, by its name (`role:...`); `null` when not a system role group. */
function systemMembers(state: MockState, name: string): Set<number> | null {
  const users = [...state.users.values()].filter((u) => u.is_active);
  const pick = (f: (u: UserRecord) => boolean) => new Set(users.filter(f).map((u) => u.user_id));
  switch (name) {
    case 'role:internet':
    case 'role:everyone':
      return pick(() => true);
    case 'role:members':
    case 'role:fullmembers':
      return pick((u) => u.role <= ROLE.member);
    case 'role:moderators':
      return pick((u) => u.role <= ROLE.moderator);
    case 'role:administrators':
      return pick((u) => u.role <= ROLE.admin);
    case 'role:owners':
      return pick((u) => u.role === ROLE.owner);
    case 'role:nobody':
      return new Set();
    default:
      return null;
  }
}

/** Every user in a group, subgroups included (a deactivated group still has members). */
export function groupMembers(
  state: MockState,
  groupId: number,
  seen = new Set<number>(),
): Set<number> {
  const group = state.groups.get(groupId);
  if (!group || seen.has(groupId)) return new Set();
  seen.add(groupId);
  const system = group.is_system_group ? systemMembers(state, group.name) : null;
  const out = new Set<number>(system ?? group.members);
  for (const sub of group.subgroups) for (const id of groupMembers(state, sub, seen)) out.add(id);
  return out;
}

export function settingMembers(state: MockState, setting: GroupSetting): Set<number> {
  if (typeof setting === 'number') return groupMembers(state, setting);
  const out = new Set<number>(setting.direct_members);
  for (const g of setting.direct_subgroups) for (const id of groupMembers(state, g)) out.add(id);
  return out;
}

export const inSetting = (state: MockState, setting: GroupSetting, userId: number) =>
  settingMembers(state, setting).has(userId);

export function systemGroupId(state: MockState, name: string): number {
  for (const g of state.groups.values()) if (g.is_system_group && g.name === name) return g.id;
  throw new Error(`no system group ${name}`);
}

export function isSubscribed(state: MockState, channelId: number, userId: number): boolean {
  return state.subscriptions.get(channelId)?.get(userId)?.active === true;
}

export function subscribers(state: MockState, channelId: number): number[] {
  const subs = state.subscriptions.get(channelId);
  if (!subs) return [];
  return [...subs]
    .filter(([id, s]) => s.active && state.users.get(id)?.is_active)
    .map(([id]) => id);
}

/** Metadata access: the channel shows up for the user at all. */
export function canSeeChannel(state: MockState, ch: ChannelRecord, user: UserRecord): boolean {
  if (isSubscribed(state, ch.stream_id, user.user_id)) return true;
  if (user.role === ROLE.guest) return ch.is_web_public;
  return !ch.invite_only || isAdmin(user);
}

/** Content access: the user may read the channel's messages. */
export function canReadChannel(state: MockState, ch: ChannelRecord, user: UserRecord): boolean {
  if (isSubscribed(state, ch.stream_id, user.user_id)) return true;
  if (user.role === ROLE.guest) return ch.is_web_public;
  return !ch.invite_only;
}

/** The user received the message when it was sent (a UserMessage row, in the real server's terms). */
export function received(state: MockState, m: MessageRecord, userId: number): boolean {
  if (m.kind === 'private') return m.participants!.includes(userId);
  if (m.sender_id === userId) return true;
  const sub = state.subscriptions.get(m.stream_id!)?.get(userId);
  return !!sub && sub.ranges.some(([from, to]) => m.id >= from && m.id < to);
}

/**
 * The user may fetch the message. Personal history: messages received. Beyond it, channel
 * messages are readable where the user has content access and the history is public to them
 * (a public channel, or a private one with history_public_to_subscribers and a subscription);
 * `fullHistory` is set by narrows that search a channel or all public channels.
 */
export function canReadMessage(
  state: MockState,
  m: MessageRecord,
  user: UserRecord,
  fullHistory: boolean,
): boolean {
  if (received(state, m, user.user_id)) return true;
  if (m.kind === 'private' || !fullHistory) return false;
  const ch = state.channels.get(m.stream_id!);
  if (!ch || !canReadChannel(state, ch, user)) return false;
  return !ch.invite_only || ch.history_public_to_subscribers;
}

export function findChannel(state: MockState, ref: string | number): ChannelRecord | undefined {
  if (typeof ref === 'number') return state.channels.get(ref);
  const lower = ref.toLowerCase();
  for (const ch of state.channels.values()) if (ch.name.toLowerCase() === lower) return ch;
  return undefined;
}

export function findUser(state: MockState, ref: string | number): UserRecord | undefined {
  if (typeof ref === 'number') return state.users.get(ref);
  const lower = ref.toLowerCase();
  for (const u of state.users.values()) if (u.email.toLowerCase() === lower) return u;
  return undefined;
}
