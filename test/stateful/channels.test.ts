import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AARON,
  BOT,
  DANA,
  GUS,
  MAYA,
  MONA,
  NOAH,
  OLIVIA,
  startMock,
  type MockRun,
} from './helpers.js';

let run: MockRun;
beforeAll(async () => {
  run = await startMock();
});
afterAll(async () => run.close());
beforeEach(() => run.mock.reset());

const ch = (name: string) => [...run.mock.state.channels.values()].find((c) => c.name === name)!;
const names = (streams: { name: string }[]) => streams.map((s) => s.name).sort();

describe('GET /streams', () => {
  it('defaults: public + subscribed, archived left out; flags widen or narrow the list', async () => {
    const maya = run.as(MAYA);
    expect(names((await maya.getStreams({})).data!.streams)).toEqual([
      'announcements',
      'design',
      'engineering',
      'general',
      'social',
    ]);
    expect(names((await maya.getStreams({ exclude_archived: false })).data!.streams)).toContain(
      'old-projects',
    );
    expect(names((await maya.getStreams({ include_public: false })).data!.streams)).toEqual([
      'announcements',
      'design',
      'engineering',
      'general',
      'social',
    ]);
    expect(
      names(
        (
          await maya.getStreams({
            include_public: false,
            include_subscribed: false,
            include_default: true,
          })
        ).data!.streams,
      ),
    ).toEqual(['announcements', 'general']);
    expect(names((await run.as(GUS).getStreams({})).data!.streams)).toEqual(['announcements']);
    expect(names((await run.as(AARON).getStreams({ include_all: true })).data!.streams)).toEqual([
      'announcements',
      'design',
      'engineering',
      'general',
      'leadership',
      'social',
    ]);
    expect((await maya.getStreams({ include_all_active: true })).error?.code).toBe('BAD_REQUEST');
    expect(
      names(
        (
          await run.as(BOT).getStreams({
            include_public: false,
            include_subscribed: false,
            include_owner_subscribed: true,
          })
        ).data!.streams,
      ),
    ).toContain('design');
  });
});

describe('PATCH /streams/{stream_id}', () => {
  it('archived channels: only unarchiving takes effect; other changes are refused', async () => {
    const admin = run.as(AARON);
    const id = ch('old-projects').stream_id;
    expect((await admin.updateStream({ stream_id: id, description: 'new' })).error?.code).toBe(
      'BAD_REQUEST',
    );
    expect(ch('old-projects').description).toBe('Archived: projects that ended.');
    expect((await admin.updateStream({ stream_id: id, is_archived: true })).error).toBeUndefined();
    expect(ch('old-projects').is_archived).toBe(true);
    expect((await admin.updateStream({ stream_id: id, is_archived: false })).error).toBeUndefined();
    expect(ch('old-projects').is_archived).toBe(false);
    // is_archived=true never archives an active channel.
    expect(
      (await admin.updateStream({ stream_id: ch('general').stream_id, is_archived: true })).error,
    ).toBeUndefined();
    expect(ch('general').is_archived).toBe(false);
  });

  it('permissions, history rule, group settings with old/new', async () => {
    const general = ch('general').stream_id;
    expect(
      (await run.as(MAYA).updateStream({ stream_id: general, description: 'x' })).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (await run.as(AARON).updateStream({ stream_id: general, description: 'All company' })).error,
    ).toBeUndefined();
    expect(ch('general').description).toBe('All company');
    const hist = await run
      .as(AARON)
      .updateStream({ stream_id: general, history_public_to_subscribers: false });
    expect(hist.error?.code).toBe('BAD_REQUEST');
    const current = ch('general').can_remove_subscribers_group;
    const wrongOld = await run
      .as(AARON)
      .updateStream({ stream_id: general, can_remove_subscribers_group: { new: 5, old: 999 } });
    expect(wrongOld.error!.msg).toMatch(/old/);
    const deactivatedGroup = [...run.mock.state.groups.values()].find((g) => g.deactivated)!.id;
    expect(
      (
        await run.as(AARON).updateStream({
          stream_id: general,
          can_remove_subscribers_group: { new: deactivatedGroup },
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (
        await run.as(AARON).updateStream({
          stream_id: general,
          can_remove_subscribers_group: {
            new: { direct_members: [run.id(MAYA)], direct_subgroups: [] },
            old: current,
          },
        })
      ).error,
    ).toBeUndefined();
    // A private channel's permissions need a subscription, even for an administrator.
    expect(
      (
        await run.as(AARON).updateStream({
          stream_id: ch('design').stream_id,
          can_remove_subscribers_group: { new: 5 },
        })
      ).error?.code,
    ).toBe('BAD_REQUEST');
  });
});

describe('DELETE /users/me/subscriptions', () => {
  it('self: removed and not_removed', async () => {
    const r = await run.as(NOAH).unsubscribe({ subscriptions: ['social', 'engineering'] });
    expect(r.data).toMatchObject({ removed: ['social', 'engineering'], not_removed: [] });
    const again = await run.as(NOAH).unsubscribe({ subscriptions: ['social'] });
    expect(again.data).toMatchObject({ removed: [], not_removed: ['social'] });
  });

  it('others: administrators anywhere, bot owners for their bots, can_remove_subscribers_group members; no one else', async () => {
    expect(
      (await run.as(NOAH).unsubscribe({ subscriptions: ['general'], principals: [MONA] })).error,
    ).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(
      (await run.as(AARON).unsubscribe({ subscriptions: ['general'], principals: [MONA] })).data!
        .removed,
    ).toEqual(['general']);
    expect(
      (await run.as(MAYA).unsubscribe({ subscriptions: ['engineering'], principals: [BOT] })).data!
        .removed,
    ).toEqual(['engineering']);
    // engineering's can_remove_subscribers_group is the backend group, which Maya belongs to.
    expect(
      (
        await run
          .as(MAYA)
          .unsubscribe({ subscriptions: ['engineering'], principals: [run.id(NOAH)] })
      ).data!.removed,
    ).toEqual(['engineering']);
    expect(
      (await run.as(MAYA).unsubscribe({ subscriptions: ['general'], principals: [OLIVIA] })).error
        ?.code,
    ).toBe('BAD_REQUEST');
  });

  it('a deactivated or unknown principal is 400 BAD_REQUEST; an unknown channel STREAM_DOES_NOT_EXIST; archived is refused', async () => {
    expect(
      (await run.as(AARON).unsubscribe({ subscriptions: ['general'], principals: [DANA] })).error,
    ).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(
      (await run.as(AARON).unsubscribe({ subscriptions: ['general'], principals: [4242] })).error,
    ).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect((await run.as(MAYA).unsubscribe({ subscriptions: ['nowhere'] })).error).toMatchObject({
      code: 'STREAM_DOES_NOT_EXIST',
      stream: 'nowhere',
    });
    expect(
      (await run.as(MAYA).unsubscribe({ subscriptions: ['old-projects'] })).error!.msg,
    ).toMatch(/archived/);
  });
});
