/**
 * `tms-gen diff --base <file or git ref> [--contract <file>] [--format text|markdown|json]`
 * Exit codes: 0 every change recorded (and every breaking one accepted), 1 a change refused or a
 * contract that does not load, 2 usage.
 */
import { parseArgs } from 'node:util';
import { formatProblem } from '../common/contract-error.js';
import { DEFAULT_CONTRACT, missingContract } from '../common/usage.js';
import { loadContract } from '../load/index.js';
import { resolveBase } from './base.js';
import { diffTables } from './compare.js';
import { buildFacts } from './facts.js';
import { formatJson, formatMarkdown, formatText, type DiffReport } from './format.js';

export const DIFF_HELP = `tms-gen diff — every change between two versions of a contract, classified, and checked
against the contract's own record of it (x-history, x-enum-history, x-removed, x-breaking, x-correction)

Usage:
  tms-gen diff --base <file or git ref> [--contract <file>] [--format text|markdown|json]

Options:
  --base <file|ref>   the earlier contract: a file, or a git ref (the contract's folder at that ref)
  --contract <file>   the later contract (default: ${DEFAULT_CONTRACT})
  --format <f>        text (default), markdown (a changelog entry by feature level) or json
  --quiet             print only refused changes (text format)

A change is refused (exit 1) when it is not recorded at a feature level above the base's highest
one (nor marked x-correction), or when it is breaking for clients or servers and not marked
x-breaking: {level, reason}. Level checks apply when the contracts carry feature-level extensions.

Exit codes: 0 accepted · 1 refused, or a contract does not load · 2 usage error (no such --contract file)`;

export async function runDiff(argv: string[]): Promise<number> {
  let values: {
    base?: string;
    contract?: string;
    format?: string;
    quiet?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        base: { type: 'string' },
        contract: { type: 'string', default: DEFAULT_CONTRACT },
        format: { type: 'string', default: 'text' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`tms-gen diff: ${(error as Error).message}\n\n${DIFF_HELP}`);
    return 2;
  }
  if (values.help) {
    console.log(DIFF_HELP);
    return 0;
  }
  const format = values.format!;
  if (!values.base || !['text', 'markdown', 'json'].includes(format)) {
    console.error(
      `tms-gen diff: ${values.base ? `unknown --format '${format}'` : '--base is required'}\n\n${DIFF_HELP}`,
    );
    return 2;
  }
  const contract = values.contract!;
  const missing = missingContract('diff', contract);
  if (missing) {
    console.error(missing);
    return 2;
  }
  const resolved = resolveBase(values.base, contract);
  if (!resolved.ok) {
    console.error(`tms-gen diff: ${resolved.message}`);
    return 2;
  }
  const { base } = resolved;
  const progress = process.stderr.isTTY && !process.env.CI && !values.quiet;
  try {
    if (progress) process.stderr.write(`loading ${base.label}…\n`);
    const before = await loadContract(base.file);
    if (progress) process.stderr.write(`loading ${contract}…\n`);
    const after = await loadContract(contract);
    let failed = false;
    for (const [label, loaded, file] of [
      [base.label, before, base.file],
      [contract, after, contract],
    ] as const) {
      if (loaded.ok) continue;
      failed = true;
      console.error(`tms-gen diff: ${label} does not load:`);
      for (const p of loaded.problems)
        console.error(`  ${formatProblem(p).split(file).join(label)}`);
    }
    if (!before.ok || !after.ok || failed) return 1;
    const result = diffTables(buildFacts(before.contract.model), buildFacts(after.contract.model));
    const report: DiffReport = { ...result, base: base.label, contract };
    if (format === 'json') console.log(formatJson(report));
    else if (format === 'markdown') console.log(formatMarkdown(report));
    else if (values.quiet) {
      const refused = { ...report, changes: report.changes.filter((c) => c.problems.length > 0) };
      if (refused.changes.length > 0) console.log(formatText(refused));
    } else console.log(formatText(report));
    return report.changes.some((c) => c.problems.length > 0) ? 1 : 0;
  } finally {
    base.dispose();
  }
}
