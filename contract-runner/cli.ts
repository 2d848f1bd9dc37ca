/**
 * `npm run contract -- --base-url URL --email E --api-key K [options]`: the contract tests of a
 * live server. `--help` lists every option. Credentials are given by how the contract's
 * security schemes carry them (HTTP Basic: the pair by the names the contract gives it, ours
 * `--email` + `--api-key`, else `--username` + `--password`; Bearer, OAuth 2, OpenID Connect:
 * `--bearer`; API keys: `--key NAME=VALUE`) and never printed. Exit codes: 0 no
 * violation · 1 a violation (an operation failed) · 2 usage or setup error (bad arguments, no
 * credentials or none the contract takes, broken scenarios).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadContract } from '../generator/load/index.js';
import type { ApiModel } from '../generator/model/types.js';
import { BASIC_NAMES, type CredentialNames } from '../generator/model/security.js';
import {
  basicNamesOf,
  basicNaming,
  credentialsFor,
  flagsFor,
  type Credentials,
} from './credentials.js';
import type { LevelTable } from '../runtime/feature-levels.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import { serverUrl, unreachable } from './base-url.js';
import { bodyKeysOf, loadGeneratedClient, sendThroughClient } from './client-call.js';
import type { ResponseValidator } from './judge.js';
import type { RequestValidator } from './properties.js';
import { formatTable, formatVerdict, toJson, toJunitXml } from './report.js';
import { runContract, schemesOf, type RunOptions, type RunReport } from './run.js';
import { loadScenarios } from './scenario/load.js';
import { linkPlan, sampleWorkflow } from './scenario/from-model.js';
import { contractFileOf, parseArgs, type CliArgs } from './args.js';
import { usage } from './usage.js';

// What the tests read through the CLI's module (the parser, the help text).
export { parseArgs } from './args.js';
export { usage, USAGE } from './usage.js';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Why the credentials given cannot serve this contract (a credential of a kind it declares no
 * scheme for, an API key naming no scheme, or none of its operations' alternatives satisfied),
 * or undefined. The message names what the contract takes, never a credential's value.
 */
