/**
 * The generated MCP server as an agent meets it: `node generated/mcp-server.js` in a child
 * process, spoken to by the official SDK's own client over stdio or over the streamable HTTP
 * transport, against the stateful mock on a free loopback port.
 */
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

export const SERVER = 'generated/mcp-server.js';

export interface Connected {
  client: Client;
  close(): Promise<void>;
}

/** The server over stdio with `args`, its environment `env` (nothing else of ours). */
export async function overStdio(
  args: string[],
  env: Record<string, string>,
  server = SERVER,
  /** `server` is a command of its own (an installed bin), not a script for this Node */
  command = false,
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: command ? server : process.execPath,
    args: command ? args : [server, ...args],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'tms-test-agent', version: '1.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/** The server with `--http --port 0`: started, its URL read from its stderr, then connected. */
export async function overHttp(args: string[], env: Record<string, string>): Promise<Connected> {
  const child = spawn(process.execPath, [SERVER, '--http', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no URL from the server: ${text}`)), 15_000);
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${text}`)));
  });
  const client = new Client({ name: 'tms-test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    close: async () => {
      await client.close();
      child.kill('SIGTERM');
    },
  };
}

/** The text of a tool result's content. */
export function textOf(result: unknown): string {
  return (result as CallToolResult).content
    .map((c) => (c.type === 'text' ? c.text : ''))
    .join('\n');
}

/** Every tool, following `tools/list`'s cursor page by page, and how many pages it took. */
export async function allTools(client: Client): Promise<{ tools: Tool[]; pages: number }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== undefined && pages < 1000);
  return { tools, pages };
}
