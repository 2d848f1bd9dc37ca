/**
 * The MCP server of a contract, on the official SDK's low-level `Server` (tool schemas are the
 * contract's JSON Schemas as they are, not zod): one tool per offered operation, or, in compact
 * mode, three tools (list, describe, call) for contracts with hundreds of operations.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { callTool, toolError, type ToolClient } from './call.js';
import { compactCall, compactTools } from './compact.js';
import { offeredTools, pickedTools, refusal, type ToolPolicy } from './select.js';
import { withDefs, type McpTable, type McpToolInfo } from './table.js';

export interface McpServerOptions extends ToolPolicy {
  /** three tools (list, describe, call) instead of one per operation */
  compact?: boolean;
  /** where secret inputs are read from (default: `process.env`) */
  env?: Record<string, string | undefined>;
}

export function createMcpServer(
  table: McpTable,
  client: ToolClient,
  options: McpServerOptions = {},
): Server {
  const server = new Server(
    { name: table.server.name, title: table.server.title, version: table.server.version },
    { capabilities: { tools: {} }, instructions: table.instructions },
  );
  const env = options.env ?? process.env;
  const byName = new Map(pickedTools(table, options.tools).map((t) => [t.name, t]));
  const run = (tool: McpToolInfo | undefined, name: string, args: unknown) =>
    runTool(client, tool, name, args, options, env);
  const offered = offeredTools(table, options);
  server.setRequestHandler(ListToolsRequestSchema, ({ params }) =>
    options.compact ? { tools: compactTools(options) } : toolsPage(table, offered, params?.cursor),
  );
  server.setRequestHandler(CallToolRequestSchema, ({ params }) =>
    options.compact
      ? compactCall(table, byName, params.name, params.arguments, options, run)
      : run(byName.get(params.name), params.name, params.arguments),
  );
  return server;
}

/** At most this many tools, or about this many bytes of them, per `tools/list` page. */
const PAGE_TOOLS = 100;
const PAGE_BYTES = 2_000_000;

/**
 * One page of `tools/list`: MCP's cursor pagination, so a contract with hundreds of big schemas
 * never sends one message larger than a client reads (the SDK's stdio client stops at 10 MB).
 * The cursor is the index of the page's first tool.
 */
function toolsPage(
  table: McpTable,
  offered: McpToolInfo[],
  cursor: string | undefined,
): { tools: Tool[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0 || start > offered.length)
    throw new McpError(ErrorCode.InvalidParams, `invalid cursor '${cursor}'`);
  const tools: Tool[] = [];
  let bytes = 0;
  let next = start;
  while (next < offered.length && tools.length < PAGE_TOOLS) {
    const tool = toolDefinition(table, offered[next]);
    bytes += JSON.stringify(tool).length;
    if (tools.length > 0 && bytes > PAGE_BYTES) break;
    tools.push(tool);
    next++;
  }
  return next < offered.length ? { tools, nextCursor: String(next) } : { tools };
}

/** What `tools/list` says of one operation. */
export function toolDefinition(table: McpTable, tool: McpToolInfo): Tool {
  return {
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    inputSchema: withDefs(tool.inputSchema, table.defs),
    ...(tool.outputSchema ? { outputSchema: withDefs(tool.outputSchema, table.defs) } : {}),
    annotations: {
      ...(tool.title ? { title: tool.title } : {}),
      readOnlyHint: tool.effect === 'read',
      destructiveHint: tool.effect === 'destructive',
      idempotentHint: tool.idempotent,
      // it calls a remote API, whose data other callers change too
      openWorldHint: true,
    },
  };
}

async function runTool(
  client: ToolClient,
  tool: McpToolInfo | undefined,
  name: string,
  args: unknown,
  policy: ToolPolicy,
  env: Record<string, string | undefined>,
): Promise<CallToolResult> {
  if (!tool) return toolError(`no tool '${name}' on this server`, 'UNKNOWN_TOOL');
  const refused = refusal(tool, policy);
  if (refused) return toolError(refused, 'NOT_ALLOWED');
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args)))
    return toolError('arguments must be an object', 'INVALID_ARGUMENTS');
  return callTool(client, tool, args as Record<string, unknown> | undefined, env);
}
