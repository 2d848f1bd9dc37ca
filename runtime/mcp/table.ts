/**
 * The tool table the MCP emitter (generator/emit/mcp/) writes beside the bindings
 * (`mcp-tools.json`): every operation as a tool, with the facts generator/model/agent-tools.ts
 * decided (effect, secrets, environment variables). The MCP server (runtime/mcp/server.ts) reads
 * nothing else of the contract.
 */

/** A JSON Schema whose `$ref`s point into the table's `defs` (`#/$defs/<name>`). */
export type JsonObject = { [key: string]: unknown };

export type ToolEffect = 'read' | 'write' | 'destructive';

export interface McpToolInfo {
  /** the MCP tool name (the client method's, within `[A-Za-z0-9_-]{1,64}`) */
  name: string;
  operationId: string;
  /** the generated client's method the tool calls */
  method: string;
  /** the operation's summary */
  title?: string;
  description: string;
  effect: ToolEffect;
  /** why it counts as destructive (`DELETE`, `administrators only`, `deactivates`) */
  because?: string;
  idempotent: boolean;
  deprecated?: boolean;
  tags: string[];
  /** `METHOD /path`, for listings */
  route: string;
  inputSchema: JsonObject & { type: 'object' };
  /** present when the success body is a JSON object (MCP's structured content must be one) */
  outputSchema?: JsonObject & { type: 'object' };
  /** inputs the server reads from the environment instead (passwords), never tool inputs */
  secretInputs: { key: string; env: string }[];
  /** success-body properties redacted from results (credentials) */
  secretOutputs: string[];
}

export interface CredentialEnv {
  scheme: string;
  kind: 'basic' | 'bearer' | 'apiKey';
  env: string;
  passwordEnv?: string;
  description?: string;
}

export interface McpTable {
  /** the generator's banner */
  '//'?: string;
  /** the server's name is the bindings package's */
  server: { name: string; title: string; version: string };
  /** the bindings' command that starts the server (`<package>-mcp`) */
  command: string;
  /** what the server tells an agent about the API when it connects */
  instructions: string;
  /** the contract's server URL, when it is an absolute http(s) URL */
  baseUrl?: string;
  baseUrlEnv: string;
  credentials: CredentialEnv[];
  tools: McpToolInfo[];
  /** schemas shared by the tools' input and output schemas, by `$defs` name */
  defs: Record<string, unknown>;
}

const REF = '#/$defs/';

/**
 * `schema` made self-contained: with the `$defs` it reaches (transitively), so a client
 * resolves every `$ref` within the tool's own schema.
 */
export function withDefs(
  schema: JsonObject & { type: 'object' },
  defs: Record<string, unknown>,
): JsonObject & { type: 'object' } {
  const used: Record<string, unknown> = {};
  const pending = refsOf(schema);
  for (let i = 0; i < pending.length; i++) {
    const name = pending[i];
    if (Object.hasOwn(used, name) || !Object.hasOwn(defs, name)) continue;
    used[name] = defs[name];
    pending.push(...refsOf(defs[name]));
  }
  return Object.keys(used).length === 0 ? schema : { ...schema, $defs: used };
}

/** The `$defs` names every `$ref` under `node` points to. */
function refsOf(node: unknown): string[] {
  const out: string[] = [];
  const stack = [node];
  while (stack.length > 0) {
    const at = stack.pop();
    if (at === null || typeof at !== 'object') continue;
    if (Array.isArray(at)) {
      stack.push(...at);
      continue;
    }
    for (const [key, value] of Object.entries(at)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF))
        out.push(value.slice(REF.length));
      else if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
  return out;
}
