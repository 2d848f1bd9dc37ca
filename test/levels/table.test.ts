/**
 * The level table (generator/model/levels.ts → generated/operations.ts `levels`) and the module
 * that applies it (runtime/feature-levels.ts), without a server: the rules, the contract's facts
 * the mocks rely on, and the client's `supports` against a real server that teaches its level.
 */
import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../generated/client.js';
import { levels, operations } from '../../generated/operations.js';
import { newestLevel, spanOf } from '../../generator/model/levels.js';
import { createStatefulMock } from '../../mock/stateful/index.js';
import { existsAt, levelView, type LevelTable } from '../../runtime/feature-levels.js';

describe('the rules', () => {
  it('an item exists from its `since` (inclusive) until its `until` (exclusive)', () => {
    expect(existsAt({ since: 10 }, 9)).toBe(false);
    expect(existsAt({ since: 10 }, 10)).toBe(true);
    expect(existsAt({ until: 20 }, 19)).toBe(true);
    expect(existsAt({ until: 20 }, 20)).toBe(false);
    expect(existsAt(undefined, 0)).toBe(true);
  });

  it('an undated removal counts from the newest level; a dated one from its level', () => {
    const note = 'n';
    expect(
      spanOf(
        [
          { level: 333, change: 'deprecated', note },
          { level: null, change: 'removed', note },
        ],
        420,
      ),
    ).toEqual({ until: 420 });
    expect(
      spanOf(
        [
          { level: 5, change: 'added', note },
          { level: 328, change: 'removed', note },
        ],
        420,
      ),
    ).toEqual({ since: 5, until: 328 });
    expect(spanOf([{ level: null, change: 'added', note }], 420)).toEqual({});
  });

  it('the newest level is the highest any x-history or x-enum-history names', () => {
    expect(
      newestLevel({
        a: { 'x-history': [{ level: 3 }] },
        b: { 'x-enum-history': { v: [{ level: 9 }, { level: null }] } },
      }),
    ).toBe(9);
    expect(levels.newest).toBe(420); // POST /mobile_push/e2ee/test_notification, the contract's newest
  });
});

describe("the contract's table", () => {
  it('records what the description says of the removed and added items the mocks rely on', () => {
    const ops = levels.operations;
    expect(ops.updateStream.parameters?.stream_post_policy).toEqual({ until: levels.newest });
    expect(ops.updateStream.parameters?.is_announcement_only).toEqual({ until: levels.newest });
    expect(ops.updateStream.parameters?.topics_policy).toEqual({
      since: 392,
      values: { empty_topic_only: { since: 404 } },
    });
    expect(ops.updateRealmUserSettingsDefaults.parameters?.dense_mode).toEqual({ until: 364 });
    expect(ops.sendMessage.parameters?.type.values).toEqual({ channel: { since: 248 } });
    expect(ops.updateUserTopic.since).toBe(170);
    expect(ops.getStreams.responses?.['200'].ignored_parameters_unsupported).toEqual({
      since: 167,
    });
    expect(ops.getStreams.responses?.['200'].streams.fields?.folder_id).toEqual({ since: 389 });
    expect(ops.getMessages.responses?.['200'].messages.fields?.reactions.fields?.user).toEqual({
      until: 328,
    });
    // Every operation of the operation table has an entry, and nothing else does.
    expect(Object.keys(ops).sort()).toEqual(Object.keys(operations).sort());
  });
});

