/**
 * The three forms of a diff: a terminal listing, a Markdown changelog entry (grouped by feature
 * level, then corrections, then what is not recorded), and JSON for tools.
 */
import type { Change, DiffResult } from './compare.js';

export interface DiffReport extends DiffResult {
  base: string;
  contract: string;
}

export function formatText(r: DiffReport): string {
  const lines: string[] = [];
  const broken = r.changes.filter((c) => c.problems.length > 0);
  lines.push(`tms-gen diff: ${r.contract} against ${r.base}`);
  lines.push(
    r.levelChecks
      ? `  base's highest feature level: ${r.baseLevel ?? 'none'}; every change must be recorded above it`
      : '  no feature-level extensions in either contract: level checks skipped',
  );
  lines.push(`  ${summary(r)}`);
  if (r.changes.length > 0) lines.push('');
  for (const c of r.changes) {
    const mark = c.problems.length > 0 ? '✗' : '✓';
    lines.push(`${mark} ${c.type.padEnd(7)} ${c.key}${valueText(c)}`);
    const facts = [impactText(c), recordText(c)].filter(Boolean).join('; ');
    if (facts) lines.push(`    ${facts}`);
    for (const p of c.problems) lines.push(`    ${p}`);
    lines.push(`    at ${c.pointer.startsWith('#') ? '' : '#'}${c.pointer}`);
  }
  if (broken.length > 0)
    lines.push('', `${broken.length} change${broken.length === 1 ? '' : 's'} refused.`);
  return lines.join('\n');
}

export function formatMarkdown(r: DiffReport): string {
  const out: string[] = [`# Changes in ${r.contract} since ${r.base}`, ''];
  const byLevel = new Map<number, Change[]>();
  const corrections: Change[] = [];
  const other: Change[] = [];
  for (const c of r.changes) {
    if (c.record.by === 'level') {
      if (!byLevel.has(c.record.level!)) byLevel.set(c.record.level!, []);
      byLevel.get(c.record.level!)!.push(c);
    } else if (c.record.by === 'correction') corrections.push(c);
    else other.push(c);
  }
  for (const level of [...byLevel.keys()].sort((a, b) => b - a)) {
    out.push(`## Feature level ${level}`, '');
    for (const c of byLevel.get(level)!) out.push(mdLine(c));
    out.push('');
  }
  if (corrections.length > 0) {
    out.push('## Corrections to the contract (the API did not change)', '');
    for (const c of corrections) out.push(mdLine(c));
    out.push('');
  }
  if (other.length > 0) {
    out.push(r.levelChecks ? '## Not recorded at a feature level' : '## Changes', '');
    for (const c of other) out.push(mdLine(c));
    out.push('');
  }
  if (r.changes.length === 0) out.push('No changes.', '');
  return out.join('\n');
}

export function formatJson(r: DiffReport): string {
  return JSON.stringify(
    {
      base: r.base,
      contract: r.contract,
      baseLevel: r.baseLevel,
      levelChecks: r.levelChecks,
      summary: counts(r),
      changes: r.changes,
    },
    null,
    2,
  );
}

function mdLine(c: Change): string {
  const impact = impactText(c);
  const note = c.record.note ? ` — ${c.record.note}` : '';
  return `- **${c.type}** \`${c.key.replace(/`/g, "'")}\`${valueText(c)}${impact ? ` (${impact})` : ''}${note}`;
}

function valueText(c: Change): string {
  if (c.type === 'changed') return `: ${c.before} → ${c.after}`;
  const v = c.after ?? c.before;
  return v && v !== 'present' ? ` (${v})` : '';
}

function impactText(c: Change): string {
  const { clients, servers } = c.breaking;
  if (!clients && !servers) return '';
  const who = clients && servers ? 'clients and servers' : clients ? 'clients' : 'servers';
  return `breaking for ${who}${c.record.accepted ? ` (accepted: ${c.record.accepted})` : ''}`;
}

function recordText(c: Change): string {
  if (c.record.by === 'level') return `recorded at level ${c.record.level}`;
  if (c.record.by === 'correction') return `correction: ${c.record.note}`;
  return '';
}

function counts(r: DiffReport) {
  return {
    changes: r.changes.length,
    breakingForClients: r.changes.filter((c) => c.breaking.clients).length,
    breakingForServers: r.changes.filter((c) => c.breaking.servers).length,
    refused: r.changes.filter((c) => c.problems.length > 0).length,
  };
}

function summary(r: DiffReport): string {
  const n = counts(r);
  if (n.changes === 0) return 'no changes';
  return `${n.changes} change${n.changes === 1 ? '' : 's'}: ${n.breakingForClients} breaking for clients, ${n.breakingForServers} for servers; ${n.refused} refused`;
}
