/**
 * The run's results for people (a table per operation, then every violation with its curl
 * reproduction, then the summary) and for CI (JSON; JUnit XML with one testcase per operation:
 * a violation is a <failure>, a skip is <skipped> with its reason).
 */
import type { RunReport } from './run.js';

const MARK = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

export function formatTable(report: RunReport): string {
  const rows = report.operations.map((op) => [
    MARK[op.outcome],
    op.operationId,
    `${op.method} ${op.path}`,
    String(op.requests),
    String(op.findings.length),
    op.outcome === 'skip' ? (op.reasons[0] ?? '') : op.outcome === 'fail' ? kinds(op) : '',
  ]);
  const header = ['', 'operation', 'request', 'sent', 'violations', 'why'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 3 || i === 4 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const out = [line(header), ...rows.map(line)];
  const details = report.operations.flatMap((op) =>
    op.findings.map(
      (f) =>
        `FAIL ${op.operationId} [${f.kind}] ${f.message}\n     from ${f.source}${f.curl ? `\n     ${f.curl.replace(/\n/g, '\n     ')}` : ''}`,
    ),
  );
  if (details.length > 0) out.push('', ...details);
  const skipped = report.operations.filter((op) => op.outcome === 'skip' && op.reasons.length > 1);
  if (skipped.length > 0)
    out.push('', ...skipped.map((op) => `SKIP ${op.operationId}: ${op.reasons.join('; ')}`));
  const s = report.summary;
  out.push(
    '',
    `${s.operations} operations: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped · ` +
      `${s.requests} requests, ${s.violations} violations · feature level ${report.featureLevel ?? 'unknown'} · ` +
      `seed ${report.seed} · ${(report.durationMs / 1000).toFixed(1)} s against ${report.baseUrl}`,
  );
  return out.join('\n');
}

function kinds(op: RunReport['operations'][number]): string {
  return [...new Set(op.findings.map((f) => f.kind))].join(', ');
}

export function toJson(report: RunReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

export function toJunitXml(report: RunReport): string {
  const s = report.summary;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${s.operations}" failures="${s.failed}" skipped="${s.skipped}" time="${seconds(report.durationMs)}">`,
    `  <testsuite name="contract ${xml(report.baseUrl)}" tests="${s.operations}" failures="${s.failed}" skipped="${s.skipped}" time="${seconds(report.durationMs)}">`,
    `    <properties><property name="seed" value="${report.seed}"/><property name="feature_level" value="${report.featureLevel ?? ''}"/></properties>`,
  ];
  for (const op of report.operations) {
    const open = `    <testcase classname="contract" name="${xml(`${op.operationId} (${op.method} ${op.path})`)}"`;
    if (op.outcome === 'fail') {
      lines.push(`${open}>`);
      for (const f of op.findings) {
        const detail = [`${f.kind}: ${f.message}`, `from ${f.source}`, f.curl ?? '']
          .filter(Boolean)
          .join('\n');
        lines.push(
          `      <failure type="${xml(f.kind)}" message="${xml(f.message)}">${xml(detail)}</failure>`,
        );
      }
      lines.push('    </testcase>');
    } else if (op.outcome === 'skip')
      lines.push(
        `${open}>`,
        `      <skipped message="${xml(op.reasons.join('; '))}"/>`,
        '    </testcase>',
      );
    else lines.push(`${open}/>`);
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
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
