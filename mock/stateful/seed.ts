/**
 * The default world of the stateful mock: an organization with users of every role (owner,
 * administrator, moderator, members, a guest, a bot and a deactivated user, plus twenty
 * teammates so that "large channel" rules apply), public, private, web-public and archived
 * channels, messages with reactions and edit history, direct and group direct messages,
 * user groups (one deactivated), drafts, saved snippets, a linkifier and an E2EE device.
 * Deterministic: the same seed gives the same IDs and keys every time.
 */
import { systemGroupId } from './access.js';
import { base64url, sha256 } from './sha256.js';
import type {
  ChannelRecord,
  GroupSetting,
  MessageRecord,
  MockState,
  RoleValue,
  UserGroupRecord,
  UserRecord,
} from './state.js';
import { flagsOf, nowSeconds, storeMessage } from './state.js';

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

export interface SeedOptions {
  /** extra channel messages (for the memory benchmark); default 0 */
  extraMessages?: number;
  /** the channel (by name) all extra messages go to; default: alternately general and engineering */
  extraMessagesChannel?: string;
}

const DEFAULT_SETTINGS = {
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
} as const;

export function seedDefault(state: MockState, options: SeedOptions = {}): SeededCredential[] {
  const now = nowSeconds(state);
  const day = 86400;
  const credentials: SeededCredential[] = [];
  const addUser = (
    full_name: string,
    email: string,
    role: RoleValue,
    extra: Partial<UserRecord> = {},
    label = '',
  ): UserRecord => {
    const id = state.nextId.user++;
    const password = `${email.split('@')[0]}-password`;
    const user: UserRecord = {
      user_id: id,
      email,
      delivery_email: email,
      full_name,
      avatar: id % 2 === 0 ? `https://chat.example.com/user_avatars/${id}.png` : null,
      date_joined: new Date((now - 400 * day + id * day) * 1000).toISOString(),
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
  };
  const olivia = addUser(
    'Olivia Owner',
    'olivia@example.com',
    100,
    {
      can_change_user_emails: true,
      profile_data: { 1: { value: 'CEO', rendered_value: '<p>CEO</p>' } },
    },
    'owner',
  );
  const aaron = addUser('Aaron Admin', 'aaron@example.com', 200, {}, 'administrator');
  const mona = addUser('Mona Moderator', 'mona@example.com', 300, {}, 'moderator');
  const maya = addUser(
    'Maya Member',
    'maya@example.com',
    400,
    {
      alert_words: ['deploy'],
      profile_data: { 1: { value: 'Backend engineer', rendered_value: '<p>Backend engineer</p>' } },
    },
    'member',
  );
  const noah = addUser(
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
  const gus = addUser('Gus Guest', 'gus@example.com', 600, {}, 'guest');
  const bot = addUser(
    'Notification Bot',
    'notify-bot@example.com',
    400,
    { is_bot: true, bot_type: 1, bot_owner_id: maya.user_id, delivery_email: null },
    'bot (owned by Maya)',
  );
  const dana = addUser(
    'Dana Departed',
    'dana@example.com',
    400,
    { is_active: false },
    'deactivated member',
  );
  const team: UserRecord[] = [];
  for (let i = 1; i <= 20; i++)
    team.push(
      addUser(
        `Teammate ${String(i).padStart(2, '0')}`,
        `teammate${String(i).padStart(2, '0')}@example.com`,
        400,
      ),
    );

  // User groups: the system role groups first, then ordinary ones.
  const addGroup = (
    name: string,
    system: boolean,
    members: number[],
    extra: Partial<UserGroupRecord> = {},
  ): UserGroupRecord => {
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
  };
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
    addGroup(name, true, []);
  const backend = addGroup('backend', false, [maya.user_id, noah.user_id], {
    can_manage_group: {
      direct_members: [maya.user_id],
      direct_subgroups: [systemGroupId(state, 'role:administrators')],
    },
  });
  addGroup('designers', false, [mona.user_id], { deactivated: true });
  addGroup('support', false, [mona.user_id, noah.user_id]);
  state.realm.can_mention_many_users_group = systemGroupId(state, 'role:administrators');
  state.realm.can_create_web_public_channel_group = systemGroupId(state, 'role:administrators');

  // Channels.
  const admins: GroupSetting = systemGroupId(state, 'role:administrators');
  const nobody: GroupSetting = systemGroupId(state, 'role:nobody');
  const members: GroupSetting = systemGroupId(state, 'role:members');
  const addChannel = (
    name: string,
    description: string,
    extra: Partial<ChannelRecord>,
    subs: UserRecord[],
  ): ChannelRecord => {
    const id = state.nextId.channel++;
    const ch: ChannelRecord = {
      stream_id: id,
      name,
      description,
      is_archived: false,
      date_created: now - 300 * day + id * day,
      creator_id: olivia.user_id,
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
  };
  const everyone = [olivia, aaron, mona, maya, noah, gus, bot, dana, ...team];
  const general = addChannel(
    'general',
    'Everything that concerns **everyone**.',
    { is_default: true, folder_id: 1 },
    everyone.filter((u) => u !== gus),
  );
  const engineering = addChannel(
    'engineering',
    'Builds, deploys and code review.',
    { can_remove_subscribers_group: backend.id, folder_id: 1 },
    [olivia, aaron, maya, bot],
  );
  const leadership = addChannel(
    'leadership',
    'Private: planning among owners and administrators.',
    { invite_only: true },
    [olivia, aaron],
  );
  const announcements = addChannel(
    'announcements',
    'Web-public: news anyone may read.',
    { is_web_public: true, is_default: true },
    everyone,
  );
  const oldProjects = addChannel(
    'old-projects',
    'Archived: projects that ended.',
    { is_archived: true },
    [aaron, maya],
  );
  const design = addChannel(
    'design',
    'Private, history limited to the time of subscription.',
    { invite_only: true, history_public_to_subscribers: false },
    [mona, maya],
  );
  const social = addChannel(
    'social',
    'Off-topic chatter.',
    { topics_policy: 'allow_empty_topic' },
    [maya, noah, mona],
  );
  state.subscriptions.get(social.stream_id)!.get(maya.user_id)!.is_muted = true;

  // Messages, oldest first.
  let t = now - 30 * day;
  const post = (
    sender: UserRecord,
    where: ChannelRecord | UserRecord[],
    topic: string,
    content: string,
    extra: Partial<MessageRecord> = {},
  ): MessageRecord => {
    t += 3600;
    const id = state.nextId.message;
    const m: MessageRecord = Array.isArray(where)
      ? {
          id,
          kind: 'private',
          sender_id: sender.user_id,
          participants: [...new Set([sender.user_id, ...where.map((u) => u.user_id)])].sort(
            (a, b) => a - b,
          ),
          recipient_id: 0,
          topic: '',
          content,
          timestamp: t,
          client: 'website',
          reactions: [],
          ...extra,
        }
      : {
          id,
          kind: 'stream',
          sender_id: sender.user_id,
          stream_id: where.stream_id,
          recipient_id: where.recipient_id,
          topic,
          content,
          timestamp: t,
          client: 'website',
          reactions: [],
          ...extra,
        };
    if (m.kind === 'private') {
      const key = m.participants!.join(',');
      if (!state.dmRecipients.has(key)) state.dmRecipients.set(key, state.nextId.recipient++);
      m.recipient_id = state.dmRecipients.get(key)!;
    }
    storeMessage(state, m);
    flagsOf(state, sender.user_id).read.add(id);
    return m;
  };
  const welcome = post(
    olivia,
    general,
    'welcome',
    'Welcome to the team chat! Introduce yourselves here.',
  );
  welcome.reactions.push(
    {
      emoji_name: 'tada',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
      user_id: maya.user_id,
    },
    {
      emoji_name: 'tada',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
      user_id: noah.user_id,
    },
  );
  post(maya, general, 'welcome', 'Hi all, Maya here, I work on the backend.', {
    reactions: [
      {
        emoji_name: 'party_parrot',
        emoji_code: '1',
        reaction_type: 'realm_emoji',
        user_id: olivia.user_id,
      },
    ],
  });
  post(aaron, general, 'office', 'The office is closed on Friday.');
  const edited = post(maya, engineering, 'deploys', 'The deploy of 2.4 starts at 15:00.', {
    last_edit_timestamp: t + 600,
    edit_history: [
      {
        user_id: maya.user_id,
        timestamp: t + 600,
        prev_content: 'The deploy of 2.4 starts at 14:00.',
        prev_rendered_content: '<p>The deploy of 2.4 starts at 14:00.</p>',
      },
    ],
  });
  edited.reactions.push({
    emoji_name: 'thumbs_up',
    emoji_code: '1f44d',
    reaction_type: 'unicode_emoji',
    user_id: aaron.user_id,
  });
  post(aaron, engineering, 'deploys', 'Thanks, I will watch the dashboards. #123 tracks it.', {
    mentioned: [],
  });
  post(bot, engineering, 'ci', 'Build #481 passed.');
  post(olivia, engineering, 'review process', 'Please review within one working day.', {
    last_moved_timestamp: t + 900,
    edit_history: [
      {
        user_id: olivia.user_id,
        timestamp: t + 900,
        prev_topic: 'reviews',
        topic: 'review process',
      },
    ],
  });
  // Noah joins engineering now: the messages above are not in his personal history.
  subscribe(state, engineering, noah.user_id);
  post(maya, engineering, 'deploys', '@**Noah Member** can you take the next deploy?', {
    mentioned: [noah.user_id],
  });
  post(olivia, leadership, 'planning', 'Draft budget for next quarter is ready.');
  post(aaron, announcements, 'releases', 'Version 2.4 is out.');
  post(aaron, oldProjects, 'migration', 'The migration project is complete.');
  post(mona, design, 'mockups', 'New mockups are in the shared folder.');
  post(noah, social, '', 'Anyone up for lunch?');
  post(maya, social, 'books', 'Reading a good one about distributed systems.');
  post(maya, [noah], '', 'Hey Noah, quick question about the API.');
  post(noah, [maya], '', 'Sure, go ahead.');
  post(olivia, [maya, noah], '', 'Team dinner on Thursday?');
  post(gus, [maya], '', 'Thanks for inviting me as a guest.');
  for (const [i, u] of team.slice(0, 17).entries())
    post(u, general, 'all hands', `Question ${i + 1} for the all hands.`);
  const onlyChannel =
    options.extraMessagesChannel === undefined
      ? undefined
      : [general, engineering].find((c) => c.name === options.extraMessagesChannel);
  if (options.extraMessagesChannel !== undefined && !onlyChannel)
    throw new RangeError(
      `extraMessagesChannel: no channel '${options.extraMessagesChannel}' to fill`,
    );
  for (let i = 0; i < (options.extraMessages ?? 0); i++) {
    const ch = onlyChannel ?? (i % 2 === 0 ? general : engineering);
    const sender = ch === general ? team[i % team.length] : [olivia, aaron, maya][i % 3];
    post(sender, ch, `topic ${i % 50}`, `Message ${i} about item #${i % 997}.`);
  }

  // Personal data.
  const draft = (
    user: UserRecord,
    type: '' | 'stream' | 'private',
    to: number[],
    topic: string,
    content: string,
  ) => {
    const id = state.nextId.draft++;
    state.drafts.set(id, {
      id,
      user_id: user.user_id,
      type,
      to,
      topic,
      content,
      timestamp: now - day,
    });
  };
  draft(maya, 'stream', [engineering.stream_id], 'deploys', 'Rollback plan: ');
  draft(maya, 'private', [noah.user_id], '', 'About the API question...');
  draft(noah, '', [], '', 'Ideas for the offsite');
  const snippetId = state.nextId.snippet++;
  state.snippets.set(snippetId, {
    id: snippetId,
    user_id: maya.user_id,
    title: 'Deploy checklist',
    content: '1. Tag\n2. Build\n3. Announce',
    date_created: now - 10 * day,
  });
  const linkifierId = state.nextId.linkifier++;
  state.linkifiers.set(linkifierId, {
    id: linkifierId,
    pattern: '#(?P<id>[0-9]+)',
    url_template: 'https://tracker.example.com/issues/{id}',
  });
  state.e2eeDevices.set(maya.user_id, [{ push_account_id: 101 }]);
  void dana;
  return credentials;
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
