/** The server command's `--help`: flags, and the environment variables the contract shapes. */
import type { McpTable } from './table.js';

export function mcpHelp(table: McpTable, compactAbove: number): string {
  const counts = { read: 0, write: 0, destructive: 0 };
  for (const t of table.tools) counts[t.effect]++;
  const credentials = table.credentials.flatMap((c) => {
    const what = c.description ? ` — ${c.description}` : '';
    return c.kind === 'basic'
      ? [
          `  ${c.env}  ${c.scheme}: HTTP Basic user name${what}`,
          `  ${c.passwordEnv}  ${c.scheme}: HTTP Basic password`,
        ]
      : [`  ${c.env}  ${c.scheme}: ${c.kind === 'bearer' ? 'bearer token' : 'API key'}${what}`];
  });
  const secrets = table.tools.flatMap((t) =>
    t.secretInputs.map((s) => `  ${s.env}  ${s.key} of ${t.name} (never a tool input)`),
  );
  return [
    `${table.command}: an MCP server for ${table.server.title} ${table.server.version}`,
    '',
    `Tools: ${counts.read} reads, ${counts.write} writes, ${counts.destructive} destructive operations.`,
    '',
    'Options:',
    '  --allow-writes       also offer operations that change data (default: reads only)',
    '  --allow-destructive  also offer deleting, deactivating and administrator-only operations (with --allow-writes)',
    '  --tools a,b,tag:x    only these operations (tool names, operationIds or tags)',
    `  --compact            three tools (list, describe, call) instead of one per operation (the default above ${compactAbove})`,
    '  --no-compact         one tool per operation however many there are',
    '  --base-url URL       the API to call (default: $' +
      table.baseUrlEnv +
      (table.baseUrl ? `, else ${table.baseUrl})` : ')'),
    '  --http [--port N]    serve the streamable HTTP transport on 127.0.0.1 (port 0: a free one) instead of stdio',
    '  --list               print the tools the options offer and exit',
    '',
    'Environment (credentials are read only from here, never from tool inputs):',
    `  ${table.baseUrlEnv}  the API's base URL`,
    ...credentials,
    ...secrets,
  ].join('\n');
}
