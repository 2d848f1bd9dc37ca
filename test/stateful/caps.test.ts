/**
 * Each per-user collection of the stateful mock is capped (issue 27 item 7), tested at its edge
 * through the generated client over HTTP: the Nth item is stored, the N+1th is refused with
 * 400 BAD_REQUEST in the API's envelope and nothing is stored. The caps are written here as
 * numbers, as the README's "Limits" lists them, not read from the mock: a mock without caps
 * (or with others than documented) fails. Where N is large, the state is filled directly up to
 * N − 1 and the last steps go through the API.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statefulMockReadme } from '../../mock/stateful/package/readme.js';
import { AARON, MAYA, NOAH, startMock, type MockRun } from './helpers.js';

/** The README's table (README.md, "Limits"). */
const CAPS = {
  messagesPerSender: 200_000,
  savedSnippetsPerUser: 100,
  pushTokensPerUser: 20,
  topicPoliciesPerUser: 1_000,
  linkifiersPerRealm: 100,
  eventQueuesPerUser: 100,
  eventsPerQueue: 1_000,
};

let run: MockRun;
beforeAll(async () => {
  run = await startMock();
});
afterAll(async () => run.close());
beforeEach(() => run.mock.reset());

const refusal = { status: 400, code: 'BAD_REQUEST', result: 'error' };
function expectCapRefusal(
  r: { error?: { status?: number; code?: string; msg: string }; response?: Response },
  words: RegExp,
) {
  expect(r.error, 'the call past the cap is refused').toBeDefined();
  expect({ status: r.response?.status, code: r.error?.code, result: 'error' }).toEqual(refusal);
  expect(r.error!.msg).toMatch(words);
}

const general = () =>
  [...run.mock.state.channels.values()].find((c) => c.name === 'general')!.stream_id;

