/**
 * A test's HTTP server on 127.0.0.1 at a free port, and its stop: the listen and the close that
 * the tests starting servers of their own would otherwise each write again.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on 127.0.0.1, port 0; resolves to the port the system gave. */
export async function listenLoopback(server: Server): Promise<number> {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return (server.address() as AddressInfo).port;
}

/** Closes the server and, so the close does not wait on kept-alive clients, its connections. */
export function stopServer(server: Server): Promise<void> {
  return new Promise<void>((ok) => {
    server.close(() => ok());
    server.closeAllConnections();
  });
}
