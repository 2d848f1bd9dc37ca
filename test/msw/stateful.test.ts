/**
 * The stateful mock inside MSW handlers (mock/stateful/msw.ts) under msw/node: the generated
 * client sends and reads back, sets flags, removes reactions, edits drafts; the contract runner
 * passes every operation through them; and the same scripted requests get the same answers
 * from `createStatefulMock` over loopback HTTP (what `npm run mock:stateful` serves) and from
 * the MSW handlers.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatTable } from '../../contract-runner/report.js';
import { createApiClient, type ApiClient } from '../../generated/client.js';
import { manualClock } from '../../mock/stateful/index.js';
import { createStatefulHandlers } from '../../mock/stateful/msw.js';
import { contractCases } from '../client/contract-examples.js';
import {
  failed,
  loadRunnerInputs,
  runContract,
  RUNNER_TIMEOUT_MS,
} from '../contract-runner/harness.js';
import { MAYA, NOAH, startMock } from '../stateful/helpers.js';

const BASE = 'https://chat.example.com';
const clock = manualClock();
const mock = createStatefulHandlers({ baseUrl: BASE, clock });
// Unmatched requests (the loopback mock of the agreement test) go to the network.
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => mock.reset());
afterAll(() => server.close());

function as(email: string, baseUrl = BASE): ApiClient {
  const c = mock.credentials.find((x) => x.email === email)!;
  return createApiClient({
    baseUrl,
    email: c.email,
    apiKey: c.apiKey,
    onNotice: () => {},
    onIgnoredParameters: () => {},
  });
}
const userId = (email: string) =>
  [...mock.core.state.users.values()].find((u) => u.email === email)!.user_id;

describe('createStatefulHandlers', () => {
  it('gives the credentials mock:stateful prints ({ role, email, apiKey, password })', () => {
    expect(mock.credentials.length).toBeGreaterThan(3);
    for (const c of mock.credentials)
      expect(Object.keys(c).sort()).toEqual(['apiKey', 'email', 'password', 'role']);
  });

  it('a message sent through the handlers comes back from GET /messages', async () => {
    const sent = await as(MAYA).sendMessage({
      type: 'channel',
      to: 'general',
      topic: 'lunch',
      content: 'Pizza at **noon**?',
    });
    expect(sent.error).toBeUndefined();
    const got = await as(NOAH).getMessages({ anchor: 'newest', num_before: 1, num_after: 0 });
    expect(got.data!.messages.map((m) => m.id)).toEqual([sent.data!.id]);
    expect(got.data!.messages[0]).toMatchObject({
      subject: 'lunch',
      display_recipient: 'general',
      sender_email: MAYA,
    });
    expect(got.data!.messages[0].content).toContain('<strong>noon</strong>');
    mock.reset();
    const after = await as(NOAH).getMessages({ anchor: 'newest', num_before: 1, num_after: 0 });
    expect(after.data!.messages.map((m) => m.id)).not.toContain(sent.data!.id);
  });

  it('flags: starring a message shows in its flags', async () => {
    const sent = await as(MAYA).sendMessage({
      type: 'channel',
      to: 'general',
      topic: 'flags',
      content: 'star me',
    });
    const id = sent.data!.id;
    const flagged = await as(NOAH).updateMessageFlags({
      messages: [id],
      op: 'add',
      flag: 'starred',
    });
    expect(flagged.data?.messages).toEqual([id]);
    const read = await as(NOAH).getMessage({ message_id: id });
    expect(read.data!.message.flags).toContain('starred');
  });

  it('reactions: removing one of mine, then again is REACTION_DOES_NOT_EXIST', async () => {
    const maya = userId(MAYA);
    const withMine = mock.core.state.messages.find((m) =>
      m.reactions.some((r) => r.user_id === maya),
    )!;
    const emoji = withMine.reactions.find((r) => r.user_id === maya)!.emoji_name;
    expect(
      (await as(MAYA).removeReaction({ message_id: withMine.id, emoji_name: emoji })).error,
    ).toBeUndefined();
    const again = await as(MAYA).removeReaction({ message_id: withMine.id, emoji_name: emoji });
    expect(again.error).toMatchObject({ status: 400, code: 'REACTION_DOES_NOT_EXIST' });
  });

  it('drafts: editing my draft changes it; a missing draft is a 400 envelope', async () => {
    const mine = [...mock.core.state.drafts.values()].find((d) => d.user_id === userId(MAYA))!;
    const edited = await as(MAYA).editDraft({
      draft_id: mine.id,
      draft: {
        type: 'private',
        to: [userId(NOAH)],
        topic: '',
        content: 'Updated',
        timestamp: 1700000000,
      },
    });
    expect(edited.error).toBeUndefined();
    expect(mock.core.state.drafts.get(mine.id)).toMatchObject({
      type: 'private',
      content: 'Updated',
    });
    const missing = await as(MAYA).editDraft({
      draft_id: 999,
      draft: { type: '', to: [], topic: '', content: 'x' },
    });
    expect(missing.error).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('serves an older feature level and named seed presets', async () => {
    const old = createStatefulHandlers({
      baseUrl: 'https://old.example.com',
      featureLevel: 200,
      seed: 'empty',
      clock,
    });
    server.use(...old.handlers);
    const c = old.credentials.find((x) => x.email === MAYA)!;
    const api = createApiClient({
      baseUrl: 'https://old.example.com',
      email: c.email,
      apiKey: c.apiKey,
      onNotice: () => {},
      onIgnoredParameters: () => {},
    });
    const registered = await api.registerQueue({});
    expect(
      registered.data?.service_feature_level ??
        (registered.data as { zulip_feature_level?: number })?.zulip_feature_level,
    ).toBe(200);
    const page = await api.getMessages({ anchor: 'newest', num_before: 10, num_after: 0 });
    expect(page.data!.messages).toEqual([]);
    server.resetHandlers();
  });

  it('the contract runner passes every operation through the generated client and the handlers', async () => {
    const inputs = await loadRunnerInputs();
    const owner = mock.credentials.find((c) => c.role === 'owner')!;
    const report = await runContract(inputs, {
      baseUrl: `${BASE}/api/v1`,
      credentials: { basic: { user: owner.email, password: owner.apiKey } },
      password: owner.password,
      seed: 6,
      maxExamples: 2,
      timeoutMs: RUNNER_TIMEOUT_MS,
      allowDestructive: true,
      sendValid: inputs.sendValid,
    });
    expect(failed(report), formatTable(report)).toEqual([]);
    expect(report.operations).toHaveLength(22);
    expect(report.operations.filter((o) => o.outcome === 'pass').length).toBeGreaterThan(15);
  });
});

// The mock names the sending client from User-Agent: node's fetch sends one, MSW's Request none.
const UA = { 'User-Agent': 'agreement-test' };

/** A scripted session: the same calls, in order, against one base URL. */
async function script(client: (email: string) => ApiClient): Promise<unknown[]> {
  const maya = client(MAYA);
  const noah = client(NOAH);
  const out: unknown[] = [];
  const keep = (r: { data?: unknown; error?: unknown }) => out.push(r.error ?? r.data);
  const sent = await maya.sendMessage({
    type: 'channel',
    to: 'general',
    topic: 'agree',
    content: 'Same **answer**?',
  });
  keep(sent);
  keep(
    await noah.getMessages({
      anchor: 'newest',
      num_before: 3,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'general' }],
    }),
  );
  keep(await noah.updateMessageFlags({ messages: [sent.data!.id], op: 'add', flag: 'read' }));
  keep(await noah.getMessage({ message_id: sent.data!.id }));
  keep(
    await maya.sendMessage({ type: 'channel', to: 'no-such-channel', topic: 't', content: 'x' }),
  );
  keep(await maya.sendMessage({ type: 'channel', to: 'general', topic: 't', content: '' }));
  keep(await maya.getStreams({ include_all: true } as never));
  keep(await maya.getUsers({}));
  keep(await maya.updateStatus({ status_text: 'away', emoji_name: 'car' }));
  keep(await maya.registerQueue({ event_types: ['message'] }));
  keep(
    await maya.editDraft({ draft_id: 999, draft: { type: '', to: [], topic: '', content: 'x' } }),
  );
  return out;
}