function credentialsProblem(
  model: Pick<ApiModel, 'securitySchemes' | 'operations'>,
  credentials: Credentials | undefined,
): string | undefined {
  const schemes = schemesOf(model);
  // In the order operations name them (the contract's preference), each once.
  const order = [...new Set(model.operations.flatMap((op) => op.authAlternatives.flat()))].filter(
    (name) => Object.hasOwn(schemes, name),
  );
  const used = order.map((name) => [name, schemes[name]] as const);
  const takes =
    used.length > 0
      ? `it takes ${[...new Set(used.map(([n, s]) => flagsFor(s, n, basicNamesOf(model))))].join(' or ')}`
      : 'it declares no credentials';
  const kinds = new Set(used.map(([, s]) => s.type));
  if (credentials?.basic !== undefined && !kinds.has('basic'))
    return `HTTP Basic credentials given, but the contract has no HTTP Basic scheme (${takes})`;
  if (credentials?.bearer !== undefined && !kinds.has('bearer'))
    return `--bearer: the contract has no Bearer, OAuth 2 or OpenID Connect scheme (${takes})`;
  for (const name of Object.keys(credentials?.keys ?? {}))
    if (
      !used.some(
        ([n, s]) =>
          s.type === 'apiKey' &&
          (n === name ||
            s.name === name ||
            (s.in === 'header' && s.name.toLowerCase() === name.toLowerCase())),
      )
    )
      return `--key ${name}=…: no API key scheme of the contract is named so (${takes})`;
  const needing = model.operations.filter((op) => op.auth === 'required');
  if (
    needing.length > 0 &&
    !needing.some((op) =>
      credentialsFor({ auth: op.auth, security: op.authAlternatives }, schemes, credentials),
    )
  )
    return `the credentials given satisfy no operation of the contract (${takes})`;
  return undefined;
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

export interface GeneratedArtifacts {
  operations: Record<string, OperationInfo>;
  levels?: LevelTable;
  validator: ResponseValidator & RequestValidator;
}

/** The generated operation table and validators the run judges with. */
export async function loadGenerated(
  generatedDir = resolve(PROJECT_ROOT, 'generated'),
): Promise<GeneratedArtifacts> {
  for (const name of ['operations.ts', 'validators.js'])
    if (!existsSync(resolve(generatedDir, name)))
      throw new Error(
        `${resolve(generatedDir, name)} does not exist: run \`npm run generate\` first`,
      );
  const table = (await import(pathToFileURL(resolve(generatedDir, 'operations.js')).href)) as {
    operations: Record<string, OperationInfo>;
    levels?: LevelTable;
  };
  const validator = (await import(
    pathToFileURL(resolve(generatedDir, 'validators.js')).href
  )) as GeneratedArtifacts['validator'];
  return { operations: table.operations, levels: table.levels, validator };
}

/** The command line read against its contract: the contract as loaded, and the arguments. */
export interface CommandLine {
  loaded?: Awaited<ReturnType<typeof loadContract>>;
  loadFailure?: string;
  naming: { names: CredentialNames; setAside?: string };
  args: CliArgs;
}

/**
 * Reads the arguments with the contract's names for the HTTP Basic pair (`--email` on ours,
 * `--username` on a document that names none): the command line, or the usage problem.
 */
export async function readCommandLine(
  argv: string[],
): Promise<CommandLine | { problem: string; names: CredentialNames; aside: string }> {
  let loaded: CommandLine['loaded'];
  let loadFailure: string | undefined;
  try {
    loaded = await loadContract(contractFileOf(argv));
  } catch (error) {
    loadFailure = (error as Error).message;
  }
  const naming = loaded?.ok ? basicNaming(loaded.contract.model) : { names: BASIC_NAMES };
  try {
    const args = parseArgs(argv, undefined, undefined, naming.names);
    return { loaded, loadFailure, naming, args };
  } catch (error) {
    const aside = naming.setAside ? `\nnote: ${naming.setAside}` : '';
    return { problem: (error as Error).message, names: naming.names, aside };
  }
}

export async function runCli(
  argv: string[],
  out: (text: string) => void = console.log,
  progress: (text: string) => void = (t) => process.stderr.write(`${t}\n`),
  /** the command line, read already (`readCommandLine`) */
  read?: CommandLine,
): Promise<number> {
  const line = read ?? (await readCommandLine(argv));
  if ('problem' in line) {
    out(`contract: ${line.problem}${line.aside}\n\n${usage(line.names)}`);
    return 2;
  }
  const { loaded, loadFailure, naming, args } = line;
  const names = naming.names;
  if (args.help) {
    out(usage(names));
    return 0;
  }
  // Progress lines are for a terminal: off with --quiet and in CI.
  const silent = args.quiet || process.env.CI === 'true';
  if (naming.setAside && !silent) progress(`note: ${naming.setAside}`);
  let report: RunReport;
  try {
    if (!loaded) throw new Error(loadFailure ?? 'the contract could not be read');
    if (!loaded.ok) {
      out(
        `contract: the contract is invalid (${loaded.problems.length} problems); run \`npm run generate\` to see them`,
      );
      return 2;
    }
    const unfit = args.unauthenticatedOnly
      ? undefined
      : credentialsProblem(loaded.contract.model, args.credentials);
    if (unfit) {
      out(`contract: ${unfit}`);
      return 2;
    }
    const generated = await loadGenerated(args.generated);
    // Without scenarios of its own, a contract's operations run chained by its links.
    const links = args.scenarios ? undefined : linkPlan(loaded.contract.model);
    const scenarios = args.scenarios
      ? loadScenarios(args.scenarios, Object.keys(generated.operations))
      : { ok: true as const, workflows: [sampleWorkflow(loaded.contract.model, links)] };
    if (!scenarios.ok) {
      out(scenarios.problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`).join('\n'));
      return 2;
    }
    // In-process servers (MSW) answer fetch without a socket: only the CLI, which talks to a
    // real server, asks whether one listens.
    const target = serverUrl(args.baseUrl, loaded.contract.model);
    const down = await unreachable(target, args.timeoutMs);
    if (down !== undefined) throw new Error(`cannot connect to ${target} (${down})`);
    const client = await loadGeneratedClient(args.generated);
    const options: RunOptions = {
      baseUrl: args.baseUrl,
      credentials: args.credentials,
      other: args.other,
      password: args.password,
      inputs: args.inputs,
      only: args.only,
      skip: args.skip,
      readOnly: args.readOnly,
      allowDestructive: args.allowDestructive,
      unauthenticatedOnly: args.unauthenticatedOnly,
      stateless: args.stateless,
      seed: args.seed,
      maxExamples: args.maxExamples,
      timeoutMs: args.timeoutMs,
      rules: { authStatus: args.authStatus },
      minCoverage: args.minCoverage,
      sendValid: client
        ? sendThroughClient({ ...client, bodyKeys: bodyKeysOf(loaded.contract.model) })
        : undefined,
      progress: silent ? undefined : progress,
    };
    report = await runContract(
      { model: loaded.contract.model, ...generated, workflows: scenarios.workflows, links },
      options,
    );
  } catch (error) {
    out(`contract: ${(error as Error).message}`);
    return 2;
  }
  out(args.quiet ? formatVerdict(report) : formatTable(report));
  for (const { file, format } of reportFiles(args.reports)) {
    writeFileSync(file, format === 'json' ? toJson(report) : toJunitXml(report));
    out(`report: ${file}`);
  }
  return report.summary.failed > 0 || report.coverage.shortfalls.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
