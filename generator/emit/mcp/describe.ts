/**
 * A tool's description: what the operation does in the contract's words (summary and
 * description), then the facts an agent decides by: route, who may call it, feature levels and
 * deprecation, the error codes it documents, and what the server's policy makes of it. Contract
 * text passes through `toolText` (source.ts) only.
 */
import type { AgentTool } from '../../model/agent-tools.js';
import type { ApiModel, Operation } from '../../model/types.js';
import { toolText } from '../../common/source.js';

const EFFECT = {
  read: 'Reads only.',
  write: 'Changes data: offered only with --allow-writes.',
  destructive: 'Destructive: offered only with --allow-writes --allow-destructive.',
};

export function toolDescription(model: ApiModel, op: Operation, tool: AgentTool): string {
  const life = op.lifecycle;
  const levels = [
    life.addedIn !== undefined ? `New in feature level ${life.addedIn}.` : '',
    life.removedIn !== undefined ? `Removed in feature level ${life.removedIn}.` : '',
    life.deprecated
      ? `Deprecated${life.replacedBy ? `: use ${life.replacedBy} instead` : ''}.`
      : '',
  ].filter(Boolean);
  const facts = [
    `${op.method.toUpperCase()} ${op.path}${op.permission ? ` · ${op.permission}` : ''}`,
    ...levels,
    op.errorCodes.length > 0 ? `Error codes: ${op.errorCodes.join(', ')}.` : '',
    `${EFFECT[tool.effect]}${tool.because ? ` (${tool.because})` : ''}`,
  ].filter(Boolean);
  const prose = [op.summary, op.description].filter((t): t is string => !!t && t.trim() !== '');
  // a long description is cut, never the facts after it
  const budget = model.operations.length > 100 ? 1500 : 6000;
  const head = prose.length > 0 ? `${toolText(prose.join('\n\n'), budget)}\n\n` : '';
  return head + toolText(facts.join('\n'));
}
