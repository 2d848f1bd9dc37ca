/**
 * Both mocks as servers of older feature levels (`featureLevel`, `--feature-level N`), over HTTP
 * on loopback, at levels from the contract's history around its changes: 160 (before
 * `ignored_parameters_unsupported`, 167), 200, 320, 390 and the newest. The expectations are
 * written from the contract's x-history by hand (not read back from the level table), so a wrong
 * table fails here.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levels } from '../../generated/operations.js';
import { startPrismMock, type RunningMock } from '../../mock/prism/start.js';
import { createStatefulMock } from '../../mock/stateful/index.js';

interface Target {
  baseUrl: string;
  /** Basic credentials of an administrator (any on the Prism mock) */
  authorization: string;
  /** a channel id the administrator may edit */
  channelId: number;
  stop(): Promise<void>;
}

const basic = (email: string, key: string) =>
  'Basic ' + Buffer.from(`${email}:${key}`).toString('base64');

async function statefulAt(featureLevel: number | undefined): Promise<Target> {
  const mock = createStatefulMock({ featureLevel });
  const server: Server = createServer(mock.listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const admin = mock.credentials.find((c) => c.role === 'administrator')!;
  const design = [...mock.state.channels.values()].find((c) => c.name === 'design')!;
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`,
    authorization: basic(admin.email, admin.apiKey),
    channelId: design.stream_id,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function prismAt(featureLevel: number | undefined): Promise<Target> {
  const mock: RunningMock = await startPrismMock({ featureLevel });
  return {
    baseUrl: mock.baseUrl,
    authorization: basic('iago@example.com', 'key'),
    channelId: 1,
    stop: () => mock.stop(),
  };
}

type Json = Record<string, any>;

async function call(t: Target, method: string, path: string, form?: string) {
  const res = await fetch(t.baseUrl + path, {
    method,
    headers: {
      authorization: t.authorization,
      ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** What a server of each level has, from the contract's x-history. */
const EXPECTED: {
  level: number | undefined;
  /** Channel fields present (true) or left out (false) */
  channelFields: Record<string, boolean>;
  /** `GET /streams?exclude_archived=false&include_all=true`: reported names (undefined: no list) */
  streamsIgnored: string[] | undefined;
  /** PATCH /streams/{id} with topics_policy and stream_post_policy: reported names */
  patchIgnored: string[] | undefined;
  /** operations that are unknown paths */
  missing: [string, string][];
  /** `type=channel` (level 248) accepted */
  channelType: boolean;
}[] = [
  {
    level: 160,
    channelFields: { is_archived: false, folder_id: false, topics_policy: false },
    streamsIgnored: undefined, // ignored_parameters_unsupported itself is level 167
    patchIgnored: undefined,
    missing: [
      ['POST', '/user_topics'],
      ['POST', '/saved_snippets'],
      ['POST', '/mobile_push/e2ee/test_notification'],
    ],
    channelType: false,
  },
  {
    level: 200,
    channelFields: { is_archived: false, folder_id: false, topics_policy: false },
    streamsIgnored: ['exclude_archived', 'include_all'],
    patchIgnored: ['topics_policy'],
    missing: [['POST', '/saved_snippets']],
    channelType: false,
  },
  {
    level: 320,
    channelFields: { is_archived: true, folder_id: false, topics_policy: false },
    streamsIgnored: ['include_all'],
    patchIgnored: ['topics_policy'],
    missing: [['POST', '/mobile_push/e2ee/test_notification']],
    channelType: true,
  },
  {
    level: 390,
    channelFields: {
      is_archived: true,
      folder_id: true,
      topics_policy: false,
      can_delete_any_message_group: false,
    },
    streamsIgnored: undefined,
    patchIgnored: ['topics_policy'],
    missing: [['POST', '/mobile_push/e2ee/test_notification']],
    channelType: true,
  },
  {
    level: undefined, // the newest: removed parameters are unknown
    channelFields: {
      is_archived: true,
      folder_id: true,
      topics_policy: true,
      can_delete_any_message_group: true,
    },
    streamsIgnored: undefined,
    patchIgnored: ['stream_post_policy'],
    missing: [],
    channelType: true,
  },
];

for (const [mockName, start] of [
  ['stateful mock', statefulAt],
  ['Prism mock', prismAt],
] as const) {
  describe.each(EXPECTED)(`${mockName} at feature level $level`, (expected) => {
    const level = expected.level ?? levels.newest;
    let t: Target;
    beforeAll(async () => {
      t = await start(expected.level);
    });
    afterAll(async () => t.stop());

    it('POST /register reports the level', async () => {
      const { status, body } = await call(t, 'POST', '/register', '');
      expect(status).toBe(200);
      expect(body.service_feature_level).toBe(level);
    });

    it('answers leave out fields newer than the level; newer parameters are reported as ignored', async () => {
      const { status, body } = await call(
        t,
        'GET',
        '/streams?exclude_archived=false&include_all=true',
      );
      expect(status).toBe(200);
      expect(body.streams.length).toBeGreaterThan(0);
      for (const [field, present] of Object.entries(expected.channelFields))
        expect(
          body.streams.some((s: Json) => field in s),
          field,
        ).toBe(present);
      expect(body.ignored_parameters_unsupported).toEqual(expected.streamsIgnored);
    });

    it('PATCH /streams/{id}: a parameter newer than the level, or removed at or before it, is ignored and reported', async () => {
      const { status, body } = await call(
        t,
        'PATCH',
        `/streams/${t.channelId}`,
        'topics_policy=inherit&stream_post_policy=1',
      );
      expect(status).toBe(200);
      expect(body.result).toBe('success');
      expect(body.ignored_parameters_unsupported).toEqual(expected.patchIgnored);
    });

    it('operations newer than the level are unknown paths (404); older ones are there', async () => {
      for (const [method, path] of expected.missing) {
        const { status, body } = await call(t, method, path, '');
        expect(status, path).toBe(404);
        expect(body).toMatchObject({ result: 'error', code: 'NOT_FOUND' });
      }
      expect((await call(t, 'GET', '/users')).status).toBe(200);
    });

    it("an enum value newer than the level is refused (type 'channel', level 248)", async () => {
      const form = 'type=channel&to=%22general%22&topic=levels&content=hi';
      const { status, body } = await call(t, 'POST', '/messages', form);
      if (expected.channelType) {
        expect(status).toBe(200);
      } else {
        expect(status).toBe(400);
        expect(body).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
        expect(body.msg).toMatch(/'channel' is not a valid type/);
      }
      // The legacy value is accepted at every level.
      const legacy = await call(
        t,
        'POST',
        '/messages',
        form.replace('type=channel', 'type=stream'),
      );
      expect(legacy.status).toBe(200);
    });
  });
}

describe('feature level options', () => {
  it('a level above the contract’s newest or not an integer is refused, by both mocks', async () => {
    expect(() => createStatefulMock({ featureLevel: levels.newest + 1 })).toThrow(/newest/);
    expect(() => createStatefulMock({ featureLevel: 1.5 })).toThrow(/integer/);
    await expect(startPrismMock({ featureLevel: levels.newest + 1 })).rejects.toThrow(/newest/);
  });
});