describe('levelView', () => {
  const table: LevelTable = {
    newest: 50,
    operations: {
      op: {
        parameters: {
          a: { since: 20 },
          gone: { until: 30 },
          kind: { values: { new: { since: 40 } } },
        },
        responses: {
          '200': {
            added: { since: 20 },
            list: { fields: { inner: { since: 40 } }, values: { x: { since: 40 } } },
          },
        },
      },
      later: { since: 45 },
    },
  };
  const op = {
    operationId: 'op',
    method: 'POST' as const,
    path: '/op',
    auth: 'required' as const,
    errorCodes: [],
    statuses: ['200'],
    fields: ['a', 'gone', 'kind', 'plain'].map((name) => ({
      name,
      in: 'body' as const,
      required: false,
      encoding: 'plain' as const,
      types: ['string' as const],
    })),
  };

  it('operations and parameters at a level', () => {
    const at10 = levelView(table, 10).operationsAt({ op, later: { ...op, operationId: 'later' } });
    expect(Object.keys(at10)).toEqual(['op']);
    expect(at10.op.fields.map((f) => f.name)).toEqual(['gone', 'kind', 'plain']);
    const at35 = levelView(table, 35).operationsAt({ op });
    expect(at35.op.fields.map((f) => f.name)).toEqual(['a', 'kind', 'plain']);
    expect(
      levelView(table)
        .operationsAt({ op })
        .op.fields.map((f) => f.name),
    ).toEqual(['a', 'kind', 'plain']);
    expect(levelView(table, 44).supports('later')).toBe(false);
    expect(levelView(table, 45).supports('later')).toBe(true);
    expect(levelView(table, 29).supports('op', 'gone')).toBe(true);
    expect(levelView(table, 30).supports('op', 'gone')).toBe(false);
  });

  it('enum values newer than the level are refused, also inside arrays', () => {
    expect(levelView(table, 39).refusedValues('op', { kind: 'new' })).toEqual([
      { parameter: 'kind', value: 'new', since: 40 },
    ]);
    expect(levelView(table, 39).refusedValues('op', { kind: ['old', 'new'] })).toHaveLength(1);
    expect(levelView(table, 40).refusedValues('op', { kind: 'new' })).toEqual([]);
  });

  it('answers lose what is newer, in nested arrays too, as a copy', () => {
    const body = {
      result: 'success',
      added: 1,
      list: [{ inner: 1, keep: 2 }, ['x', 'y']],
    };
    const frozen = JSON.stringify(body);
    expect(levelView(table, 10).answerAt('op', 200, body)).toEqual({
      result: 'success',
      list: [{ keep: 2 }, ['x', 'y']],
    });
    expect(JSON.stringify(body)).toBe(frozen);
    expect(levelView(table, 30).answerAt('op', 200, { list: ['x', 'y'] })).toEqual({ list: ['y'] });
    // Nothing to cut: the same object back, no copy.
    expect(levelView(table, 50).answerAt('op', 200, body)).toBe(body);
    expect(levelView(table, 10).answerAt('op', 400, body)).toBe(body);
  });

  it('refuses a level that is not a non-negative integer', () => {
    expect(() => levelView(table, -1)).toThrow(RangeError);
    expect(() => levelView(table, 2.5)).toThrow(RangeError);
  });
});

describe('client: featureLevel and supports', () => {
  it('answers for the newest level until the level is known, then for the level learnt from POST /register', async () => {
    const mock = createStatefulMock({ featureLevel: 200 });
    const server: Server = createServer(mock.listener);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const user = mock.credentials[0];
      const api = createApiClient({
        baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        email: user.email,
        apiKey: user.apiKey,
        onNotice: () => {},
      });
      expect(api.featureLevel).toBeUndefined();
      expect(api.supports('createSavedSnippet')).toBe(true);
      expect(api.supports('getStreams', 'exclude_archived')).toBe(true);
      expect(api.supports('updateStream', 'stream_post_policy')).toBe(false); // removed today

      expect((await api.registerQueue({})).error).toBeUndefined();
      expect(api.featureLevel).toBe(200);
      expect(api.supports('updateUserTopic')).toBe(true); // 170
      expect(api.supports('createSavedSnippet')).toBe(false); // 297
      expect(api.supports('getStreams')).toBe(true);
      expect(api.supports('getStreams', 'exclude_archived')).toBe(false); // 315
      expect(api.supports('updateStream', 'stream_post_policy')).toBe(true); // still there at 200
      expect(api.supports('getStreams', 'no_such' as never)).toBe(false);
      expect(api.supports('noSuchOperation' as never)).toBe(false);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('a level given at creation is used at once', () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:9', featureLevel: 300 });
    expect(api.featureLevel).toBe(300);
    expect(api.supports('createSavedSnippet')).toBe(true);
    expect(api.supports('getUsers', 'user_ids')).toBe(false); // 384
  });
});
