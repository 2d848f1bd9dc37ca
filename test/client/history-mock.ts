/**
 * The stateful mock on loopback with `extra` more messages in #general, a client of Maya's, and a
 * hook that sees each request before the mock does (to count, record or hold it): the test bed of
 * the paging and query tests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createApiClient, type ApiClient } from '../../generated/client.js';
import { createStatefulMock } from '../../mock/stateful/index.js';
import { listenLoopback, stopServer } from '../loopback-server.js';

export interface HistoryMock {
  mock: ReturnType<typeof createStatefulMock>;
  api: ApiClient;
  stop(): Promise<void>;
}

export async function startHistoryMock(
  extra: number,
  before: (req: IncomingMessage, res: ServerResponse) => void | Promise<void> = () => {},
): Promise<HistoryMock> {
  const mock = createStatefulMock({
    seedOptions: { extraMessages: extra, extraMessagesChannel: 'general' },
  });
  const server: Server = createServer(async (req, res) => {
    await before(req, res);
    mock.listener(req, res);
  });
  const port = await listenLoopback(server);
  const maya = mock.credentials.find((c) => c.email === 'maya@example.com')!;
  const api = createApiClient({
    baseUrl: `http://127.0.0.1:${port}`,
    email: maya.email,
    apiKey: maya.apiKey,
  });
  return { mock, api, stop: () => stopServer(server) };
}
