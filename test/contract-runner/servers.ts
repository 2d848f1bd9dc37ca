/**
 * Servers for the runner's tests, in-process on 127.0.0.1 free ports: the stateful mock seeded
 * as usual plus what the API cannot create for the owner (a draft and an E2EE push device, so
 * that all 22 operations can succeed for them), and a listener-level wrapper to plant faults.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Credentials } from '../../contract-runner/credentials.js';
import {
  createStatefulMock,
  type StatefulMock,
  type StatefulMockOptions,
} from '../../mock/stateful/index.js';
import { seedDefault } from '../../mock/stateful/seed.js';
import type { MockState } from '../../mock/stateful/state.js';

export interface Running {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function serve(listener: RequestListener): Promise<Running> {
  const server = createServer(listener);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    stop: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

/** The default seed, plus a draft and an E2EE device of the owner's. */
export function ownerSeed(state: MockState) {
  const credentials = seedDefault(state);
  const owner = [...state.users.values()].find((u) => u.role === 100)!;
  const id = state.nextId.draft++;
  state.drafts.set(id, {
    id,
    user_id: owner.user_id,
    type: '',
    to: [],
    topic: '',
    content: 'Agenda for the all-hands',
    timestamp: Math.floor(state.clock.now() / 1000) - 3600,
  });
  state.e2eeDevices.set(owner.user_id, [{ push_account_id: 100 }]);
  return credentials;
}

/** A user of our API (email, API key) as the runner's credentials: the HTTP Basic pair. */
export function basicCredentials(u: { email: string; apiKey: string }): Credentials {
  return { basic: { user: u.email, password: u.apiKey } };
}

export interface StatefulServer extends Running {
  mock: StatefulMock;
  owner: { email: string; apiKey: string; password: string };
  /** a member, as the second credential */
  other: { email: string; apiKey: string };
  draftId: number;
}

export async function startStateful(
  options: StatefulMockOptions = {},
  wrap: (listener: RequestListener, mock: StatefulMock) => RequestListener = (l) => l,
): Promise<StatefulServer> {
  const mock = createStatefulMock({ seed: ownerSeed, logger: { error: () => {} }, ...options });
  const running = await serve(wrap(mock.listener as RequestListener, mock));
  const owner = mock.credentials.find((c) => c.role === 'owner')!;
  const member = mock.credentials.find((c) => c.email === 'maya@example.com')!;
  const draft = [...mock.state.drafts.values()].find(
    (d) => mock.state.users.get(d.user_id)?.role === 100,
  )!;
  return {
    ...running,
    mock,
    owner: { email: owner.email, apiKey: owner.apiKey, password: owner.password },
    other: { email: member.email, apiKey: member.apiKey },
    draftId: draft.id,
  };
}
