/**
 * The run's results for people (a per-operation table and a summary) and for CI (JSON, JUnit
 * XML: one testsuite per operation, one testcase per request).
 */
import type { CheckRecord, RunReport } from './run.js';

const MARK: Record<string, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' };

export function formatTable(report: RunReport): string {
  const rows = report.operations.map((op) => {
    const counted = (o: string) => op.checks.filter((c) => c.outcome === o).length;
    return [
      MARK[op.outcome],
      op.operationId,
      `${op.method} ${op.path}`,
      String(counted('pass')),
      String(counted('warn')),
      String(counted('fail')),
      String(counted('skip')),
    ];
  });
  const header = ['', 'operation', 'request', 'pass', 'warn', 'fail', 'skip'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [line(header), ...rows.map(line)];
  const details = report.operations.flatMap((op) =>
    op.checks
      .filter((c) => c.outcome === 'fail' || c.outcome === 'warn')
      .map(
        (c) =>
          `${MARK[c.outcome]} ${op.operationId} · ${c.name}${c.status !== undefined ? ` → ${c.status}` : ''}\n     ${c.notes.join('\n     ')}`,
      ),
  );
  if (details.length > 0) out.push('', ...details);
  const s = report.summary;
  out.push(
    '',
    `${s.operations} operations: ${s.passed} passed, ${s.warned} with warnings, ${s.failed} failed, ${s.skipped} skipped · ` +
      `${s.checks} requests, ${s.violations} violations · ${(report.durationMs / 1000).toFixed(1)} s against ${report.baseUrl}`,
  );
  return out.join('\n');
}

export function toJson(report: RunReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

export function toJunitXml(report: RunReport): string {
  const s = report.summary;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${count(report, () => true)}" failures="${s.violations}" skipped="${count(report, (c) => c.outcome === 'skip')}" time="${seconds(report.durationMs)}">`,
  ];
  for (const op of report.operations) {
    const failures = op.checks.filter((c) => c.outcome === 'fail').length;
    const skipped = op.checks.filter((c) => c.outcome === 'skip').length;
    const time = op.checks.reduce((t, c) => t + c.ms, 0);
    lines.push(
      `  <testsuite name="${xml(op.operationId)}" tests="${op.checks.length}" failures="${failures}" skipped="${skipped}" time="${seconds(time)}">`,
    );
    for (const c of op.checks) {
      const open = `    <testcase classname="${xml(`contract.${op.operationId}`)}" name="${xml(c.name)}" time="${seconds(c.ms)}"`;
      const detail = [
        c.request ? `${c.request.method} ${c.request.url}` : '',
        c.status !== undefined ? `status ${c.status}` : '',
        ...c.notes,
      ]
        .filter(Boolean)
        .join('\n');
      if (c.outcome === 'fail')
        lines.push(
          `${open}>`,
          `      <failure message="${xml(c.notes[0] ?? 'violation')}">${xml(detail)}</failure>`,
          '    </testcase>',
        );
      else if (c.outcome === 'skip')
        lines.push(
          `${open}>`,
          `      <skipped message="${xml(c.notes[0] ?? '')}"/>`,
          '    </testcase>',
        );
      else if (c.outcome === 'warn')
        lines.push(`${open}>`, `      <system-out>${xml(detail)}</system-out>`, '    </testcase>');
      else lines.push(`${open}/>`);
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

function count(report: RunReport, keep: (c: CheckRecord) => boolean): number {
  return report.operations.reduce((n, op) => n + op.checks.filter(keep).length, 0);
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Text safe in XML content and attributes, characters XML 1.0 cannot carry dropped. */
export function xml(text: string): string {
  // eslint-disable-next-line no-control-regex -- XML 1.0's Char production names control characters on purpose
  const chars = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
  return text
    .replace(chars, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
