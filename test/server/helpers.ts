/** A listener from generated/server.ts on 127.0.0.1:0, with a log that tests can read. */
import type { CorsOptions } from '../../runtime/server.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  createRequestListener,
  type Handlers,
  type RequestListener,
} from '../../generated/server.js';

export interface TestUser {
  id: number;
  email: string;
}

export const USERS: Record<string, TestUser & { key: string }> = {
  'ada@example.com': { id: 1, email: 'ada@example.com', key: 'ada-key' },
};

export const basic = (email: string, key: string) =>
  'Basic ' + Buffer.from(`${email}:${key}`).toString('base64');
export const ADA = basic('ada@example.com', 'ada-key');

export interface Running {
  base: string;
  logs: string[];
  server: Server;
  close(): Promise<void>;
}

export async function serve(
  handlers: Partial<Handlers<TestUser>>,
  options: {
    validateResponses?: boolean;
    maxBodyBytes?: number;
    cors?: CorsOptions | boolean;
    wrap?: (l: RequestListener) => (req: IncomingMessage, res: ServerResponse) => void;
  } = {},
): Promise<Running> {
  const logs: string[] = [];
  const listener = createRequestListener<TestUser>({
    handlers: handlers as Handlers<TestUser>,
    authenticate: ({ email, apiKey }) => {
      const u = USERS[email];
      return u && u.key === apiKey ? { id: u.id, email: u.email } : null;
    },
    validateResponses: options.validateResponses,
    maxBodyBytes: options.maxBodyBytes,
    cors: options.cors,
    logger: { error: (m) => logs.push(m) },
  });
  const server = createServer(options.wrap ? options.wrap(listener) : listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    logs,
    server,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function send(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body, headers: res.headers };
}
