/**
 * `paginate` through MSW handlers under msw/node (issue 32: the handlers are a frontend's test
 * bed): the stateful handlers page the `busy` preset's history both ways exactly as the
 * stateful mock does, and the example handlers, which answer the same example to every page,
 * end the walk after the page that brought nothing new instead of looping.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, paginate } from '../../generated/client.js';
import { handlers as exampleHandlers } from '../../generated/msw.js';
import { createStatefulHandlers } from '../../mock/stateful/msw.js';

const BASE = 'https://chat.example.com';
const mock = createStatefulHandlers({ baseUrl: BASE, seed: 'busy' });
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const maya = () => {
  const c = mock.credentials.find((x) => x.email === 'maya@example.com')!;
  return createApiClient({ baseUrl: BASE, email: c.email, apiKey: c.apiKey });
};

describe('paginate through MSW handlers', () => {
  it('the stateful handlers: the whole channel history, once each, both ways', async () => {
    const state = mock.core.state;
    const engineering = [...state.channels.values()].find((c) => c.name === 'engineering')!;
    const stored = state.messages
      .filter((m) => m.stream_id === engineering.stream_id)
      .map((m) => m.id);
    expect(stored.length).toBeGreaterThan(1000);
    const narrow = [{ operator: 'channel', operand: 'engineering' }];
    const older: number[] = [];
    for await (const m of paginate(maya(), 'getMessages', { narrow }, { pageSize: 300 }).items())
      older.push(m.id);
    expect(older).toEqual([...stored].reverse());
    const newer: number[] = [];
    for await (const m of paginate(
      maya(),
      'getMessages',
      { narrow },
      { direction: 'newer', pageSize: 700 },
    ).items())
      newer.push(m.id);
    expect(newer).toEqual(stored);
  }, 60_000);

  it('the example handlers: one example message, then the walk ends', async () => {
    server.resetHandlers(...exampleHandlers);
    const api = createApiClient({ baseUrl: BASE, email: 'any@example.com', apiKey: 'k' });
    const pages = [];
    for await (const page of paginate(api, 'getMessages', {})) pages.push(page);
    expect(pages.length).toBeLessThanOrEqual(2);
    expect(pages.flatMap((p) => p.items.map((m) => m.id))).toEqual([42]);
  });
});
