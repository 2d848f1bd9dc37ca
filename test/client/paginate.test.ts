/**
 * `paginate` of the generated client against the stateful mock over HTTP, seeded with 12,000
 * more messages in one channel (issue 32): the whole history of that channel newest-first and
 * oldest-first, each message exactly once and in order, every request within the contract's
 * limit (5000, from `x-pagination`), messages sent while paging included where they belong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginate, pagingTable, type ApiClient } from '../../generated/client.js';
import { startHistoryMock, type HistoryMock } from './history-mock.js';

const EXTRA = 12_000;
const narrow = [{ operator: 'channel', operand: 'general' }];

let run: HistoryMock;
let api: ApiClient;
let mock: HistoryMock['mock'];
/** every GET /messages the mock received: its num_before + num_after */
const asked: number[] = [];

beforeAll(async () => {
  run = await startHistoryMock(EXTRA, (req) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/api/v1/messages')
      asked.push(
        Number(url.searchParams.get('num_before')) + Number(url.searchParams.get('num_after')),
      );
  });
  ({ api, mock } = run);
});
afterAll(() => run.stop());

/** The IDs of the channel's messages in the mock's store, oldest first. */
function storedIds(): number[] {
  const general = [...mock.state.channels.values()].find((c) => c.name === 'general')!;
  return mock.state.messages.filter((m) => m.stream_id === general.stream_id).map((m) => m.id);
}

async function walk(direction: 'older' | 'newer', pageSize?: number): Promise<number[]> {
  const ids: number[] = [];
  for await (const m of paginate(api, 'getMessages', { narrow }, { direction, pageSize }).items())
    ids.push(m.id);
  return ids;
}

describe('paginate: anchor paging of GET /messages', () => {
  it('reads the limit from the contract', () => {
    expect(pagingTable.getMessages).toMatchObject({
      style: 'anchor',
      max: 5000,
      recommended: 1000,
    });
  });

  it('newest-first: every message once, in order, each request within the limit', async () => {
    asked.length = 0;
    const stored = storedIds();
    expect(stored.length).toBeGreaterThan(EXTRA);
    const ids = await walk('older');
    expect(ids).toEqual([...stored].reverse());
    expect(asked.length).toBe(Math.ceil(stored.length / 1000));
    expect(Math.max(...asked)).toBeLessThanOrEqual(5000);
  }, 120_000);

  it('oldest-first at the largest page the contract allows', async () => {
    asked.length = 0;
    const ids = await walk('newer', 5000);
    expect(ids).toEqual(storedIds());
    expect(asked.every((n) => n === 5000)).toBe(true);
  }, 120_000);

  it('a page size over the contract limit is refused before anything is sent', () => {
    asked.length = 0;
    expect(() => paginate(api, 'getMessages', { narrow }, { pageSize: 5001 })).toThrow(
      /over the contract's limit of 5000/,
    );
    expect(asked).toEqual([]);
  });

  it('messages sent while paging newest-first: the older history once, nothing lost or repeated', async () => {
    const before = storedIds();
    const ids: number[] = [];
    let pages = 0;
    for await (const page of paginate(api, 'getMessages', { narrow }, { direction: 'older' })) {
      ids.push(...page.items.map((m) => m.id));
      // Between pages, others keep writing to the channel.
      if (pages++ < 3)
        for (let i = 0; i < 7; i++) {
          const sent = await api.sendMessage({
            type: 'channel',
            to: 'general',
            topic: 'live',
            content: `new ${pages}.${i}`,
          });
          expect(sent.error).toBeUndefined();
        }
    }
    expect(ids).toEqual([...before].reverse());
  }, 120_000);

  it('messages sent while paging oldest-first are reached at the end, once each', async () => {
    const before = storedIds();
    const sentIds: number[] = [];
    const ids: number[] = [];
    for await (const page of paginate(
      api,
      'getMessages',
      { narrow },
      { direction: 'newer', pageSize: 3000 },
    )) {
      ids.push(...page.items.map((m) => m.id));
      // A message sent after the page that reached the newest is past the walk's end.
      if (sentIds.length < 10 && !page.data.found_newest) {
        const sent = await api.sendMessage({
          type: 'channel',
          to: 'general',
          topic: 'live',
          content: `more ${sentIds.length}`,
        });
        sentIds.push(sent.data!.id);
      }
    }
    expect(sentIds.length).toBeGreaterThan(2);
    expect(ids).toEqual([...before, ...sentIds]);
  }, 120_000);

  it('from a message ID, both ways, the anchor message once', async () => {
    const stored = storedIds();
    const anchor = stored[500];
    const older: number[] = [];
    for await (const m of paginate(
      api,
      'getMessages',
      { narrow, anchor },
      { direction: 'older', pageSize: 200 },
    ).items())
      older.push(m.id);
    expect(older).toEqual(stored.slice(0, 501).reverse());
    const newer: number[] = [];
    for await (const page of paginate(
      api,
      'getMessages',
      { narrow, anchor, include_anchor: false },
      { direction: 'newer', pageSize: 4000 },
    ))
      newer.push(...page.items.map((m) => m.id));
    expect(newer).toEqual(stored.slice(501));
  }, 120_000);

  it('a failed page throws the call error value', async () => {
    const bad = paginate(api, 'getMessages', {
      narrow: [{ operator: 'channel', operand: 'no-such-channel' }],
    });
    await expect(bad[Symbol.asyncIterator]().next()).rejects.toMatchObject({
      name: 'ApiCallError',
      error: { kind: 'api', code: 'BAD_REQUEST' },
    });
  });
});
