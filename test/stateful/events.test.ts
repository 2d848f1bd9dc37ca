import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStatefulMock, manualClock } from '../../mock/stateful/index.js';
import { QUEUE_IDLE_MS } from '../../mock/stateful/events.js';
import { AARON, MAYA, NOAH, startMock, type MockRun } from './helpers.js';

let run: MockRun;
beforeAll(async () => {
  run = await startMock();
});
afterAll(async () => run.close());
beforeEach(() => run.mock.reset());

describe('POST /register', () => {
  it('queue id, last event id, feature level, version, limits and the requested initial state', async () => {
    const r = await run.as(MAYA).registerQueue({
      fetch_event_types: ['subscription', 'recent_private_conversations', 'navigation_views'],
      include_subscribers: 'true',
    });
    expect(r.data).toMatchObject({
      last_event_id: -1,
      service_feature_level: 420,
      service_version: '11.0-mock',
      max_message_length: 10000,
      max_topic_length: 60,
      realm_empty_topic_display_name: 'general chat',
    });
    expect(r.data!.queue_id).toMatch(/.+/);
    expect(r.data!.subscriptions!.map((s) => s.name)).toEqual([
      'general',
      'engineering',
      'announcements',
      'design',
      'social',
    ]);
    expect(r.data!.subscriptions!.find((s) => s.name === 'social')).toMatchObject({
      is_muted: true,
      in_home_view: false,
    });
    expect(r.data!.subscriptions![0].subscribers!.length).toBeGreaterThan(15);
    expect(r.data!.recent_private_conversations![0].user_ids.length).toBeGreaterThan(0);
    expect(r.data).not.toHaveProperty('saved_snippets');
    expect(r.data).not.toHaveProperty('realm_linkifiers');
  });

  it('capabilities: archived channels, deactivated groups and linkifiers only when declared', async () => {
    const plain = await run.as(MAYA).registerQueue({
      fetch_event_types: ['subscription', 'realm_user_groups', 'realm_linkifiers'],
    });
    expect(plain.data!.subscriptions!.some((s) => s.name === 'old-projects')).toBe(false);
    expect(plain.data!.realm_user_groups!.some((g) => g.name === 'designers')).toBe(false);
    expect(plain.data!.realm_linkifiers).toEqual([]);
    const caps = await run.as(MAYA).registerQueue({
      fetch_event_types: ['subscription', 'realm_user_groups', 'realm_linkifiers'],
      client_capabilities: {
        archived_channels: true,
        include_deactivated_groups: true,
        linkifier_url_template: true,
      },
    });
    expect(caps.data!.subscriptions!.some((s) => s.name === 'old-projects')).toBe(true);
    expect(caps.data!.realm_user_groups!.some((g) => g.name === 'designers')).toBe(true);
    expect(caps.data!.realm_linkifiers!.length).toBe(1);
  });

  it('unauthenticated: null queue id; extavatar and full subscriber lists refused', async () => {
    const anon = run.as(null);
    expect((await anon.registerQueue({})).data!.queue_id).toBeNull();
    expect((await anon.registerQueue({ client_extavatar: true })).error?.code).toBe('BAD_REQUEST');
    expect((await anon.registerQueue({ include_subscribers: 'true' })).error?.code).toBe(
      'BAD_REQUEST',
    );
  });
});