describe('caps on per-user collections, at their edges', () => {
  it(`saved snippets: ${CAPS.savedSnippetsPerUser} per user; another user still saves`, async () => {
    const maya = run.as(MAYA);
    const mine = () =>
      [...run.mock.state.snippets.values()].filter((s) => s.user_id === run.id(MAYA)).length;
    const seeded = mine();
    for (let i = seeded; i < CAPS.savedSnippetsPerUser; i++) {
      const r = await maya.createSavedSnippet({ title: `t${i}`, content: `c${i}` });
      expect(r.error, `snippet ${i + 1}`).toBeUndefined();
    }
    expect(mine()).toBe(CAPS.savedSnippetsPerUser);
    expectCapRefusal(
      await maya.createSavedSnippet({ title: 'one more', content: 'x' }),
      /saved snippets.*100/,
    );
    expect(mine()).toBe(CAPS.savedSnippetsPerUser);
    expect(
      (await run.as(NOAH).createSavedSnippet({ title: 'mine', content: 'x' })).error,
    ).toBeUndefined();
  });

  it(`push device tokens: ${CAPS.pushTokensPerUser} per user; a token already stored is no new one`, async () => {
    const maya = run.as(MAYA);
    const add = (i: number) => maya.addPlatformDeviceToken({ token: `tok${i}`, appid: 'app' });
    for (let i = 0; i < CAPS.pushTokensPerUser; i++)
      expect((await add(i)).error, `token ${i + 1}`).toBeUndefined();
    expectCapRefusal(await add(CAPS.pushTokensPerUser), /push device tokens.*20/);
    expect(run.mock.state.deviceTokens.get(run.id(MAYA))).toHaveLength(CAPS.pushTokensPerUser);
    expect((await add(0)).error, 'the same token again').toBeUndefined();
  });

  it(`topic visibility policies: ${CAPS.topicPoliciesPerUser} per user; changing or clearing one still works; a send still goes`, async () => {
    const { state } = run.mock;
    const maya = run.as(MAYA);
    const stream = general();
    const uid = run.id(MAYA);
    for (let i = 0; i < CAPS.topicPoliciesPerUser - 1; i++)
      state.userTopics.set(`${uid}\u0000${stream}\u0000filled ${i}`, {
        policy: 1,
        last_updated: 0,
        topic: `filled ${i}`,
      });
    const set = (topic: string, visibility_policy: 0 | 1 | 2 | 3) =>
      maya.updateUserTopic({ stream_id: stream, topic, visibility_policy });
    expect((await set('the last one', 1)).error, `policy ${CAPS.topicPoliciesPerUser}`).toBe(
      undefined,
    );
    expectCapRefusal(await set('one more', 1), /topic visibility policies.*1,000/);
    expect((await set('the last one', 3)).error, 'changing one').toBeUndefined();
    // the automatic "follow topics I start" is left out at the cap; the message is sent
    const user = state.users.get(uid)!;
    user.settings.automatically_follow_topics_policy = 3;
    const sent = await maya.sendMessage({
      type: 'channel',
      to: 'general',
      topic: 'a new topic',
      content: 'x',
    });
    expect(sent.error).toBeUndefined();
    expect(sent.data!.automatic_new_visibility_policy).toBeUndefined();
    expect((await set('filled 0', 0)).error, 'clearing one').toBeUndefined();
    expect((await set('one more', 1)).error, 'room again').toBeUndefined();
  });

  it(`linkifiers: ${CAPS.linkifiersPerRealm} for the organization`, async () => {
    const aaron = run.as(AARON);
    const add = (i: number) =>
      aaron.addLinkifier({ pattern: `T${i}-(?P<n>[0-9]+)`, url_template: 'https://t.example/{n}' });
    for (let i = run.mock.state.linkifiers.size; i < CAPS.linkifiersPerRealm; i++)
      expect((await add(i)).error, `linkifier ${i + 1}`).toBeUndefined();
    expectCapRefusal(await add(CAPS.linkifiersPerRealm), /linkifiers.*100/);
    expect(run.mock.state.linkifiers.size).toBe(CAPS.linkifiersPerRealm);
  });

  it(`event queues: ${CAPS.eventQueuesPerUser} live per user; another user still registers`, async () => {
    const maya = run.as(MAYA);
    const register = () => maya.registerQueue({ fetch_event_types: ['realm'] });
    for (let i = 0; i < CAPS.eventQueuesPerUser; i++)
      expect((await register()).error, `queue ${i + 1}`).toBeUndefined();
    expectCapRefusal(await register(), /event queues.*100/);
    expect((await run.as(NOAH).registerQueue({ fetch_event_types: ['realm'] })).error).toBe(
      undefined,
    );
    // an idle queue still expires after 10 minutes, which makes room
    run.clock.advance(10 * 60 * 1000);
    expect((await register()).error).toBeUndefined();
  });

  it(`events: ${CAPS.eventsPerQueue} unread per queue; the next discards the queue (BAD_EVENT_QUEUE_ID)`, async () => {
    const maya = run.as(MAYA);
    const { data } = await maya.registerQueue({ event_types: ['saved_snippets'] });
    const queueId = data!.queue_id!;
    const uid = run.id(MAYA);
    for (let i = 0; i < CAPS.eventsPerQueue - 1; i++)
      run.mock.state.events.push(uid, {
        type: 'saved_snippets',
        op: 'remove',
        saved_snippet_id: i,
      });
    expect((await maya.createSavedSnippet({ title: 'last', content: 'x' })).error).toBeUndefined();
    const full = run.mock.events(queueId);
    expect(full.ok && full.events.length).toBe(CAPS.eventsPerQueue);
    expect((await maya.createSavedSnippet({ title: 'past', content: 'x' })).error).toBe(undefined);
    expect(run.mock.events(queueId)).toMatchObject({ ok: false, code: 'BAD_EVENT_QUEUE_ID' });
    // a reader that keeps up never loses its queue: acknowledged events do not count
    const again = (await maya.registerQueue({ event_types: ['saved_snippets'] })).data!.queue_id!;
    for (let i = 0; i < CAPS.eventsPerQueue + 5; i++) {
      run.mock.state.events.push(uid, {
        type: 'saved_snippets',
        op: 'remove',
        saved_snippet_id: i,
      });
      const read = run.mock.events(again, i);
      expect(read.ok).toBe(true);
    }
  });

  it(`messages: ${CAPS.messagesPerSender.toLocaleString('en-US')} sent through the API per user`, async () => {
    const maya = run.as(MAYA);
    run.mock.state.sentBy.set(run.id(MAYA), CAPS.messagesPerSender - 1);
    const send = (content: string) =>
      maya.sendMessage({ type: 'channel', to: 'general', topic: 'cap', content });
    expect((await send('the last one')).error).toBeUndefined();
    const before = run.mock.state.messages.length;
    expectCapRefusal(await send('one more'), /sent messages.*200,000/);
    expect(run.mock.state.messages.length).toBe(before);
    expect(
      (
        await run
          .as(NOAH)
          .sendMessage({ type: 'channel', to: 'general', topic: 'cap', content: 'x' })
      ).error,
    ).toBe(undefined);
  });

  it('the READMEs and DESIGN.md list every cap with the other limits', () => {
    const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    const between = (text: string, from: string, to: string) =>
      text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));
    const places = {
      'README.md, Frontend': between(read('README.md'), '## Frontend', '## Backend'),
      'DESIGN.md, Limits': between(read('DESIGN.md'), '### Limits', '### CORS'),
      "the mock package's README": statefulMockReadme('api', 'mock').split('## Limits')[1],
    };
    for (const [place, text] of Object.entries(places))
      for (const value of Object.values(CAPS))
        expect(text, `${place}: ${value}`).toContain(value.toLocaleString('en-US'));
  });
});
