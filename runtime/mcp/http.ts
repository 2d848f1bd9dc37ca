/**
 * The streamable HTTP transport on 127.0.0.1, stateless: each POST to `/mcp` gets a fresh
 * server and transport (the SDK's stateless pattern), so no session state builds up. Requests
 * naming another host are refused (DNS rebinding).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface HttpEndpoint {
  url: string;
  server: HttpServer;
  close(): Promise<void>;
}

export async function serveHttp(
  makeServer: () => Server,
  port = 0,
  host = '127.0.0.1',
): Promise<HttpEndpoint> {
  const allowedHosts: string[] = [];
  const http = createServer((req, res) => {
    if (req.url?.split('?')[0] !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('MCP endpoint: POST /mcp\n');
      return;
    }
    if (req.method !== 'POST') {
      res
        .writeHead(405, { allow: 'POST', 'content-type': 'text/plain' })
        .end('stateless server: POST only\n');
      return;
    }
    const server = makeServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableDnsRebindingProtection: true,
      allowedHosts,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`MCP server error: ${(error as Error).message}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => resolve());
  });
  const bound = (http.address() as AddressInfo).port;
  allowedHosts.push(`${host}:${bound}`, `localhost:${bound}`);
  return {
    url: `http://${host}:${bound}/mcp`,
    server: http,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}
