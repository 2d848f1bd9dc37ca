/**
 * Every length limit of the stateful mock at its exact edge, in Unicode code points (what JSON
 * Schema's maxLength and Ajv count): astral characters (emoji, two UTF-16 units each) and
 * letters with a combining mark (two code points each, one grapheme). Through the generated
 * listener the mock is built on, over HTTP; `status_text` also through the validators. Plus the
 * two other departures of issue #15: raw_content by default, removed parameters reported.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validateRequest } from '../../generated/validators.js';
import { LIMITS, MAX_TOKEN_LENGTH, STATUS_TEXT_MAX } from '../../mock/stateful/limits.js';
import { AARON, MAYA, NOAH, startMock, type MockRun } from './helpers.js';

let run: MockRun;
beforeAll(async () => {
  run = await startMock();
});
afterAll(async () => run.close());
beforeEach(() => run.mock.reset());

const EMOJI = '\u{1F600}'; // one code point, two UTF-16 units
const E_ACUTE = 'e\u0301'; // two code points (letter + combining acute), one grapheme
/** `n` code points of astral characters. */
const astral = (n: number) => EMOJI.repeat(n);
/** `n` code points of letters with combining marks (an odd `n` ends with a plain letter). */
const combining = (n: number) => E_ACUTE.repeat(Math.floor(n / 2)) + (n % 2 ? 'a' : '');
/** `n` code points: plain letters ending in an emoji, so UTF-16 counting is one over. */
const endingInEmoji = (n: number) => 'a'.repeat(n - 1) + EMOJI;

const channel = (name: string) =>
  [...run.mock.state.channels.values()].find((c) => c.name === name)!;

/** At the limit accepted, one over refused, for each way of writing text. */
async function checkEdge(
  max: number,
  attempt: (text: string) => Promise<{ error?: { code?: string; msg: string } }>,
  unit = /code points|characters/,
): Promise<void> {
  for (const make of [astral, combining, endingInEmoji]) {
    expect((await attempt(make(max))).error, `${make.name} × ${max}`).toBeUndefined();
    const over = (await attempt(make(max + 1))).error;
    expect(over?.code, `${make.name} × ${max + 1}`).toBe('BAD_REQUEST');
    expect(over?.msg).toMatch(unit);
  }
}

