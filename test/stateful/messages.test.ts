import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LARGER_THAN_MAX_MESSAGE_ID } from '../../mock/stateful/fetch.js';
import { AARON, MAYA, NOAH, OLIVIA, startMock, type MockRun } from './helpers.js';

let run: MockRun;
beforeAll(async () => {
  run = await startMock();
});
afterAll(async () => run.close());
beforeEach(() => run.mock.reset());

const channelId = (name: string) =>
  [...run.mock.state.channels.values()].find((c) => c.name === name)!.stream_id;

describe('send and fetch', () => {
  it('a sent message shows up in GET /messages, rendered for the reader', async () => {
    const maya = run.as(MAYA);
    const sent = await maya.sendMessage({
      type: 'channel',
      to: 'general',
      topic: 'lunch',
      content: 'Pizza at **noon**?',
    });
    expect(sent.error).toBeUndefined();
    const id = sent.data!.id;
    const got = await run.as(NOAH).getMessages({ anchor: 'newest', num_before: 1, num_after: 0 });
    expect(got.data!.messages.map((m) => m.id)).toEqual([id]);
    const m = got.data!.messages[0];
    expect(m).toMatchObject({
      type: 'stream',
      subject: 'lunch',
      display_recipient: 'general',
      sender_email: MAYA,
      content_type: 'text/html',
    });
    expect(m.content).toContain('<strong>noon</strong>');
    expect(m.flags).not.toContain('read');
    const raw = await run.as(NOAH).getMessage({ message_id: id, apply_markdown: false });
    expect(raw.data!.message.content).toBe('Pizza at **noon**?');
    expect(raw.data!.raw_content).toBe('Pizza at **noon**?');
  });

  it('channel by ID, (no topic) read as the empty topic, display name unless allowed', async () => {
    const sent = await run
      .as(MAYA)
      .sendMessage({ type: 'stream', to: channelId('social'), topic: '(no topic)', content: 'hi' });
    const m = run.mock.state.messageById.get(sent.data!.id)!;
    expect(m.topic).toBe('');
    const shown = await run.as(MAYA).getMessage({ message_id: m.id });
    expect(shown.data!.message.subject).toBe('general chat');
    const allowed = await run
      .as(MAYA)
      .getMessage({ message_id: m.id, allow_empty_topic_name: true });
    expect(allowed.data!.message.subject).toBe('');
  });

  it('direct messages by user IDs and by emails share one recipient_id per conversation', async () => {
    const a = await run
      .as(MAYA)
      .sendMessage({ type: 'direct', to: [run.id(NOAH)], content: 'ping' });
    const b = await run.as(NOAH).sendMessage({ type: 'private', to: [MAYA], content: 'pong' });
    const [ma, mb] = [
      run.mock.state.messageById.get(a.data!.id)!,
      run.mock.state.messageById.get(b.data!.id)!,
    ];
    expect(ma.recipient_id).toBe(mb.recipient_id);
    const msg = (await run.as(MAYA).getMessage({ message_id: ma.id })).data!.message;
    expect(msg.subject).toBe('');
    expect((msg.display_recipient as { email: string }[]).map((u) => u.email).sort()).toEqual([
      MAYA,
      NOAH,
    ]);
  });

  it('errors: unknown channel (with `stream`), invalid recipient, archived channel, empty topic where required', async () => {
    const maya = run.as(MAYA);
    const missing = await maya.sendMessage({
      type: 'channel',
      to: 'nowhere',
      topic: 't',
      content: 'x',
    });
    expect(missing.error).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', stream: 'nowhere' });
    const badUser = await maya.sendMessage({ type: 'direct', to: [9999], content: 'x' });
    expect(badUser.error).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid user ID 9999' });
    const deactivated = await maya.sendMessage({
      type: 'direct',
      to: ['dana@example.com'],
      content: 'x',
    });
    expect(deactivated.error?.code).toBe('BAD_REQUEST');
    const archived = await run
      .as(AARON)
      .sendMessage({ type: 'channel', to: 'old-projects', topic: 't', content: 'x' });
    expect(archived.error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(archived.error!.msg).toMatch(/archived/);
    run.mock.state.channels.get(channelId('general'))!.topics_policy = 'disable_empty_topic';
    const empty = await maya.sendMessage({
      type: 'channel',
      to: 'general',
      topic: '',
      content: 'x',
    });
    expect(empty.error?.code).toBe('BAD_REQUEST');
    const privateNotSubscribed = await run
      .as(NOAH)
      .sendMessage({ type: 'channel', to: 'leadership', topic: 't', content: 'x' });
    expect(privateNotSubscribed.error?.code).toBe('STREAM_DOES_NOT_EXIST');
  });

  it('wildcard mentions need permission in large channels and busy topics', async () => {
    const stream = await run
      .as(MAYA)
      .sendMessage({ type: 'channel', to: 'general', topic: 'new', content: 'hey @**all**' });
    expect(stream.error?.code).toBe('STREAM_WILDCARD_MENTION_NOT_ALLOWED');
    const topic = await run.as(MAYA).sendMessage({
      type: 'channel',
      to: 'general',
      topic: 'all hands',
      content: '@**topic** thanks',
    });
    expect(topic.error?.code).toBe('TOPIC_WILDCARD_MENTION_NOT_ALLOWED');
    const small = await run
      .as(MAYA)
      .sendMessage({ type: 'channel', to: 'engineering', topic: 'x', content: '@**all** standup' });
    expect(small.error).toBeUndefined();
    const admin = await run
      .as(AARON)
      .sendMessage({ type: 'channel', to: 'general', topic: 'new', content: 'hey @**everyone**' });
    expect(admin.error).toBeUndefined();
    const flags = (await run.as(NOAH).getMessage({ message_id: admin.data!.id })).data!.message
      .flags;
    expect(flags).toEqual(
      expect.arrayContaining(['stream_wildcard_mentioned', 'wildcard_mentioned']),
    );
  });

  it('read_by_sender: explicit, else read for interactive clients and unread for API clients', async () => {
    const read = (id: number) => run.mock.state.flags.get(run.id(MAYA))?.read.has(id) ?? false;
    const explicit = await run.as(MAYA).sendMessage({
      type: 'channel',
      to: 'general',
      topic: 't',
      content: 'a',
      read_by_sender: false,
    });
    expect(read(explicit.data!.id)).toBe(false);
    const browser = await run
      .as(MAYA, { 'User-Agent': 'Mozilla/5.0 (X11; Linux)' })
      .sendMessage({ type: 'channel', to: 'general', topic: 't', content: 'b' });
    expect(read(browser.data!.id)).toBe(true);
    const script = await run
      .as(MAYA, { 'User-Agent': 'deploy-script/1.0' })
      .sendMessage({ type: 'channel', to: 'general', topic: 't', content: 'c' });
    expect(read(script.data!.id)).toBe(false);
    const forced = await run.as(MAYA, { 'User-Agent': 'deploy-script/1.0' }).sendMessage({
      type: 'channel',
      to: 'general',
      topic: 't',
      content: 'd',
      read_by_sender: true,
    });
    expect(read(forced.data!.id)).toBe(true);
  });
});

describe('GET /messages anchors, windows, message_ids, limits', () => {
  const ids = async (
    params: Parameters<ReturnType<MockRun['as']>['getMessages']>[0],
    who = MAYA,
  ) => {
    const r = await run.as(who).getMessages(params);
    if (r.error) throw new Error(r.error.msg);
    return r.data!;
  };

  it('newest / oldest / an ID, with num_before, num_after, include_anchor and found_*', async () => {
    const all = (await ids({ anchor: 'oldest', num_before: 0, num_after: 5000 })).messages.map(
      (m) => m.id,
    );
    expect(all.length).toBeGreaterThan(10);
    expect([...all].sort((a, b) => a - b)).toEqual(all);

    const newest = await ids({ anchor: 'newest', num_before: 3, num_after: 0 });
    expect(newest.anchor).toBe(LARGER_THAN_MAX_MESSAGE_ID);
    expect(newest.messages.map((m) => m.id)).toEqual(all.slice(-3));
    expect(newest).toMatchObject({ found_newest: true, found_oldest: false, found_anchor: false });

    const oldest = await ids({ anchor: 'oldest', num_before: 0, num_after: 2 });
    expect(oldest.messages.map((m) => m.id)).toEqual(all.slice(0, 2));
    expect(oldest).toMatchObject({ found_oldest: true, found_newest: false });

    const mid = all[5];
    const around = await ids({ anchor: mid, num_before: 2, num_after: 2 });
    expect(around.messages.map((m) => m.id)).toEqual(all.slice(3, 8));
    expect(around).toMatchObject({ anchor: mid, found_anchor: true });
    const without = await ids({ anchor: mid, num_before: 2, num_after: 2, include_anchor: false });
    expect(without.messages.map((m) => m.id)).toEqual([...all.slice(3, 5), ...all.slice(6, 8)]);
  });

  it('first_unread: the oldest unread message, else newest', async () => {
    const all = (await ids({ anchor: 'oldest', num_before: 0, num_after: 5000 }, NOAH)).messages;
    const firstUnread = all.find((m) => !m.flags.includes('read'))!;
    const r = await ids({ anchor: 'first_unread', num_before: 0, num_after: 1 }, NOAH);
    expect(r.anchor).toBe(firstUnread.id);
    expect(r.messages[0].id).toBe(firstUnread.id);
    await run
      .as(NOAH)
      .updateMessageFlags({ messages: all.map((m) => m.id), op: 'add', flag: 'read' });
    const none = await ids({ anchor: 'first_unread', num_before: 1, num_after: 0 }, NOAH);
    expect(none.anchor).toBe(LARGER_THAN_MAX_MESSAGE_ID);
  });

  it('message_ids: exactly the accessible ones, no anchor; not with anchor parameters', async () => {
    const leadershipMsg = run.mock.state.messages.find(
      (m) => m.stream_id === channelId('leadership'),
    )!.id;
    const r = await ids({ message_ids: [3, 1, 999999, leadershipMsg] });
    expect(r.messages.map((m) => m.id)).toEqual([1, 3]);
    expect(r).not.toHaveProperty('anchor');
    const clash = await run.as(MAYA).getMessages({ message_ids: [1], anchor: 'newest' });
    expect(clash.error?.code).toBe('BAD_REQUEST');
    expect(clash.error!.msg).toMatch(/anchor/);
  });

  it('more than 5000 messages is an error; missing num_before is an error', async () => {
    const big = await run
      .as(MAYA)
      .getMessages({ anchor: 'newest', num_before: 4000, num_after: 1001 });
    expect(big.error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(big.error!.msg).toMatch(/5000/);
    const ok5000 = await run
      .as(MAYA)
      .getMessages({ anchor: 'newest', num_before: 4000, num_after: 1000 });
    expect(ok5000.error).toBeUndefined();
    const missing = await run.as(MAYA).getMessages({ anchor: 'newest', num_after: 0 });
    expect(missing.error!.msg).toMatch(/num_before/);
  });
});

describe('narrows and history', () => {
  const fetchNarrow = async (narrow: unknown, who = MAYA) => {
    const r = await run
      .as(who)
      .getMessages({ anchor: 'oldest', num_before: 0, num_after: 1000, narrow: narrow as never });
    return r;
  };

  it('channel + topic (objects or pairs), dm, sender, search, is:starred', async () => {
    const byObjects = await fetchNarrow([
      { operator: 'channel', operand: 'engineering' },
      { operator: 'topic', operand: 'DEPLOYS' },
    ]);
    expect(byObjects.data!.messages.length).toBe(3);
    expect(byObjects.data!.messages.every((m) => m.subject === 'deploys')).toBe(true);
    const byPairs = await fetchNarrow([
      ['stream', 'engineering'],
      ['subject', 'deploys'],
    ]);
    expect(byPairs.data!.messages.map((m) => m.id)).toEqual(
      byObjects.data!.messages.map((m) => m.id),
    );
    const dm = await fetchNarrow([['dm', NOAH]]);
    expect(dm.data!.messages.map((m) => m.content)).toEqual([
      '<p>Hey Noah, quick question about the API.</p>',
      '<p>Sure, go ahead.</p>',
    ]);
    const dmById = await fetchNarrow([{ operator: 'dm', operand: [run.id(NOAH)] }]);
    expect(dmById.data!.messages.map((m) => m.id)).toEqual(dm.data!.messages.map((m) => m.id));
    const sender = await fetchNarrow([{ operator: 'sender', operand: OLIVIA }]);
    expect(sender.data!.messages.every((m) => m.sender_email === OLIVIA)).toBe(true);
    const search = await fetchNarrow([{ operator: 'search', operand: 'deploy 2.4' }]);
    expect(search.data!.messages.length).toBe(1);
    await run.as(MAYA).updateMessageFlags({ messages: [1], op: 'add', flag: 'starred' });
    const starred = await fetchNarrow([['is', 'starred']]);
    expect(starred.data!.messages.map((m) => m.id)).toEqual([1]);
    const negated = await fetchNarrow([
      { operator: 'channel', operand: 'engineering' },
      { operator: 'topic', operand: 'deploys', negated: true },
    ]);
    expect(negated.data!.messages.every((m) => m.subject !== 'deploys')).toBe(true);
  });

  it('an unknown operator is a 400 naming it', async () => {
    const r = await fetchNarrow([['near', 'x']]);
    expect(r.error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(r.error!.msg).toMatch(/near/);
  });

  it("a user's history excludes channel messages sent before they subscribed; a channel narrow searches its history", async () => {
    const eng = channelId('engineering');
    const personal = (await fetchNarrow([], NOAH)).data!.messages.filter(
      (m) => m.stream_id === eng,
    );
    expect(personal.map((m) => m.content)).toEqual(
      ['@**Noah Member** can you take the next deploy?'].map(() =>
        expect.stringContaining('can you take the next deploy'),
      ),
    );
    const narrowed = (await fetchNarrow([['channel', 'engineering']], NOAH)).data!.messages;
    expect(narrowed.length).toBeGreaterThan(personal.length);
    expect(narrowed.find((m) => m.id < personal[0].id)!.flags).toContain('historical');
    const pub = (await fetchNarrow([['channels', 'public']], NOAH)).data!.messages;
    expect(pub.some((m) => m.stream_id === channelId('leadership'))).toBe(false);
  });

  it('a message in a private channel is invisible to non-subscribers', async () => {
    const id = run.mock.state.messages.find((m) => m.stream_id === channelId('leadership'))!.id;
    const r = await run.as(MAYA).getMessage({ message_id: id });
    expect(r.error).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('seeded messages carry reactions and edit history', async () => {
    const eng = await fetchNarrow([['channel', 'engineering']]);
    const edited = eng.data!.messages.find((m) => m.edit_history)!;
    expect(edited.last_edit_timestamp).toBeTypeOf('number');
    expect(edited.edit_history![0]).toHaveProperty('prev_content');
    expect(eng.data!.messages.some((m) => m.reactions.length > 0)).toBe(true);
  });
});

describe('flags and reactions', () => {
  it('add/remove user-changeable flags; messages lists the ones that changed', async () => {
    const maya = run.as(MAYA);
    const first = await maya.updateMessageFlags({ messages: [1, 2], op: 'add', flag: 'starred' });
    expect(first.data!.messages).toEqual([1, 2]);
    const again = await maya.updateMessageFlags({ messages: [1, 2], op: 'add', flag: 'starred' });
    expect(again.data!.messages).toEqual([]);
    const removed = await maya.updateMessageFlags({ messages: [2], op: 'remove', flag: 'starred' });
    expect(removed.data!.messages).toEqual([2]);
    expect(removed.data).not.toHaveProperty('ignored_because_not_subscribed_channels');
    const notChangeable = await maya.updateMessageFlags({
      messages: [1],
      op: 'add',
      flag: 'mentioned',
    });
    expect(notChangeable.error).toMatchObject({ code: 'BAD_REQUEST' });
    const unknownMessage = await maya.updateMessageFlags({
      messages: [424242],
      op: 'add',
      flag: 'read',
    });
    expect(unknownMessage.error?.code).toBe('BAD_REQUEST');
  });

  it('read removal skips channels the user is not subscribed to and returns their IDs', async () => {
    const noah = run.as(NOAH);
    const general = run.mock.state.messages
      .filter((m) => m.stream_id === channelId('general'))
      .map((m) => m.id)
      .slice(0, 2);
    const social = run.mock.state.messages
      .filter((m) => m.stream_id === channelId('social'))
      .map((m) => m.id);
    await noah.updateMessageFlags({ messages: [...general, ...social], op: 'add', flag: 'read' });
    await noah.unsubscribe({ subscriptions: ['social'] });
    const r = await noah.updateMessageFlags({
      messages: [...general, ...social],
      op: 'remove',
      flag: 'read',
    });
    expect(r.data!.messages).toEqual(general);
    expect(r.data!.ignored_because_not_subscribed_channels).toEqual([channelId('social')]);
  });

  it('removing a reaction: by name, REACTION_DOES_NOT_EXIST, invalid emoji code', async () => {
    const maya = run.as(MAYA);
    const withTada = run.mock.state.messages.find((m) =>
      m.reactions.some((r) => r.user_id === run.id(MAYA) && r.emoji_name === 'tada'),
    )!;
    const ok = await maya.removeReaction({ message_id: withTada.id, emoji_name: 'tada' });
    expect(ok.error).toBeUndefined();
    expect(withTada.reactions.some((r) => r.user_id === run.id(MAYA))).toBe(false);
    const again = await maya.removeReaction({ message_id: withTada.id, emoji_name: 'tada' });
    expect(again.error).toMatchObject({ code: 'REACTION_DOES_NOT_EXIST' });
    const badCode = await maya.removeReaction({
      message_id: withTada.id,
      emoji_code: 'not-hex!',
      reaction_type: 'unicode_emoji',
    });
    expect(badCode.error).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid emoji code' });
  });
});
