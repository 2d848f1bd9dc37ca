/**
 * One tool call: the arguments go to the generated client's method (so the wire format, the
 * credentials and the error handling are the client's), and its result becomes the tool's. An
 * API error comes back as a tool error carrying the code and the message; credentials never
 * appear in a result (secret outputs are redacted; secret inputs come from the environment).
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolInfo } from './table.js';
import { isObject } from '../is-object.js';

/** The generated client, as the server sees it: one method per operation. */
export type ToolClient = Record<string, unknown>;

type Method = (params: unknown) => Promise<{
  data?: unknown;
  error?: { kind: string; status: number; code?: string; msg: string };
}>;

export const REDACTED = '[redacted]';

export async function callTool(
  client: ToolClient,
  tool: McpToolInfo,
  args: Record<string, unknown> | undefined,
  env: Record<string, string | undefined>,
): Promise<CallToolResult> {
  const params: Record<string, unknown> = { ...args };
  for (const { key, env: name } of tool.secretInputs) {
    if (Object.hasOwn(params, key))
      return toolError(`${key} is never a tool input: set ${name} in the server's environment`);
    const value = env[name];
    if (value !== undefined) params[key] = value;
  }
  const method = client[tool.method] as Method;
  let result: Awaited<ReturnType<Method>>;
  try {
    result = await method(params);
  } catch (error) {
    // the client throws only on misuse (a missing path parameter, a value it cannot encode)
    return toolError(`invalid arguments for ${tool.name}: ${(error as Error).message}`);
  }
  if (result.error) return errorResult(result.error);
  const data = redacted(result.data, tool.secretOutputs);
  const text = data === undefined ? '(no content)' : JSON.stringify(data, null, 2);
  return {
    content: [{ type: 'text', text }],
    ...(tool.outputSchema && isObject(data) ? { structuredContent: data } : {}),
  };
}

function errorResult(error: NonNullable<Awaited<ReturnType<Method>>['error']>): CallToolResult {
  if (error.kind === 'api' && error.code)
    return toolError(`${error.code}: ${error.msg} (HTTP ${error.status})`, error.code);
  return toolError(`${error.kind} error: ${error.msg}`, error.kind.toUpperCase());
}

export function toolError(message: string, code = 'REFUSED'): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    _meta: { code },
  };
}

function redacted(data: unknown, secrets: string[]): unknown {
  if (secrets.length === 0 || !isObject(data)) return data;
  const copy: Record<string, unknown> = { ...data };
  for (const key of secrets) if (Object.hasOwn(copy, key)) copy[key] = REDACTED;
  return copy;
}
