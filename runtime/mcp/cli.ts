/**
 * The bindings' MCP server command (`<package>-mcp`): reads the policy from flags and the base
 * URL and credentials from the environment (never from an agent), then serves over stdio or,
 * with `--http`, the streamable HTTP transport on 127.0.0.1.
 */
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ToolClient } from './call.js';
import { serveHttp } from './http.js';
import { mcpHelp } from './help.js';
import { createMcpServer, type McpServerOptions } from './server.js';
import { offeredTools, pickedTools, unknownPicks } from './select.js';
import type { McpTable } from './table.js';

/** The generated client's factory, as the bindings' `createApiClient`. */
export type ClientFactory = (options: {
  baseUrl: string;
  auth?: Record<string, unknown>;
  onNotice?: (notice: { message: string }) => void;
}) => ToolClient;

/** More operations than this are served in compact mode unless `--tools` picks fewer. */
export const COMPACT_ABOVE = 100;

class UsageError extends Error {}

export interface CliIo {
  env: Record<string, string | undefined>;
  /** the server's own messages (stdout is the protocol's under stdio) */
  log(line: string): void;
  /** what was asked for: `--help`, `--list` */
  print(line: string): void;
}

const PROCESS_IO: CliIo = {
  env: process.env,
  log: (line) => process.stderr.write(line + '\n'),
  print: (line) => process.stdout.write(line + '\n'),
};

/** Runs the command; resolves once serving (HTTP) or when stdin closes (stdio). */
export async function runMcpCli(
  table: McpTable,
  createClient: ClientFactory,
  argv: string[],
  io: CliIo = PROCESS_IO,
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(table, argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.log(`${table.command}: ${error.message} (see --help)`);
    return 2;
  }
  if (parsed === 'help') {
    io.print(mcpHelp(table, COMPACT_ABOVE));
    return 0;
  }
  const { options, baseUrl, http, port, list } = parsed;
  if (list) {
    for (const t of offeredTools(table, options)) io.print(`${t.name}\t${t.effect}\t${t.route}`);
    return 0;
  }
  const client = createClient({
    baseUrl,
    auth: credentialsFrom(table, io.env),
    onNotice: (notice) => io.log(`notice: ${notice.message}`),
  });
  const make = () => createMcpServer(table, client, options);
  if (http) {
    const { url } = await serveHttp(make, port);
    io.log(`${table.server.name} MCP server on ${url} (streamable HTTP)`);
    return 0;
  }
  await make().connect(new StdioServerTransport());
  return 0;
}

function parse(table: McpTable, argv: string[], env: Record<string, string | undefined>) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        'allow-writes': { type: 'boolean' },
        'allow-destructive': { type: 'boolean' },
        tools: { type: 'string' },
        compact: { type: 'boolean' },
        'no-compact': { type: 'boolean' },
        'base-url': { type: 'string' },
        http: { type: 'boolean' },
        port: { type: 'string' },
        list: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  if (values.help) return 'help' as const;
  if (values.compact && values['no-compact'])
    throw new UsageError('--compact and --no-compact contradict each other');
  if (values['allow-destructive'] && !values['allow-writes'])
    throw new UsageError('--allow-destructive needs --allow-writes as well');
  const tools = values.tools
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = tools ? unknownPicks(table, tools) : [];
  if (unknown.length > 0)
    throw new UsageError(`--tools: no operation or tag '${unknown[0]}' (--list shows them)`);
  const baseUrl = values['base-url'] ?? env[table.baseUrlEnv] ?? table.baseUrl;
  if (!baseUrl) throw new UsageError(`no base URL: set ${table.baseUrlEnv} or pass --base-url`);
  const port = Number(values.port ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number, not '${values.port}'`);
  const picked = pickedTools(table, tools).length;
  const options: McpServerOptions = {
    allowWrites: values['allow-writes'] === true,
    allowDestructive: values['allow-destructive'] === true,
    tools,
    compact: values.compact === true || (picked > COMPACT_ABOVE && values['no-compact'] !== true),
    env,
  };
  return { options, baseUrl, http: values.http === true, port, list: values.list === true };
}

/** `auth` of the client's options, from the variables `--help` names (unset: not given). */
function credentialsFrom(
  table: McpTable,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const auth: Record<string, unknown> = {};
  for (const c of table.credentials) {
    const value = env[c.env];
    if (!value) continue;
    if (c.kind === 'basic') {
      const password = env[c.passwordEnv ?? ''];
      if (password !== undefined) auth[c.scheme] = { username: value, password };
    } else {
      auth[c.scheme] = value;
    }
  }
  return auth;
}
