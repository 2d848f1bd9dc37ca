/**
 * `npm run contract -- --base-url URL [--email E --api-key K] [--only OPERATION[,OPERATION]]
 *  [--read-only] [--report FILE] [--contract openapi/openapi.yaml] [--timeout MS]`
 *
 * Exit codes: 0 no violation · 1 at least one violation · 2 usage or setup error.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs as parseArgv } from 'node:util';
import { loadContract } from '../generator/load.js';
import type { ResponseValidator } from './check.js';
import { callThroughClient, loadClientModule } from './client-call.js';
import { formatTable, toJson, toJunitXml } from './report.js';
import { runContract, type RunOptions, type RunReport } from './run.js';

const USAGE = `usage: npm run contract -- --base-url URL [--email E --api-key K] [--only OPERATION[,OPERATION...]]
                             [--read-only] [--report FILE(.json|.xml; no extension: both)]
                             [--contract FILE] [--timeout MS]`;

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CliArgs {
  baseUrl: string;
  email?: string;
  apiKey?: string;
  only?: string[];
  readOnly: boolean;
  reports: string[];
  contract: string;
  timeoutMs: number;
}

export function parseArgs(argv: string[]): CliArgs {
  const { values } = parseArgv({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      email: { type: 'string' },
      'api-key': { type: 'string' },
      only: { type: 'string', multiple: true },
      'read-only': { type: 'boolean' },
      report: { type: 'string', multiple: true },
      contract: { type: 'string' },
      timeout: { type: 'string' },
    },
  });
  const args: Partial<CliArgs> & { reports: string[] } = {
    readOnly: values['read-only'] === true,
    reports: values.report ?? [],
    contract: values.contract ?? resolve(PROJECT_ROOT, 'openapi/openapi.yaml'),
    timeoutMs: 10_000,
  };
  if (values['base-url'] !== undefined) args.baseUrl = values['base-url'];
  if (values.email !== undefined) args.email = values.email;
  if (values['api-key'] !== undefined) args.apiKey = values['api-key'];
  if (values.only)
    args.only = values.only.flatMap((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
  if (values.timeout !== undefined) {
    const ms = Number(values.timeout);
    if (values.timeout === '' || !Number.isFinite(ms) || ms <= 0)
      throw new Error('--timeout must be a positive number of milliseconds');
    args.timeoutMs = ms;
  }
  if (!args.baseUrl) throw new Error('--base-url is required');
  if (!/^https?:\/\//.test(args.baseUrl))
    throw new Error(`--base-url must be an http(s) URL, got '${args.baseUrl}'`);
  if ((args.email === undefined) !== (args.apiKey === undefined))
    throw new Error('--email and --api-key go together');
  return args as CliArgs;
}

/** Where each report goes: by extension, or both `.json` and `.xml` beside a name without one. */
export function reportFiles(reports: string[]): { file: string; format: 'json' | 'xml' }[] {
  return reports.flatMap((file) => {
    const ext = extname(file).toLowerCase();
    if (ext === '.json') return [{ file, format: 'json' as const }];
    if (ext === '.xml') return [{ file, format: 'xml' as const }];
    return [
      { file: `${file}.json`, format: 'json' as const },
      { file: `${file}.xml`, format: 'xml' as const },
    ];
  });
}

export async function loadValidator(
  generatedDir = resolve(PROJECT_ROOT, 'generated'),
): Promise<ResponseValidator> {
  const file = resolve(generatedDir, 'validators.js');
  if (!existsSync(file)) throw new Error(`${file} does not exist: run \`npm run generate\` first`);
  return (await import(pathToFileURL(file).href)) as ResponseValidator;
}

export async function runCli(
  argv: string[],
  out: (text: string) => void = console.log,
): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    out(`contract: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const loaded = await loadContract(args.contract);
  if (!loaded.ok) {
    out(
      `contract: ${args.contract} is invalid (${loaded.problems.length} problems); run \`npm run generate\` to see them`,
    );
    return 2;
  }
  let report: RunReport;
  try {
    const generatedDir = resolve(PROJECT_ROOT, 'generated');
    const validator = await loadValidator(generatedDir);
    const client = await loadClientModule(generatedDir);
    if (!client)
      out(
        "note: generated/client.ts does not exist yet: valid requests go through the wire model's encoder and fetch",
      );
    const options: RunOptions = {
      baseUrl: args.baseUrl,
      credentials:
        args.email !== undefined ? { email: args.email, apiKey: args.apiKey! } : undefined,
      only: args.only,
      readOnly: args.readOnly,
      timeoutMs: args.timeoutMs,
      callValid: client ? callThroughClient(client) : undefined,
    };
    report = await runContract(loaded.contract.model, validator, options);
  } catch (error) {
    out(`contract: ${(error as Error).message}`);
    return 2;
  }
  out(formatTable(report));
  for (const { file, format } of reportFiles(args.reports)) {
    writeFileSync(file, format === 'json' ? toJson(report) : toJunitXml(report));
    out(`report: ${file}`);
  }
  return report.summary.violations > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
