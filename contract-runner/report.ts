/**
 * The run's results for people (a table per operation, then every violation with its curl
 * reproduction, then the summary) and for CI (JSON; JUnit XML with one testcase per operation:
 * a violation is a <failure>, a skip is <skipped> with its reason).
 */
import { COVERAGE_KINDS, percent, type CoverageKind } from './coverage.js';
import type { RunReport } from './run.js';

const MARK = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

/**
 * What `--quiet` prints: every violation with its curl reproduction, a coverage gate not met,
 * and the summary line (the verdict); no table of operations, skips, links or coverage counts.
 */
export function formatVerdict(report: RunReport): string {
  return [
    ...violationLines(report),
    ...report.coverage.shortfalls.map((s) => `FAIL coverage below --min-coverage: ${s}`),
    summaryLine(report),
  ].join('\n');
}

function violationLines(report: RunReport): string[] {
  return report.operations.flatMap((op) =>
    op.findings.map(
      (f) =>
        `FAIL ${op.operationId} [${f.kind}] ${f.message}\n     from ${f.source}${f.curl ? `\n     ${f.curl.replace(/\n/g, '\n     ')}` : ''}`,
    ),
  );
}

function summaryLine(report: RunReport): string {
  const s = report.summary;
  return (
    `${s.operations} operations: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped · ` +
    `${s.requests} requests, ${s.violations} violations · feature level ${report.featureLevel ?? 'unknown'} · ` +
    `seed ${report.seed} · ${(report.durationMs / 1000).toFixed(1)} s against ${report.baseUrl}`
  );
}

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
  const details = violationLines(report);
  if (details.length > 0) out.push('', ...details);
  const skipped = report.operations.filter((op) => op.outcome === 'skip' && op.reasons.length > 1);
  if (skipped.length > 0)
    out.push('', ...skipped.map((op) => `SKIP ${op.operationId}: ${op.reasons.join('; ')}`));
  out.push('', summaryLine(report));
  out.push(...linkLines(report.links));
  out.push(...coverageLines(report.coverage));
  return out.join('\n');
}

const LABELS: Record<CoverageKind, string> = {
  operations: 'operations',
  parameters: 'parameters',
  enumValues: 'enum values',
  statuses: 'statuses',
  errorCodes: 'error codes',
};
/** uncovered items named per kind in the table (the JSON report has them all) */
const NAMED = 20;

function linkLines(links: RunReport['links']): string[] {
  if (!links || links.length === 0) return [];
  const ran = links.filter((l) => l.exercised).length;
  return [
    `links: ${links.length} found between operations, ${ran} exercised`,
    ...links.map(
      (l) =>
        `  ${l.exercised ? 'ran ' : 'not '} ${l.from} → ${l.to} (${l.parameter} ← ${'body' in l.value ? `body ${l.value.body || '/'}` : `header ${l.value.header}`}; ${l.source}${l.atRunTime ? ', found at run time' : ''})`,
    ),
  ];
}

function coverageLines(c: RunReport['coverage']): string[] {
  const counts = COVERAGE_KINDS.map(
    (k) => `${LABELS[k]} ${c.kinds[k].covered}/${c.kinds[k].total}`,
  ).join(' · ');
  const lines = [
    `coverage ${percent(c.total).toFixed(1)}% (${c.total.covered} of ${c.total.total} documented items): ${counts}`,
  ];
  for (const k of COVERAGE_KINDS) {
    const missing = c.kinds[k].uncovered;
    if (missing.length === 0) continue;
    const more = missing.length > NAMED ? `, … and ${missing.length - NAMED} more` : '';
    lines.push(`  not exercised, ${LABELS[k]}: ${missing.slice(0, NAMED).join(', ')}${more}`);
  }
  for (const shortfall of c.shortfalls)
    lines.push(`FAIL coverage below --min-coverage: ${shortfall}`);
  return lines;
}

function kinds(op: RunReport['operations'][number]): string {
  return [...new Set(op.findings.map((f) => f.kind))].join(', ');
}

export function toJson(report: RunReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

export function toJunitXml(report: RunReport): string {
  // A coverage gate that is not met is one more failed testcase.
  const gate = report.coverage.shortfalls.length > 0 ? 1 : 0;
  const s = {
    ...report.summary,
    operations: report.summary.operations + gate,
    failed: report.summary.failed + gate,
  };
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract" tests="${s.operations}" failures="${s.failed}" skipped="${s.skipped}" time="${seconds(report.durationMs)}">`,
    `  <testsuite name="contract ${xml(report.baseUrl)}" tests="${s.operations}" failures="${s.failed}" skipped="${s.skipped}" time="${seconds(report.durationMs)}">`,
    `    <properties><property name="seed" value="${report.seed}"/><property name="feature_level" value="${report.featureLevel ?? ''}"/>${coverageProperties(report.coverage)}</properties>`,
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
  if (report.coverage.shortfalls.length > 0)
    lines.push(
      '    <testcase classname="contract" name="coverage (--min-coverage)">',
      ...report.coverage.shortfalls.map(
        (s) => `      <failure type="coverage" message="${xml(s)}">${xml(s)}</failure>`,
      ),
      '    </testcase>',
    );
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** `coverage_parameters` = `60/162`, ... and `coverage` = the percentage of every item. */
function coverageProperties(c: RunReport['coverage']): string {
  const property = (name: string, value: string) =>
    `<property name="${name}" value="${xml(value)}"/>`;
  return [
    property('coverage', percent(c.total).toFixed(1)),
    ...COVERAGE_KINDS.map((k) =>
      property(`coverage_${k}`, `${c.kinds[k].covered}/${c.kinds[k].total}`),
    ),
  ].join('');
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
