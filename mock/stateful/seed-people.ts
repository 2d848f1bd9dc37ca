/**
 * The stateful mock's default people and places: users of every role, the system and ordinary
 * user groups, and the channels (seed.ts runs them in this order, the order of their IDs).
 */
import { systemGroupId } from './access.js';
import { base64url, sha256 } from './sha256.js';
import type {
  ChannelRecord,
  GroupSetting,
  MockState,
  RoleValue,
  UserGroupRecord,
  UserRecord,
} from './state.js';

/** The credentials `npm run mock:stateful` prints: email, password, API key. */
export interface SeededCredential {
  email: string;
  password: string;
  apiKey: string;
  role: string;
}

function apiKey(email: string): string {
  return base64url(sha256(`tms-mock:${email}`)).slice(0, 32);
}

const DEFAULT_SETTINGS = {
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
} as const;

/** What the seeding steps share: the state, the clock, the credentials printed at start. */
export interface Seeding {
  state: MockState;
  now: number;
  credentials: SeededCredential[];
}

/** The seeded users by role (each seeding step reads the ones it needs). */
export interface People {
  olivia: UserRecord;
  aaron: UserRecord;
  mona: UserRecord;
  maya: UserRecord;
  noah: UserRecord;
  gus: UserRecord;
  bot: UserRecord;
  dana: UserRecord;
  /** twenty members, so that "large channel" rules apply */
  team: UserRecord[];
}

export type Channels = Record<
  'general' | 'engineering' | 'leadership' | 'announcements' | 'oldProjects' | 'design' | 'social',
  ChannelRecord
>;

export const DAY = 86400;

function addUser(
  { state, now, credentials }: Seeding,
  full_name: string,
  email: string,
  role: RoleValue,
  extra: Partial<UserRecord> = {},
  label = '',
): UserRecord {
  const id = state.nextId.user++;
  const password = `${email.split('@')[0]}-password`;
  const user: UserRecord = {
    user_id: id,
    email,
    delivery_email: email,
    full_name,
    avatar: id % 2 === 0 ? `https://chat.example.com/user_avatars/${id}.png` : null,
    date_joined: new Date((now - 400 * DAY + id * DAY) * 1000).toISOString(),
    timezone: 'Europe/Berlin',
    is_active: true,
    role,
    is_bot: false,
    bot_type: null,
    password,
    api_key: apiKey(email),
    can_change_user_emails: false,
    profile_data: {},
    settings: { ...DEFAULT_SETTINGS },
    alert_words: [],
    status: { status_text: '', emoji_name: '', emoji_code: '', reaction_type: '', away: false },
    ...extra,
  };
  state.users.set(id, user);
  if (label) credentials.push({ email, password, apiKey: user.api_key, role: label });
  return user;
}

export function seedUsers(seeding: Seeding): People {
  const add = (...args: Parameters<typeof addUser> extends [Seeding, ...infer A] ? A : never) =>
    addUser(seeding, ...args);
  const olivia = add(
    'Olivia Owner',
    'olivia@example.com',
    100,
    {
      can_change_user_emails: true,
      profile_data: { 1: { value: 'CEO', rendered_value: '<p>CEO</p>' } },
    },
    'owner',
  );
  const aaron = add('Aaron Admin', 'aaron@example.com', 200, {}, 'administrator');
  const mona = add('Mona Moderator', 'mona@example.com', 300, {}, 'moderator');
  const maya = add(
    'Maya Member',
    'maya@example.com',
    400,
    {
      alert_words: ['deploy'],
      profile_data: { 1: { value: 'Backend engineer', rendered_value: '<p>Backend engineer</p>' } },
    },
    'member',
  );
  const noah = add(
    'Noah Member',
    'noah@example.com',
    400,
    {
      settings: {
        automatically_follow_topics_policy: 4,
        automatically_unmute_topics_in_muted_streams_policy: 4,
      },
    },
    'member',
  );
  const gus = add('Gus Guest', 'gus@example.com', 600, {}, 'guest');
  const bot = add(
    'Notification Bot',
    'notify-bot@example.com',
    400,
    { is_bot: true, bot_type: 1, bot_owner_id: maya.user_id, delivery_email: null },
    'bot (owned by Maya)',
  );
  const dana = add(
    'Dana Departed',
    'dana@example.com',
    400,
    { is_active: false },
    'deactivated member',
  );
  const team: UserRecord[] = [];
  for (let i = 1; i <= 20; i++)
    team.push(
      add(
        `Teammate ${String(i).padStart(2, '0')}`,
        `teammate${String(i).padStart(2, '0')}@example.com`,
        400,
      ),
    );
  return { olivia, aaron, mona, maya, noah, gus, bot, dana, team };
}

function addGroup(
  state: MockState,
  name: string,
  system: boolean,
  members: number[],
  extra: Partial<UserGroupRecord> = {},
): UserGroupRecord {
  const id = state.nextId.group++;
  const admins = system ? 0 : systemGroupId(state, 'role:administrators');
  const everyone = system ? 0 : systemGroupId(state, 'role:members');
  const g: UserGroupRecord = {
    id,
    name,
    description: system ? `System group ${name}` : `The ${name} team`,
    is_system_group: system,
    members: new Set(members),
    subgroups: new Set(),
    deactivated: false,
    can_add_members_group: admins || id,
    can_join_group: admins || id,
    can_leave_group: everyone || id,
    can_manage_group: admins || id,
    can_mention_group: everyone || id,
    can_remove_members_group: admins || id,
    ...extra,
  };
  state.groups.set(id, g);
  return g;
}

