/**
 * The stateful mock's default messages (reactions, edit history, direct and group direct
 * messages, the benchmark's extra ones) and personal data (drafts, a snippet, a linkifier, an
 * E2EE device), posted in the seeded channels by the seeded people.
 */
import type { ChannelRecord, MessageRecord, MockState, UserRecord } from './state.js';
import { flagsOf, storeMessage } from './state.js';
import { DAY, subscribe, type Channels, type People, type Seeding } from './seed-people.js';

export interface SeedOptions {
  /** extra channel messages (for the memory benchmark); default 0 */
  extraMessages?: number;
  /** the channel (by name) all extra messages go to; default: alternately general and engineering */
  extraMessagesChannel?: string;
}

export interface Post {
  (
    sender: UserRecord,
    where: ChannelRecord | UserRecord[],
    topic: string,
    content: string,
    extra?: Partial<MessageRecord>,
  ): MessageRecord;
  /** the time of the last message posted (an edit of it comes after) */
  last(): number;
}

/** Posts messages an hour apart from `start`, oldest first, read by their senders. */
export function createPoster(state: MockState, start: number): Post {
  let t = start;
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
  return Object.assign(post, { last: () => t });
}

export function seedMessages(
  state: MockState,
  people: People,
  channels: Channels,
  post: Post,
): void {
  const { olivia, aaron, mona, maya, noah, gus, bot, team } = people;
  const { general, engineering, leadership, announcements, oldProjects, design, social } = channels;
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
    last_edit_timestamp: post.last() + 600,
    edit_history: [
      {
        user_id: maya.user_id,
        timestamp: post.last() + 600,
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
    last_moved_timestamp: post.last() + 900,
    edit_history: [
      {
        user_id: olivia.user_id,
        timestamp: post.last() + 900,
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
}

/** The benchmark's extra channel messages (`SeedOptions.extraMessages`). */
export function seedExtraMessages(
  { olivia, aaron, maya, team }: People,
  { general, engineering }: Channels,
  post: Post,
  options: SeedOptions,
): void {
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
}

/** Drafts, a saved snippet, a linkifier and an E2EE device. */
export function seedPersonalData(
  { state, now }: Seeding,
  { maya, noah }: People,
  channels: Channels,
): void {
  const { engineering } = channels;
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
      timestamp: now - DAY,
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
    date_created: now - 10 * DAY,
  });
  const linkifierId = state.nextId.linkifier++;
  state.linkifiers.set(linkifierId, {
    id: linkifierId,
    pattern: '#(?P<id>[0-9]+)',
    url_template: 'https://tracker.example.com/issues/{id}',
  });
  state.e2eeDevices.set(maya.user_id, [{ push_account_id: 101 }]);
}
