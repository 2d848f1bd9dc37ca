/**
 * The JSDoc of the generated client: what an operation or a parameter is, since which feature
 * level it exists, and, when deprecated, since when and what replaces it. Text only; the client
 * emitter puts it through `jsdoc()`.
 */
import type { Lifecycle, Operation, Parameter } from '../model/types.js';

/** `@deprecated` text: level and replacement when the contract gives them. */
function deprecation(lifecycle: Lifecycle): string | undefined {
  if (!lifecycle.deprecated) return undefined;
  const entry = lifecycle.history.find((h) => h.change === 'deprecated' || h.change === 'removed');
  const parts: string[] = [];
  if (lifecycle.removedIn !== undefined)
    parts.push(`Removed in feature level ${lifecycle.removedIn}.`);
  else if (entry?.level != null) parts.push(`Deprecated since feature level ${entry.level}.`);
  if (lifecycle.replacedBy) parts.push(`Use ${lifecycle.replacedBy} instead.`);
  if (entry && parts.length === 0) parts.push(entry.note);
  return `@deprecated${parts.length ? ' ' + parts.join(' ') : ''}`;
}

function since(lifecycle: Lifecycle): string | undefined {
  return lifecycle.addedIn !== undefined ? `@since feature level ${lifecycle.addedIn}` : undefined;
}

export function operationDoc(op: Operation): string[] {
  const lines: string[] = [];
  if (op.summary) lines.push(op.summary);
  if (op.description && op.description.trim() !== op.summary?.trim())
    lines.push(...(op.summary ? [''] : []), op.description.trim());
  lines.push(
    '',
    `\`${op.method.toUpperCase()} ${op.path}\`${op.permission ? ` · ${op.permission}` : ''}`,
  );
  if (op.errorCodes.length > 0) lines.push(`Documented error codes: ${op.errorCodes.join(', ')}.`);
  const tags = [since(op.lifecycle), deprecation(op.lifecycle)].filter(
    (t): t is string => t !== undefined,
  );
  if (tags.length > 0) lines.push('', ...tags);
  return lines;
}

export function parameterDoc(p: Parameter): string[] {
  const lines: string[] = [];
  if (p.description) lines.push(p.description.trim());
  const valueNotes: string[] = [];
  for (const v of p.enum ?? []) {
    const key = typeof v.value === 'string' ? `\`${v.value}\`` : `\`${String(v.value)}\``;
    const notes: string[] = [];
    if (v.lifecycle.addedIn !== undefined && v.lifecycle.addedIn !== p.lifecycle.addedIn)
      notes.push(`new in feature level ${v.lifecycle.addedIn}`);
    if (v.lifecycle.deprecated)
      notes.push(`deprecated${v.lifecycle.replacedBy ? `, use ${v.lifecycle.replacedBy}` : ''}`);
    if (notes.length > 0) valueNotes.push(`- ${key}: ${notes.join('; ')}`);
  }
  if (valueNotes.length > 0) lines.push(...(lines.length ? [''] : []), 'Values:', ...valueNotes);
  const tags = [since(p.lifecycle), deprecation(p.lifecycle)].filter(
    (t): t is string => t !== undefined,
  );
  if (tags.length > 0) lines.push(...(lines.length ? [''] : []), ...tags);
  return lines;
}
