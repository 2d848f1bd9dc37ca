/**
 * The bindings README's section on the MCP server: how an agent's client starts it, which
 * environment variables it reads (model/agent-tools.ts names them) and what the flags allow.
 */
import { agentFacts } from '../../model/agent-tools.js';
import type { ApiModel } from '../../model/types.js';

export function mcpReadme(model: ApiModel, name: string): string[] {
  const facts = agentFacts(model);
  const env: Record<string, string> = { [facts.baseUrlEnv]: 'https://api.example.com' };
  for (const c of facts.credentials) {
    env[c.env] = c.kind === 'basic' ? '<user name>' : c.kind === 'bearer' ? '<token>' : '<key>';
    if (c.passwordEnv) env[c.passwordEnv] = '<password>';
  }
  const count = (effect: string) => facts.tools.filter((t) => t.effect === effect).length;
  const config = {
    mcpServers: { [name]: { command: 'npx', args: [`${name}-mcp`], env } },
  };
  return [
    '## The MCP server (AI agents)',
    '',
    `\`${name}-mcp\` serves every operation as a tool of the Model Context Protocol, calling the API`,
    `through the client above. It needs \`@modelcontextprotocol/sdk\` (an optional peer dependency):`,
    '',
    '```sh',
    'npm install @modelcontextprotocol/sdk',
    `npx ${name}-mcp --help   # the flags and the environment variables`,
    '```',
    '',
    "An agent's MCP client starts it over stdio, e.g.:",
    '',
    '```json',
    JSON.stringify(config, null, 2),
    '```',
    '',
    `Reads only by default (${count('read')} tools); \`--allow-writes\` adds the ${count('write')} writes and`,
    `\`--allow-writes --allow-destructive\` the ${count('destructive')} destructive operations (deleting, deactivating,`,
    "administrators only). Credentials come only from the environment, never from a tool's input.",
    '`--tools a,b,tag:x` picks operations; `--compact` serves three tools (list, describe, call)',
    'instead of one per operation; `--http --port N` serves the streamable HTTP transport on',
    `127.0.0.1 instead of stdio. \`import { createMcpServer } from '${name}/mcp'\` builds the server in code.`,
    '',
  ];
}
