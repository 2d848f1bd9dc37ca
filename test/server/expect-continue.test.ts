/**
 * `Expect: 100-continue` on the protected server (generated/server.ts `createHttpServer`, the
 * one every server we ship runs on): an upload whose declared length is over the limit is
 * refused 413 before any `100 Continue`, so the client never starts sending it; one within the
 * limit gets its 100, then its answer; a refused caller (401) gets no 100 either. Over a raw
 * socket, so that what the server writes first, and when, is seen byte for byte.
 */
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePath } from '../../generated/operations.js';
import {
  createHttpServer,
  createRequestListener,
  ok,
  type Handlers,
} from '../../generated/server.js';
import { ADA, USERS, basic, type TestUser } from './helpers.js';

const MAX_BODY = 64 * 1024;
const handlers = {
  sendMessage: () => ok({ id: 1 }),
} as unknown as Handlers<TestUser>;

const server = createHttpServer(
  createRequestListener<TestUser>({
    handlers,
    maxBodyBytes: MAX_BODY,
    authenticate: ({ email, apiKey }) => {
      const u = USERS[email];
      return u && u.key === apiKey ? { id: u.id, email: u.email } : null;
    },
  }),
);
let port = 0;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Headers only (the client waits for 100 before its body): what the server writes first. */
function head(length: number, authorization = ADA): string {
  return (
    `POST ${basePath}/messages HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
    `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n` +
    `Expect: 100-continue\r\n\r\n`
  );
}

/** Connects, writes `text`, and resolves with the first bytes that come back. */
function firstAnswer(text: string, to = port): Promise<{ socket: Socket; first: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1', () => socket.write(text));
    socket.once('data', (b) => resolve({ socket, first: b.toString('latin1') }));
    socket.once('error', reject);
  });
}

describe('Expect: 100-continue on createHttpServer', () => {
  it('an oversized declared length is refused 413 before any 100 Continue', async () => {
    const { socket, first } = await firstAnswer(head(10 * 1024 * 1024));
    socket.destroy();
    expect(first).toMatch(/^HTTP\/1\.1 413 /);
    expect(first).not.toContain('100 Continue');
    expect(first).toContain('"code":"REQUEST_TOO_LARGE"');
  });

  it('a body within the limit gets 100 Continue, then its answer', async () => {
    const body = 'type=direct&to=%5B7%5D&content=hello';
    const { socket, first } = await firstAnswer(head(body.length));
    expect(first).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (b) => {
        text += b.toString('latin1');
        if (text.includes('"result"')) resolve(text);
      });
      socket.write(body);
    });
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('under node`s own createServer (which sends the 100 itself) the listener adds no second one', async () => {
    const plain = createServer(
      createRequestListener<TestUser>({ handlers, authenticate: () => ({ id: 1, email: 'x' }) }),
    );
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    const body = 'type=direct&to=%5B7%5D&content=hello';
    const { socket, first } = await firstAnswer(
      head(body.length),
      (plain.address() as AddressInfo).port,
    );
    const rest = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (b) => {
        text += b.toString('latin1');
        if (text.includes('"result"')) resolve(text);
      });
      socket.write(body);
    });
    socket.destroy();
    await new Promise<void>((r) => plain.close(() => r()));
    expect((first + rest).match(/100 Continue/g)).toHaveLength(1);
    expect(rest).toMatch(/HTTP\/1\.1 200 /);
  });

  it('a caller refused before the body (401) gets no 100 either', async () => {
    const { socket, first } = await firstAnswer(head(10, basic('ada@example.com', 'wrong')));
    socket.destroy();
    expect(first).toMatch(/^HTTP\/1\.1 401 /);
  });
});