describe('length limits count code points', () => {
  it('status_text: 60 (the description), through the listener and the validators', async () => {
    let n = 0;
    await checkEdge(STATUS_TEXT_MAX, (text) =>
      run.as(MAYA).updateStatus({ status_text: text, emoji_name: n++ % 2 ? 'car' : 'smile' }),
    );
    for (const make of [astral, combining, endingInEmoji]) {
      expect(validateRequest('updateStatus', { body: { status_text: make(60) } })).toEqual({
        valid: true,
      });
      const over = validateRequest('updateStatus', { body: { status_text: make(61) } });
      expect(over.valid).toBe(false);
      expect(JSON.stringify(over)).toMatch(/status_text/);
    }
  });

  it('the mock refuses status_text over 60 itself too (the handler, not only the validator)', async () => {
    const handler = run.mock.handlers.updateStatus;
    const user = [...run.mock.state.users.values()].find((u) => u.email === MAYA)!;
    const ctx = {
      user,
      operationId: 'updateStatus',
      ignoredParameters: [],
      request: {} as never,
      header: () => undefined,
    };
    expect((await handler({ status_text: astral(60) }, ctx)).status).toBe(200);
    const over = await handler({ status_text: astral(61) }, ctx);
    expect(over.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: /60 characters \(Unicode code points\)/,
    });
  });

  it('message content: max_message_length (10000)', async () => {
    let i = 0;
    await checkEdge(LIMITS.max_message_length, (content) =>
      run.as(MAYA).sendMessage({ type: 'channel', to: 'general', topic: `t${i++}`, content }),
    );
  });

  it('topic: max_topic_length (60), on send and on POST /user_topics', async () => {
    await checkEdge(LIMITS.max_topic_length, (topic) =>
      run.as(MAYA).sendMessage({ type: 'channel', to: 'general', topic, content: 'x' }),
    );
    const general = channel('general').stream_id;
    await checkEdge(LIMITS.max_topic_length, (topic) =>
      run.as(MAYA).updateUserTopic({ stream_id: general, topic, visibility_policy: 1 }),
    );
  });

  it('channel name and description: max_stream_name_length (60), max_stream_description_length (1024)', async () => {
    const id = channel('design').stream_id;
    let i = 0;
    // Names must be unique: vary the last code point, keep the length.
    await checkEdge(LIMITS.max_stream_name_length, (name) =>
      run.as(AARON).updateStream({
        stream_id: id,
        new_name: [...name].slice(0, -1).join('') + String(i++ % 10),
      }),
    );
    await checkEdge(LIMITS.max_stream_description_length, (description) =>
      run.as(AARON).updateStream({ stream_id: id, description }),
    );
  });

  it('full name: 2 to 60 code points (the mock’s choice)', async () => {
    const noah = run.id(NOAH);
    await checkEdge(60, (full_name) => run.as(AARON).updateUser({ user_id: noah, full_name }));
    // The lower edge: one letter with its combining mark is two code points, one emoji is one.
    expect(
      (await run.as(AARON).updateUser({ user_id: noah, full_name: E_ACUTE })).error,
    ).toBeUndefined();
    expect((await run.as(AARON).updateUser({ user_id: noah, full_name: EMOJI })).error?.code).toBe(
      'BAD_REQUEST',
    );
  });

  it('push token: 4096 (the mock’s choice; tokens are ASCII, so emoji are refused as characters)', async () => {
    const maya = run.as(MAYA);
    expect(
      (await maya.addPlatformDeviceToken({ token: 'a'.repeat(MAX_TOKEN_LENGTH), appid: 'app' }))
        .error,
    ).toBeUndefined();
    const over = await maya.addPlatformDeviceToken({
      token: 'a'.repeat(MAX_TOKEN_LENGTH + 1),
      appid: 'app',
    });
    expect(over.error?.msg).toMatch(/4096 characters \(Unicode code points\)/);
    expect(
      (await maya.addPlatformDeviceToken({ token: astral(10), appid: 'app' })).error?.msg,
    ).toBe('Invalid token');
  });
});

describe('GET /messages/{id} and removed parameters', () => {
  it('raw_content is in the answer by default, and with apply_markdown either way', async () => {
    const maya = run.as(MAYA);
    const sent = await maya.sendMessage({
      type: 'channel',
      to: 'general',
      topic: 'raw',
      content: 'Hi **there**',
    });
    const id = sent.data!.id;
    for (const apply_markdown of [undefined, true, false]) {
      const got = await maya.getMessage({
        message_id: id,
        ...(apply_markdown === undefined ? {} : { apply_markdown }),
      });
      expect(got.data!.raw_content, String(apply_markdown)).toBe('Hi **there**');
    }
  });

  it('PATCH /streams with a removed parameter: success, the name in ignored_parameters_unsupported, nothing changed by it', async () => {
    const ch = channel('design');
    const before = JSON.stringify(ch);
    for (const [name, value] of [
      ['stream_post_policy', '2'],
      ['is_announcement_only', 'true'],
    ]) {
      const res = await fetch(`${run.base}/api/v1/streams/${ch.stream_id}`, {
        method: 'PATCH',
        headers: {
          authorization: 'Basic ' + Buffer.from(`${AARON}:${apiKey(AARON)}`).toString('base64'),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: `${name}=${value}&description=same`,
      });
      const body = await res.json();
      expect(res.status, name).toBe(200);
      expect(body).toMatchObject({ result: 'success', ignored_parameters_unsupported: [name] });
    }
    const after = channel('design');
    expect(after.description).toBe('same');
    expect(JSON.stringify({ ...after, description: JSON.parse(before).description })).toBe(before);
  });
});

function apiKey(email: string): string {
  return [...run.mock.state.users.values()].find((u) => u.email === email)!.api_key;
}