/** The system role groups first, then ordinary ones; returns the backend team. */
export function seedGroups(state: MockState, { maya, noah, mona }: People): UserGroupRecord {
  for (const name of [
    'role:internet',
    'role:everyone',
    'role:members',
    'role:fullmembers',
    'role:moderators',
    'role:administrators',
    'role:owners',
    'role:nobody',
  ])
    addGroup(state, name, true, []);
  const backend = addGroup(state, 'backend', false, [maya.user_id, noah.user_id], {
    can_manage_group: {
      direct_members: [maya.user_id],
      direct_subgroups: [systemGroupId(state, 'role:administrators')],
    },
  });
  addGroup(state, 'designers', false, [mona.user_id], { deactivated: true });
  addGroup(state, 'support', false, [mona.user_id, noah.user_id]);
  state.realm.can_mention_many_users_group = systemGroupId(state, 'role:administrators');
  state.realm.can_create_web_public_channel_group = systemGroupId(state, 'role:administrators');
  return backend;
}

/** Who a new channel's settings name by default. */
interface ChannelDefaults {
  creator: UserRecord;
  admins: GroupSetting;
  nobody: GroupSetting;
  members: GroupSetting;
}

function addChannel(
  { state, now }: Seeding,
  defaults: ChannelDefaults,
  name: string,
  description: string,
  extra: Partial<ChannelRecord>,
  subs: UserRecord[],
): ChannelRecord {
  const { admins, nobody, members } = defaults;
  const id = state.nextId.channel++;
  const ch: ChannelRecord = {
    stream_id: id,
    name,
    description,
    is_archived: false,
    date_created: now - 300 * DAY + id * DAY,
    creator_id: defaults.creator.user_id,
    invite_only: false,
    is_web_public: false,
    history_public_to_subscribers: true,
    message_retention_days: null,
    topics_policy: 'inherit',
    folder_id: null,
    is_default: false,
    recipient_id: state.nextId.recipient++,
    first_message_id: null,
    can_add_subscribers_group: members,
    can_remove_subscribers_group: admins,
    can_administer_channel_group: nobody,
    can_delete_any_message_group: admins,
    can_delete_own_message_group: members,
    ...extra,
  };
  state.channels.set(id, ch);
  state.subscriptions.set(id, new Map());
  for (const u of subs) subscribe(state, ch, u.user_id);
  return ch;
}

export function seedChannels(seeding: Seeding, people: People, backend: UserGroupRecord): Channels {
  const { state } = seeding;
  const { olivia, aaron, mona, maya, noah, gus, bot, dana, team } = people;
  const defaults: ChannelDefaults = {
    creator: olivia,
    admins: systemGroupId(state, 'role:administrators'),
    nobody: systemGroupId(state, 'role:nobody'),
    members: systemGroupId(state, 'role:members'),
  };
  const add = (
    ...args: Parameters<typeof addChannel> extends [Seeding, ChannelDefaults, ...infer A]
      ? A
      : never
  ) => addChannel(seeding, defaults, ...args);
  const everyone = [olivia, aaron, mona, maya, noah, gus, bot, dana, ...team];
  const general = add(
    'general',
    'Everything that concerns **everyone**.',
    { is_default: true, folder_id: 1 },
    everyone.filter((u) => u !== gus),
  );
  const engineering = add(
    'engineering',
    'Builds, deploys and code review.',
    { can_remove_subscribers_group: backend.id, folder_id: 1 },
    [olivia, aaron, maya, bot],
  );
  const leadership = add(
    'leadership',
    'Private: planning among owners and administrators.',
    { invite_only: true },
    [olivia, aaron],
  );
  const announcements = add(
    'announcements',
    'Web-public: news anyone may read.',
    { is_web_public: true, is_default: true },
    everyone,
  );
  const oldProjects = add('old-projects', 'Archived: projects that ended.', { is_archived: true }, [
    aaron,
    maya,
  ]);
  const design = add(
    'design',
    'Private, history limited to the time of subscription.',
    { invite_only: true, history_public_to_subscribers: false },
    [mona, maya],
  );
  const social = add('social', 'Off-topic chatter.', { topics_policy: 'allow_empty_topic' }, [
    maya,
    noah,
    mona,
  ]);
  state.subscriptions.get(social.stream_id)!.get(maya.user_id)!.is_muted = true;
  return { general, engineering, leadership, announcements, oldProjects, design, social };
}

export function subscribe(state: MockState, ch: ChannelRecord, userId: number): void {
  const subs = state.subscriptions.get(ch.stream_id)!;
  const existing = subs.get(userId);
  const from = state.nextId.message;
  if (existing) {
    if (!existing.active) {
      existing.active = true;
      existing.ranges.push([from, Infinity]);
    }
    return;
  }
  const colors = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55'];
  subs.set(userId, {
    color: colors[(ch.stream_id + userId) % colors.length],
    is_muted: false,
    pin_to_top: false,
    ranges: [[from, Infinity]],
    active: true,
  });
}
