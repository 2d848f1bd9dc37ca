/**
 * Which tools a server offers and which it runs: `--tools` picks operations (by tool name,
 * operationId or `tag:<name>`); reads are allowed by default, writes with `allowWrites`, and
 * destructive operations only with `allowDestructive` as well.
 */
import type { McpTable, McpToolInfo } from './table.js';

export interface ToolPolicy {
  allowWrites?: boolean;
  /** destructive operations too (deleting, deactivating, administrators only); needs allowWrites */
  allowDestructive?: boolean;
  /** tool names, operationIds or `tag:<name>`; absent: every operation */
  tools?: string[];
}

/** The tools `--tools` picks (all when it picks none), whatever they are allowed to do. */
export function pickedTools(table: McpTable, picks: string[] | undefined): McpToolInfo[] {
  if (!picks || picks.length === 0) return table.tools;
  const wanted = new Set(picks);
  return table.tools.filter(
    (t) =>
      wanted.has(t.name) ||
      wanted.has(t.operationId) ||
      t.tags.some((tag) => wanted.has(`tag:${tag}`)),
  );
}

/** The picks that match no tool, to report them instead of silently offering nothing. */
export function unknownPicks(table: McpTable, picks: string[]): string[] {
  return picks.filter((p) => pickedTools(table, [p]).length === 0);
}

/** Why `tool` may not run under `policy`, or undefined when it may. */
export function refusal(tool: McpToolInfo, policy: ToolPolicy): string | undefined {
  if (tool.effect === 'read') return undefined;
  if (!policy.allowWrites)
    return `${tool.name} changes data (${tool.route}); the server was started without --allow-writes`;
  if (tool.effect === 'destructive' && !policy.allowDestructive)
    return `${tool.name} is destructive (${tool.because ?? tool.route}); the server was started without --allow-destructive`;
  return undefined;
}

/** The tools offered: picked and allowed. */
export function offeredTools(table: McpTable, policy: ToolPolicy): McpToolInfo[] {
  return pickedTools(table, policy.tools).filter((t) => refusal(t, policy) === undefined);
}
