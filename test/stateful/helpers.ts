/** A stateful mock on 127.0.0.1:0 with a manual clock, and generated clients for its seeded users. */
import { createServer, type Server } from 'node:http';
import { createApiClient, type ApiClient } from '../../generated/client.js';
import {
  createStatefulMock,
  manualClock,
  type StatefulMockOptions,
} from '../../mock/stateful/index.js';

export interface MockRun {
  mock: ReturnType<typeof createStatefulMock>;
  clock: ReturnType<typeof manualClock>;
  base: string;
  logs: string[];
  /** a client authenticated as the seeded user with this email (or anonymous with null) */
  as(email: string | null, headers?: Record<string, string>): ApiClient;
  id(email: string): number;
  close(): Promise<void>;
}

export async function startMock(options: StatefulMockOptions = {}): Promise<MockRun> {
  const clock = manualClock();
  const logs: string[] = [];
  const mock = createStatefulMock({ clock, logger: { error: (m) => logs.push(m) }, ...options });
  const server: Server = createServer(mock.listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const find = (email: string) => {
    const u = [...mock.state.users.values()].find((x) => x.email === email);
    if (!u) throw new Error(`no seeded user ${email}`);
    return u;
  };
  return {
    mock,
    clock,
    base,
    logs,
    as(email, headers) {
      const u = email ? find(email) : undefined;
      return createApiClient({
        baseUrl: base,
        email: u?.email,
        apiKey: u?.api_key,
        headers,
        onNotice: () => {},
        onIgnoredParameters: () => {},
      });
    },
    id: (email) => find(email).user_id,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const MAYA = 'maya@example.com';
export const NOAH = 'noah@example.com';
export const OLIVIA = 'olivia@example.com';
export const AARON = 'aaron@example.com';
export const MONA = 'mona@example.com';
export const GUS = 'gus@example.com';
export const BOT = 'notify-bot@example.com';
export const DANA = 'dana@example.com';
