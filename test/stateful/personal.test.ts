import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AARON, MAYA, MONA, NOAH, startMock, type MockRun } from './helpers.js';

let run: MockRun;
beforeAll(async () => {
  run = await startMock();
});
afterAll(async () => run.close());
beforeEach(() => run.mock.reset());

const group = (name: string) => [...run.mock.state.groups.values()].find((g) => g.name === name)!;

describe('user groups', () => {
  it('deactivated=false reactivates; deactivated=true does nothing', async () => {
    const designers = group('designers').id;
    expect(
      (await run.as(AARON).updateUserGroup({ user_group_id: designers, deactivated: true })).error,
    ).toBeUndefined();
    expect(group('designers').deactivated).toBe(true);
    expect(
      (await run.as(AARON).updateUserGroup({ user_group_id: designers, deactivated: false })).error,
    ).toBeUndefined();
    expect(group('designers').deactivated).toBe(false);
    const backend = group('backend').id;
    expect(
      (await run.as(AARON).updateUserGroup({ user_group_id: backend, deactivated: true })).error,
    ).toBeUndefined();
    expect(group('backend').deactivated).toBe(false);
  });

  it('invalid group, permission to manage, forbidden system groups, deactivated groups unusable', async () => {
    expect(
      (await run.as(AARON).updateUserGroup({ user_group_id: 999, name: 'x' })).error,
    ).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid user group' });
    expect(
      (await run.as(NOAH).updateUserGroup({ user_group_id: group('backend').id, description: 'x' }))
        .error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run
          .as(MAYA)
          .updateUserGroup({ user_group_id: group('backend').id, description: 'Servers' })
      ).error,
    ).toBeUndefined();
    const sys = (name: string) => group(name).id;
    const support = group('support').id;
    expect(
      (
        await run.as(AARON).updateUserGroup({
          user_group_id: support,
          can_manage_group: { new: sys('role:everyone') },
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run.as(AARON).updateUserGroup({
          user_group_id: support,
          can_manage_group: { new: sys('role:internet') },
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run.as(AARON).updateUserGroup({
          user_group_id: support,
          can_mention_group: { new: sys('role:owners') },
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run.as(AARON).updateUserGroup({
          user_group_id: support,
          can_mention_group: { new: sys('role:moderators') },
        })
      ).error,
    ).toBeUndefined();
    expect(
      (
        await run.as(AARON).updateUserGroup({
          user_group_id: support,
          can_mention_group: { new: group('designers').id },
        })
      ).error!.msg,
    ).toMatch(/deactivated/);
    // A deactivated group's own settings can still be edited.
    expect(
      (
        await run
          .as(AARON)
          .updateUserGroup({ user_group_id: group('designers').id, description: 'Paused' })
      ).error,
    ).toBeUndefined();
  });
});

describe('drafts and snippets', () => {
  it('PATCH /drafts/{id}: edits the own draft, emits drafts events; unknown or foreign drafts are BAD_REQUEST', async () => {
    const q = await run.as(MAYA).registerQueue({ event_types: ['drafts'] });
    const mine = [...run.mock.state.drafts.values()].find((d) => d.user_id === run.id(MAYA))!;
    const r = await run.as(MAYA).editDraft({
      draft_id: mine.id,
      draft: {
        type: 'private',
        to: [run.id(NOAH)],
        topic: '',
        content: 'Updated',
        timestamp: 1700000000,
      },
    });
    expect(r.error).toBeUndefined();
    expect(run.mock.state.drafts.get(mine.id)).toMatchObject({
      type: 'private',
      content: 'Updated',
      timestamp: 1700000000,
    });
    const events = run.mock.events(q.data!.queue_id!);
    expect(events.ok && events.events).toEqual([
      {
        id: 0,
        type: 'drafts',
        op: 'update',
        draft: expect.objectContaining({ id: mine.id, content: 'Updated' }),
      },
    ]);
    expect(
      (
        await run
          .as(MAYA)
          .editDraft({ draft_id: 999, draft: { type: '', to: [], topic: '', content: 'x' } })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    const noahs = [...run.mock.state.drafts.values()].find((d) => d.user_id === run.id(NOAH))!;
    expect(
      (
        await run
          .as(MAYA)
          .editDraft({ draft_id: noahs.id, draft: { type: '', to: [], topic: '', content: 'x' } })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run.as(MAYA).editDraft({
          draft_id: mine.id,
          draft: { type: 'stream', to: [1, 2], topic: 't', content: 'x' },
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run.as(MAYA).editDraft({
          draft_id: mine.id,
          draft: { type: '', to: [], topic: '', content: 'nul\u0000byte' },
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
  });

  it('POST /saved_snippets: id back, listed at register; empty title or content refused', async () => {
    const r = await run
      .as(MAYA)
      .createSavedSnippet({ title: 'Greeting', content: 'Hello **team**' });
    const id = r.data!.saved_snippet_id;
    const reg = await run.as(MAYA).registerQueue({ fetch_event_types: ['saved_snippets'] });
    expect(reg.data!.saved_snippets!.map((s) => s.title)).toEqual(['Deploy checklist', 'Greeting']);
    expect(reg.data!.saved_snippets!.find((s) => s.id === id)).toMatchObject({
      content: 'Hello **team**',
    });
    expect((await run.as(MAYA).createSavedSnippet({ title: '  ', content: 'x' })).error?.code).toBe(
      'BAD_REQUEST',
    );
    expect((await run.as(MAYA).createSavedSnippet({ title: 'x', content: '' })).error?.code).toBe(
      'BAD_REQUEST',
    );
  });
});

describe('organization and push', () => {
  it('linkifiers: admin only, validated, used for topic_links', async () => {
    expect(
      (
        await run.as(MAYA).addLinkifier({
          pattern: 'JIRA-(?P<n>[0-9]+)',
          url_template: 'https://jira.example.com/{n}',
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run
          .as(AARON)
          .addLinkifier({ pattern: '([unclosed', url_template: 'https://x.example.com/' })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run.as(AARON).addLinkifier({
          pattern: 'JIRA-(?P<n>[0-9]+)',
          url_template: 'https://jira.example.com/{other}',
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    const r = await run.as(AARON).addLinkifier({
      pattern: 'JIRA-(?P<n>[0-9]+)',
      url_template: 'https://jira.example.com/browse/{n}',
    });
    expect(r.data!.id).toBeTypeOf('number');
    const sent = await run.as(MAYA).sendMessage({
      type: 'channel',
      to: 'engineering',
      topic: 'JIRA-77 crash',
      content: 'see topic',
    });
    const m = (await run.as(MAYA).getMessage({ message_id: sent.data!.id })).data!.message;
    expect(m.topic_links).toEqual([{ text: 'JIRA-77', url: 'https://jira.example.com/browse/77' }]);
  });

  it('realm user-settings defaults: admin only; existing users unchanged', async () => {
    expect(
      (await run.as(MAYA).updateRealmUserSettingsDefaults({ enter_sends: true })).error?.code,
    ).toBe('BAD_REQUEST');
    const before = structuredClone(run.mock.state.users.get(run.id(MAYA))!.settings);
    expect(
      (
        await run.as(AARON).updateRealmUserSettingsDefaults({
          enter_sends: true,
          color_scheme: 2,
          web_home_view: 'inbox',
        })
      ).error,
    ).toBeUndefined();
    expect(run.mock.state.realm.user_settings_defaults).toMatchObject({
      enter_sends: true,
      color_scheme: 2,
      web_home_view: 'inbox',
    });
    expect(run.mock.state.users.get(run.id(MAYA))!.settings).toEqual(before);
  });

  it('device tokens: empty, too long and malformed tokens refused', async () => {
    expect(
      (await run.as(MAYA).addPlatformDeviceToken({ token: '', appid: 'org.example.app' })).error
        ?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run
          .as(MAYA)
          .addPlatformDeviceToken({ token: 'a'.repeat(4097), appid: 'org.example.app' })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run
          .as(MAYA)
          .addPlatformDeviceToken({ token: 'not a token!', appid: 'org.example.app' })
      ).error!.msg,
    ).toBe('Invalid token');
    expect(
      (await run.as(MAYA).addPlatformDeviceToken({ token: 'a1b2c3d4e5', appid: 'org.example.app' }))
        .error,
    ).toBeUndefined();
    expect(run.mock.state.deviceTokens.get(run.id(MAYA))).toEqual([
      { token: 'a1b2c3d4e5', appid: 'org.example.app' },
    ]);
  });

  it('E2EE test notification: success, NO_ACTIVE_PUSH_DEVICE, and the relay errors', async () => {
    expect((await run.as(MAYA).testE2eePushNotification({})).error).toBeUndefined();
    expect((await run.as(MAYA).testE2eePushNotification({ push_account_id: 7 })).error?.code).toBe(
      'NO_ACTIVE_PUSH_DEVICE',
    );
    expect((await run.as(NOAH).testE2eePushNotification({})).error?.code).toBe(
      'NO_ACTIVE_PUSH_DEVICE',
    );
    const cases = {
      admin_action_required: 'ADMIN_ACTION_REQUIRED',
      unreachable: 'FAILED_TO_CONNECT_BOUNCER',
      server_error: 'INTERNAL_SERVER_ERROR_ON_BOUNCER',
    } as const;
    for (const [state, code] of Object.entries(cases)) {
      run.mock.state.realm.push_bouncer = state as keyof typeof cases;
      expect(
        (await run.as(MAYA).testE2eePushNotification({ push_account_id: 101 })).error?.code,
      ).toBe(code);
    }
  });
});

describe('topic visibility', () => {
  it('POST /user_topics sets and clears a policy, with a user_topic event', async () => {
    const q = await run.as(MONA).registerQueue({ event_types: ['user_topic'] });
    const general = [...run.mock.state.channels.values()].find(
      (c) => c.name === 'general',
    )!.stream_id;
    expect(
      (
        await run
          .as(MONA)
          .updateUserTopic({ stream_id: general, topic: 'no messages yet', visibility_policy: 1 })
      ).error,
    ).toBeUndefined();
    expect(
      (
        await run
          .as(MONA)
          .updateUserTopic({ stream_id: general, topic: 'no messages yet', visibility_policy: 0 })
      ).error,
    ).toBeUndefined();
    const read = run.mock.events(q.data!.queue_id!);
    expect(read.ok && read.events.map((e) => e.visibility_policy)).toEqual([1, 0]);
    expect(
      (await run.as(MONA).updateUserTopic({ stream_id: 9999, topic: 't', visibility_policy: 1 }))
        .error?.code,
    ).toBe('BAD_REQUEST');
  });

  it('automatic change on send: follow on starting a topic, unmute in a muted channel; only when it changes', async () => {
    const q = await run.as(MAYA).registerQueue({ event_types: ['user_topic'] });
    const started = await run
      .as(MAYA)
      .sendMessage({ type: 'channel', to: 'engineering', topic: 'brand new', content: 'first' });
    expect(started.data!.automatic_new_visibility_policy).toBe(3);
    const second = await run
      .as(MAYA)
      .sendMessage({ type: 'channel', to: 'engineering', topic: 'brand new', content: 'second' });
    expect(second.data).not.toHaveProperty('automatic_new_visibility_policy');
    // social is muted for Maya; her policy unmutes topics she sends to.
    const muted = await run
      .as(MAYA)
      .sendMessage({ type: 'channel', to: 'social', topic: 'books', content: 'chapter 3' });
    expect(muted.data!.automatic_new_visibility_policy).toBe(2);
    // Noah's settings never change visibility.
    const noah = await run
      .as(NOAH)
      .sendMessage({ type: 'channel', to: 'general', topic: 'his own', content: 'x' });
    expect(noah.data).not.toHaveProperty('automatic_new_visibility_policy');
    const events = run.mock.events(q.data!.queue_id!);
    expect(events.ok && events.events.map((e) => [e.topic_name, e.visibility_policy])).toEqual([
      ['brand new', 3],
      ['books', 2],
    ]);
  });
});