describe('event queues', () => {
  it('message events to every recipient; local_id only on the sending queue', async () => {
    const mine = (await run.as(MAYA).registerQueue({ event_types: ['message'] })).data!.queue_id!;
    const other = (await run.as(MAYA).registerQueue({ event_types: ['message'] })).data!.queue_id!;
    const noah = (await run.as(NOAH).registerQueue({ event_types: ['message'] })).data!.queue_id!;
    const sent = await run.as(MAYA).sendMessage({
      type: 'direct',
      to: [run.id(NOAH)],
      content: 'echo?',
      queue_id: mine,
      local_id: '1.01',
    });
    const [a, b, c] = [mine, other, noah].map((q) => run.mock.events(q));
    expect(a.ok && a.events).toEqual([
      expect.objectContaining({
        type: 'message',
        local_id: '1.01',
        message: expect.objectContaining({ id: sent.data!.id }),
      }),
    ]);
    expect(b.ok && b.events[0]).not.toHaveProperty('local_id');
    expect(c.ok && c.events[0]).toMatchObject({ type: 'message', message: { id: sent.data!.id } });
    expect(c.ok && c.events[0]).not.toHaveProperty('local_id');
    const noLocal = await run
      .as(MAYA)
      .sendMessage({ type: 'direct', to: [run.id(NOAH)], content: 'x', queue_id: mine });
    expect(noLocal.error?.code).toBe('BAD_REQUEST');
  });

  it('a queue idle for 10 minutes is gone: BAD_EVENT_QUEUE_ID; reading keeps it alive', async () => {
    const q = (await run.as(AARON).registerQueue({})).data!.queue_id!;
    run.clock.advance(QUEUE_IDLE_MS - 1000);
    expect(run.mock.events(q).ok).toBe(true);
    run.clock.advance(QUEUE_IDLE_MS - 1000);
    expect(run.mock.events(q).ok).toBe(true);
    run.clock.advance(QUEUE_IDLE_MS);
    expect(run.mock.events(q)).toEqual({
      ok: false,
      code: 'BAD_EVENT_QUEUE_ID',
      msg: `Bad event queue ID: ${q}`,
    });
    // A message sent with the expired queue is refused as an unknown queue.
    expect(
      (
        await run.as(AARON).sendMessage({
          type: 'direct',
          to: [run.id(NOAH)],
          content: 'x',
          queue_id: q,
          local_id: '1',
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
  });

  it('events after last_event_id only', async () => {
    const q = (await run.as(NOAH).registerQueue({ event_types: ['message'] })).data!.queue_id!;
    for (const content of ['a', 'b', 'c'])
      await run.as(MAYA).sendMessage({ type: 'direct', to: [run.id(NOAH)], content });
    const later = run.mock.events(q, 0);
    expect(later.ok && later.events.map((e) => e.id)).toEqual([1, 2]);
  });
});

describe('isolation and reset', () => {
  it('reset brings back the seed; two mocks share nothing', async () => {
    await run
      .as(MAYA)
      .sendMessage({ type: 'channel', to: 'general', topic: 't', content: 'temporary' });
    const count = run.mock.state.messages.length;
    run.mock.reset();
    expect(run.mock.state.messages.length).toBe(count - 1);
    const a = createStatefulMock({ clock: manualClock() });
    const b = createStatefulMock({ clock: manualClock() });
    a.state.channels.get(1)!.name = 'renamed';
    expect(b.state.channels.get(1)!.name).toBe('general');
    const qa = a.state.events.create({
      userId: 1,
      capabilities: {},
      allPublicStreams: false,
      narrow: [],
    }).queueId;
    expect(b.events(qa).ok).toBe(false);
  });
});

describe('fault injection', () => {
  it('a handler answering the wrong shape is caught by response validation', async () => {
    const broken = await startMock({
      overrideHandlers: (base) => ({
        getUsers: async (params, context) => {
          const answer = await base.getUsers(params, context);
          if (answer.status !== 200) return answer;
          // Break the shape: a member without user_id, and role outside the enum.
          const members = answer.body.members.map(({ user_id: _drop, ...m }) => ({
            ...m,
            role: 42,
          }));
          return { status: 200, body: { ...answer.body, members } } as unknown as typeof answer;
        },
      }),
    });
    try {
      const r = await broken.as(MAYA).getUsers({});
      expect(r.error).toMatchObject({ status: 500, code: 'INTERNAL_SERVER_ERROR' });
      expect(r.error!.msg).toMatch(/getUsers/);
      expect(r.error!.msg).toMatch(/\/members\/0/);
      expect(broken.logs.some((l) => l.includes('response validation failed for getUsers'))).toBe(
        true,
      );
      // The other handlers are untouched.
      expect((await broken.as(MAYA).getStreams({})).error).toBeUndefined();
    } finally {
      await broken.close();
    }
  });
});
