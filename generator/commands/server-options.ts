/**
 * What the commands that serve on a port (`mock`, `proxy`) share: the options both take, their
 * checks, the contract's tables and the validators. Each command adds its own options and
 * reads its own values; the shared ones are checked once, here.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Validators } from '../../runtime/pipeline.js';
import type { ContractTables } from '../../mock/contract-tables.js';
import type { ApiModel } from '../model/types.js';
import { importValidators, OUR_CONTRACT, prepareBindings } from './prepared.js';
import { usageLine } from './usage.js';

/** The options of every serving command. */
export const SERVER_OPTIONS = {
  contract: { type: 'string' },
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  'feature-level': { type: 'string' },
  generated: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface ServerArgs {
  /** absolute, and there */
  contract: string;
  port: number;
  host: string;
  featureLevel?: number;
  /** bindings the user generated, whose validators to take */
  generated?: string;
  quiet: boolean;
}

/**
 * The command line with the shared options and `own`: `help`, a one-line usage problem, or the
 * shared options checked and every value as parsed (for the command's own checks).
 */
export function parseServerArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  own: T,
  defaultPort: number,
) {
  type Config = { args: string[]; options: typeof SERVER_OPTIONS & T; strict: true };
  let values: ReturnType<typeof parseArgs<Config>>['values'];
  try {
    const options = { ...SERVER_OPTIONS, ...own };
    ({ values } = parseArgs<Config>({ args: argv, options, strict: true }));
  } catch (error) {
    return (error as Error).message;
  }
  // The shared options' values, as SERVER_OPTIONS types them (a generic `T` defers parseArgs's own types).
  const shared = values as {
    [K in keyof typeof SERVER_OPTIONS]?: (typeof SERVER_OPTIONS)[K]['type'] extends 'string'
      ? string
      : boolean;
  };
  if (shared.help) return 'help' as const;
  const port = Number(shared.port ?? String(defaultPort));
  if (!Number.isInteger(port) || port < 0 || port > 65535) return '--port must be a port number';
  const level = shared['feature-level'];
  if (level !== undefined && !/^\d+$/.test(level))
    return '--feature-level must be a non-negative integer';
  const contract = resolve(shared.contract ?? OUR_CONTRACT);
  if (!existsSync(contract)) return `--contract: no file at ${shared.contract}`;
  const server: ServerArgs = {
    contract,
    port,
    host: shared.host ?? '127.0.0.1',
    featureLevel: level === undefined ? undefined : Number(level),
    generated: shared.generated,
    quiet: shared.quiet === true,
  };
  return { server, values };
}

/** The contract's tables and model, or the exit code after its problems are printed (1). */
export async function loadServedContract(
  command: string,
  contract: string,
): Promise<{ tables: ContractTables; model: ApiModel } | number> {
  const { contractTables } = await import('../../mock/contract-tables.js');
  const loaded = await contractTables(contract);
  if (loaded.ok) return loaded;
  for (const p of loaded.problems) console.error(p);
  console.error(`tms-gen ${command}: ${contract} is not a valid contract`);
  return 1;
}

/**
 * The validators of `--generated`, else generated for the contract into the app's cache
 * (prepared.ts); a generate run that fails has printed why, and its exit code comes back.
 */
export async function servedValidators(
  command: string,
  args: ServerArgs,
): Promise<Validators | number> {
  if (args.generated !== undefined) {
    if (existsSync(resolve(args.generated, 'validators.js')))
      return importValidators(args.generated);
    console.error(
      usageLine(
        command,
        `--generated ${args.generated} holds no validators.js (tms-gen --out <dir> writes them)`,
      ),
    );
    return 2;
  }
  const prepared = await prepareBindings(args.contract, ['operations', 'validators']);
  if (prepared.ok) return importValidators(prepared.dir);
  console.error(prepared.output.trimEnd());
  return prepared.exitCode === 2 ? 2 : 1;
}