/** Queue ids carry a random per-instance tag; everything else is deterministic with a manual clock. */
function scrub(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v) =>
      key === 'queue_id' ? '<queue>' : key === 'cause' ? undefined : v,
    ),
  );
}

describe('agreement of mock:stateful and the MSW stateful handlers', () => {
  it('the same scripted requests get the same answers through both', async () => {
    const http = await startMock();
    try {
      const msw = createStatefulHandlers({
        baseUrl: 'https://agree.example.com',
        clock: manualClock(),
      });
      server.use(...msw.handlers);
      const viaMsw = await script((email) => {
        const c = msw.credentials.find((x) => x.email === email)!;
        return createApiClient({
          baseUrl: 'https://agree.example.com',
          email: c.email,
          apiKey: c.apiKey,
          headers: UA,
          onNotice: () => {},
          onIgnoredParameters: () => {},
        });
      });
      const viaHttp = await script((email) => http.as(email, UA));
      expect(viaMsw.length).toBe(11);
      expect(scrub(viaMsw)).toEqual(scrub(viaHttp));
      // the script did exercise errors as well as successes
      expect(JSON.stringify(viaMsw)).toContain('"kind":"api"');
    } finally {
      server.resetHandlers();
      await http.close();
    }
  });

  it("every operation, with the contract's example parameters, gets the same answer through both", async () => {
    const cases = await contractCases();
    const http = await startMock();
    try {
      const msw = createStatefulHandlers({
        baseUrl: 'https://agree.example.com',
        clock: manualClock(),
      });
      server.use(...msw.handlers);
      // the owner may call every operation; each in the contract's order, one session each side
      const owner = msw.credentials.find((c) => c.role === 'owner')!;
      const session = async (api: ApiClient) => {
        const calls = api as unknown as Record<
          string,
          (p: unknown) => Promise<{ data?: unknown; error?: unknown; response?: Response }>
        >;
        const out: Record<string, unknown> = {};
        for (const c of cases) {
          const r = await calls[c.op.id](c.params);
          out[c.op.id] = { status: r.response?.status, answer: r.error ?? r.data };
        }
        return out;
      };
      const viaMsw = await session(
        createApiClient({
          baseUrl: 'https://agree.example.com',
          email: owner.email,
          apiKey: owner.apiKey,
          headers: UA,
          onNotice: () => {},
          onIgnoredParameters: () => {},
        }),
      );
      const viaHttp = await session(http.as(owner.email, UA));
      expect(Object.keys(viaMsw)).toHaveLength(22);
      expect(scrub(viaMsw)).toEqual(scrub(viaHttp));
      // successes and the rules' refusals alike (the examples do not all fit the seeded state:
      // 10 succeed, the rest are 400/401 envelopes worded by the rules), never a 5xx
      const statuses = Object.values(viaMsw).map((v) => (v as { status: number }).status);
      expect(statuses.filter((st) => st === 200).length).toBeGreaterThanOrEqual(10);
      expect(statuses.filter((st) => st >= 500)).toEqual([]);
    } finally {
      server.resetHandlers();
      await http.close();
    }
  });
});
