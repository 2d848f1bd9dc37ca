/** The MCP server runtime of the bindings' `./mcp` entry (see runtime/mcp/server.ts). */
export { createMcpServer, toolDefinition, type McpServerOptions } from './server.js';
export { runMcpCli, COMPACT_ABOVE, type ClientFactory, type CliIo } from './cli.js';
export { serveHttp, type HttpEndpoint } from './http.js';
export { offeredTools, pickedTools, refusal, type ToolPolicy } from './select.js';
export { REDACTED, type ToolClient } from './call.js';
export type { McpTable, McpToolInfo, CredentialEnv, ToolEffect } from './table.js';
