/**
 * The generated listener (generated/server.ts) on its own, with a plain handler: it serves as a
 * server of the newest level by default (removed parameters are unknown: ignored and reported)
 * and of `featureLevel` when told, cutting the handler's answer to that level.
 */
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestListener, ok, type Handlers } from '../../generated/server.js';

const AUTH = 'Basic ' + Buffer.from('ada@example.com:key').toString('base64');
let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function serve(featureLevel: number | undefined, seen: Record<string, unknown>[]) {
  const handlers = {
    updateStream: (params: Record<string, unknown>) => {
      seen.push(params);
      return ok();
    },
    getStreams: () =>
      ok({
        streams: [
          {
            stream_id: 1,
            name: 'general',
            description: '',
            rendered_description: '',
            date_created: 0,
            creator_id: null,
            invite_only: false,
            is_web_public: false,
            history_public_to_subscribers: true,
            first_message_id: null,
            message_retention_days: null,
            is_announcement_only: false,
            stream_post_policy: 1,
            is_archived: false,
            folder_id: null,
            topics_policy: 'inherit',
            can_add_subscribers_group: 1,
            can_remove_subscribers_group: 1,
            can_administer_channel_group: 1,
            can_send_message_group: 1,
            can_delete_any_message_group: 1,
            can_delete_own_message_group: 1,
            can_subscribe_group: 1,
            is_recently_active: true,
            stream_weekly_traffic: null,
            is_default: false,
          },
        ],
      }),
  } as unknown as Handlers<{ id: number }>;
  const listener = createRequestListener<{ id: number }>({
    handlers,
    authenticate: () => ({ id: 1 }),
    featureLevel,
    logger: { error: (m) => seen.push({ log: m }) },
  });
  server = createServer(listener);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`;
}

describe('generated listener and feature levels', () => {
  it('by default a removed parameter is unknown: the handler never sees it, the answer names it', async () => {
    const seen: Record<string, unknown>[] = [];
    const base = await serve(undefined, seen);
    const res = await fetch(`${base}/streams/1`, {
      method: 'PATCH',
      headers: { authorization: AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'stream_post_policy=2&is_announcement_only=true&description=x',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['stream_post_policy', 'is_announcement_only'],
    });
    expect(seen).toEqual([{ stream_id: 1, description: 'x' }]);
  });

  it('at featureLevel 300 the handler’s newest answer is cut to that level after validation', async () => {
    const seen: Record<string, unknown>[] = [];
    const base = await serve(300, seen);
    const res = await fetch(`${base}/streams?include_all=true`, {
      headers: { authorization: AUTH },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(seen)).toBe(200);
    expect(body.ignored_parameters_unsupported).toEqual(['include_all']);
    const [channel] = body.streams;
    for (const newer of [
      'is_archived',
      'folder_id',
      'topics_policy',
      'can_delete_any_message_group',
    ])
      expect(channel, newer).not.toHaveProperty(newer);
    expect(channel).toMatchObject({ stream_post_policy: 1, name: 'general' });
  });
});
