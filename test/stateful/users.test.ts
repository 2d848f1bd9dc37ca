import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchApiKey } from '../../generated/client.js';
import { AARON, DANA, GUS, MAYA, NOAH, OLIVIA, startMock, type MockRun } from './helpers.js';

let run: MockRun;
beforeAll(async () => {
  run = await startMock();
});
afterAll(async () => run.close());
beforeEach(() => run.mock.reset());

describe('users', () => {
  it('GET /users: every role, a bot with its owner, a deactivated user; user_ids; profile data on request; anonymous access', async () => {
    const members = (await run.as(MAYA).getUsers({})).data!.members;
    expect(new Set(members.map((m) => m.role))).toEqual(new Set([100, 200, 300, 400, 600]));
    expect(members.find((m) => m.is_bot)).toMatchObject({ bot_owner_id: run.id(MAYA) });
    expect(members.find((m) => m.email === DANA)!.is_active).toBe(false);
    const one = (
      await run
        .as(MAYA)
        .getUsers({ user_ids: [run.id(OLIVIA)], include_custom_profile_fields: true })
    ).data!.members;
    expect(one).toHaveLength(1);
    expect(one[0].profile_data).toEqual({ 1: { value: 'CEO', rendered_value: '<p>CEO</p>' } });
    expect((await run.as(null).getUsers({})).data!.members.length).toBe(members.length);
  });

  it('PATCH /users/{id}: administrators only; owner-role rules; the only owner; guest to admin refused; new_email needs the owner permission', async () => {
    const target = run.id(NOAH);
    expect(
      (await run.as(MAYA).updateUser({ user_id: target, full_name: 'N' + 'oah M' })).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (await run.as(AARON).updateUser({ user_id: target, full_name: 'Noah M' })).error,
    ).toBeUndefined();
    expect(run.mock.state.users.get(target)!.full_name).toBe('Noah M');
    expect((await run.as(AARON).updateUser({ user_id: target, role: 100 })).error!.msg).toMatch(
      /owner/,
    );
    expect(
      (await run.as(OLIVIA).updateUser({ user_id: run.id(OLIVIA), role: 200 })).error!.msg,
    ).toMatch(/only organization owner/);
    expect((await run.as(OLIVIA).updateUser({ user_id: run.id(GUS), role: 200 })).error?.code).toBe(
      'BAD_REQUEST',
    );
    expect(
      (await run.as(AARON).updateUser({ user_id: target, new_email: 'n@example.com' })).error?.code,
    ).toBe('BAD_REQUEST');
    expect(
      (await run.as(OLIVIA).updateUser({ user_id: target, new_email: 'n@example.com' })).error,
    ).toBeUndefined();
    // With a second owner, the first may be demoted.
    expect(
      (await run.as(OLIVIA).updateUser({ user_id: run.id(AARON), role: 100 })).error,
    ).toBeUndefined();
    expect(
      (await run.as(AARON).updateUser({ user_id: run.id(OLIVIA), role: 200 })).error,
    ).toBeUndefined();
  });

  it('DELETE /users/{id}: administrators only; never the only owner; a deactivated user can no longer authenticate', async () => {
    expect((await run.as(MAYA).deactivateUser({ user_id: run.id(NOAH) })).error?.code).toBe(
      'BAD_REQUEST',
    );
    expect((await run.as(AARON).deactivateUser({ user_id: run.id(OLIVIA) })).error!.msg).toMatch(
      /only organization owner/,
    );
    expect((await run.as(AARON).deactivateUser({ user_id: run.id(NOAH) })).error).toBeUndefined();
    const after = await run.as(NOAH).getStreams({});
    expect(after.error).toMatchObject({ status: 401 });
  });

  it('POST /users/me/status rules', async () => {
    const maya = run.as(MAYA);
    expect((await maya.updateStatus({})).error!.msg).toMatch(/new values/);
    expect((await maya.updateStatus({ status_text: 'x'.repeat(61) })).error?.code).toBe(
      'BAD_REQUEST',
    );
    expect((await maya.updateStatus({ status_text: 'x'.repeat(60) })).error).toBeUndefined();
    expect((await maya.updateStatus({ emoji_code: '1f697' })).error!.msg).toMatch(/emoji_name/);
    expect((await maya.updateStatus({ reaction_type: 'unicode_emoji' })).error!.msg).toMatch(
      /emoji_name/,
    );
    expect((await maya.updateStatus({ emoji_name: 'unicorn_on_fire' })).error!.msg).toMatch(
      /does not exist/,
    );
    expect((await maya.updateStatus({ emoji_name: 'Bad Name!' })).error!.msg).toMatch(
      /Invalid emoji name/,
    );
    expect(
      (
        await maya.updateStatus({
          emoji_name: 'old_logo',
          emoji_code: '2',
          reaction_type: 'realm_emoji',
        })
      ).error!.msg,
    ).toMatch(/custom emoji/);
    expect(
      (await maya.updateStatus({ status_text: 'On the road', emoji_name: 'car' })).error,
    ).toBeUndefined();
    expect(run.mock.state.users.get(run.id(MAYA))!.status).toMatchObject({
      status_text: 'On the road',
      emoji_name: 'car',
      emoji_code: '1f697',
    });
    expect((await maya.updateStatus({ status_text: '' })).error).toBeUndefined();
    expect(run.mock.state.users.get(run.id(MAYA))!.status).toMatchObject({
      status_text: '',
      emoji_name: 'car',
    });
  });

  it('POST /fetch_api_key with seeded credentials, and the key works for Basic auth', async () => {
    const cred = run.mock.credentials.find((c) => c.email === MAYA)!;
    const login = await fetchApiKey(run.base, MAYA, cred.password, { onNotice: () => {} });
    expect(login.error).toBeUndefined();
    expect(login.data).toMatchObject({ api_key: cred.apiKey, email: MAYA, user_id: run.id(MAYA) });
    const wrong = await fetchApiKey(run.base, MAYA, 'guess', { onNotice: () => {} });
    expect(wrong.error).toMatchObject({ code: 'BAD_REQUEST' });
    const dana = run.mock.credentials.find((c) => c.email === DANA)!;
    expect(
      (await fetchApiKey(run.base, DANA, dana.password, { onNotice: () => {} })).error?.msg,
    ).toMatch(/deactivated/);
  });
});
