/**
 * Compact mode: a contract with hundreds of operations as three tools, so an agent's context
 * holds the API's index instead of every schema: `list_operations` (names, routes, summaries,
 * what each may do), `describe_operation` (one operation's description and schemas) and
 * `call_operation` (one call, under the same policy as the per-operation tools).
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { toolError } from './call.js';
import { refusal, type ToolPolicy } from './select.js';
import { withDefs, type McpTable, type McpToolInfo } from './table.js';

type Run = (tool: McpToolInfo | undefined, name: string, args: unknown) => Promise<CallToolResult>;

const NAME = { type: 'string', description: 'the operation name, as list_operations gives it' };

export function compactTools(policy: ToolPolicy): Tool[] {
  const writes = policy.allowWrites === true;
  return [
    {
      name: 'list_operations',
      title: 'List operations',
      description:
        'Lists the operations of this API: name, HTTP route, summary and whether it reads, writes or is destructive (and whether this server may run it). Filter by tag or by words.',
      inputSchema: {
        type: 'object',
        properties: {
          tag: { type: 'string', description: 'only operations with this tag' },
          query: {
            type: 'string',
            description: 'only operations whose name, route or summary contains these words',
          },
        },
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    {
      name: 'describe_operation',
      title: 'Describe an operation',
      description:
        "One operation's description, its arguments' JSON Schema (what call_operation takes as `arguments`) and its result's schema.",
      inputSchema: {
        type: 'object',
        properties: { name: NAME },
        required: ['name'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    {
      name: 'call_operation',
      title: 'Call an operation',
      description:
        'Calls one operation with its arguments (as describe_operation gives their schema) and returns its result, or the API error with its code and message.',
      inputSchema: {
        type: 'object',
        properties: {
          name: NAME,
          arguments: { type: 'object', description: "the operation's arguments" },
        },
        required: ['name'],
        additionalProperties: false,
      },
      annotations: {
        readOnlyHint: !writes,
        destructiveHint: writes && policy.allowDestructive === true,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
  ];
}

export function compactCall(
  table: McpTable,
  picked: Map<string, McpToolInfo>,
  name: string,
  args: Record<string, unknown> | undefined,
  policy: ToolPolicy,
  run: Run,
): Promise<CallToolResult> | CallToolResult {
  const given = args ?? {};
  if (name === 'list_operations') return listOperations(picked, given, policy);
  const target = typeof given.name === 'string' ? given.name : '';
  if (name === 'describe_operation') {
    const tool = picked.get(target);
    return tool
      ? describe(table, tool, policy)
      : toolError(`no operation '${target}'`, 'UNKNOWN_TOOL');
  }
  if (name === 'call_operation') return run(picked.get(target), target, given.arguments ?? {});
  return toolError(`no tool '${name}' on this server`, 'UNKNOWN_TOOL');
}

function listOperations(
  picked: Map<string, McpToolInfo>,
  args: Record<string, unknown>,
  policy: ToolPolicy,
): CallToolResult {
  const tag = typeof args.tag === 'string' ? args.tag : undefined;
  const words =
    typeof args.query === 'string' ? args.query.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const lines: string[] = [];
  for (const tool of picked.values()) {
    if (tag !== undefined && !tool.tags.includes(tag)) continue;
    const text = `${tool.name} ${tool.route} ${tool.title ?? ''}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    const allowed = refusal(tool, policy) === undefined ? '' : ' (not allowed on this server)';
    lines.push(`${tool.name} — ${tool.route} — ${tool.title ?? ''} [${tool.effect}]${allowed}`);
  }
  return { content: [{ type: 'text', text: lines.join('\n') || 'no operation matches' }] };
}

function describe(table: McpTable, tool: McpToolInfo, policy: ToolPolicy): CallToolResult {
  const refused = refusal(tool, policy);
  const parts = [
    `${tool.name}: ${tool.route}`,
    tool.description,
    ...(refused ? [`Not allowed on this server: ${refused}.`] : []),
    `Arguments (JSON Schema):\n${JSON.stringify(withDefs(tool.inputSchema, table.defs))}`,
    ...(tool.outputSchema
      ? [`Result (JSON Schema):\n${JSON.stringify(withDefs(tool.outputSchema, table.defs))}`]
      : []),
  ];
  return { content: [{ type: 'text', text: parts.join('\n\n') }] };
}
