/**
 * What the commands that listen on a port share: the options they all take (`mock`, `proxy`,
 * `preview`) and their checks; for the two that serve the API (`mock`, `proxy`), the contract's
 * tables and the validators. Each command adds its own options and
 * reads its own values; the shared ones are checked once, here.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Validators } from '../../runtime/pipeline.js';
import type { ContractTables } from '../../mock/contract-tables.js';
import type { ApiModel } from '../model/types.js';
import { importValidators, OUR_CONTRACT, prepareBindings } from './prepared.js';
import { contractFileProblem, usageLine } from '../common/usage.js';

/** The options of every command that listens on a port (`mock`, `proxy`, `preview`). */
const LISTEN_OPTIONS = {
  contract: { type: 'string' },
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The options of every command that serves the API (`mock`, `proxy`), beside LISTEN_OPTIONS. */
const SERVING_OPTIONS = {
  'feature-level': { type: 'string' },
  generated: { type: 'string' },
} as const;

/** Where a listening command listens, and on which contract. */
export interface ListenArgs {
  /** absolute, and there */
  contract: string;
  port: number;
  host: string;
  quiet: boolean;
}

export interface ServerArgs extends ListenArgs {
  featureLevel?: number;
  /** bindings the user generated, whose validators to take */
  generated?: string;
}

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = {
  [K in keyof O]?: O[K]['type'] extends 'string'
    ? O[K] extends { multiple: true }
      ? string[]
      : string
    : boolean;
};

/**
 * The command line of a listening command with its `own` options: `help`, a one-line usage
 * problem, or where to listen (checked) and every value as parsed (for the command's own checks).
 */
export function parseListenArgs<T extends Options>(
  argv: string[],
  own: T,
  defaults: { port: number; contract: string },
): 'help' | string | { listen: ListenArgs; values: Values<typeof LISTEN_OPTIONS & T> } {
  let values: Values<typeof LISTEN_OPTIONS & T>;
  try {
    const options = { ...LISTEN_OPTIONS, ...own };
    values = parseArgs({ args: argv, options, strict: true }).values as typeof values;
  } catch (error) {
    return (error as Error).message;
  }
  // The shared options' values, as LISTEN_OPTIONS types them.
  const shared = values as Values<typeof LISTEN_OPTIONS>;
  if (shared.help) return 'help' as const;
  const port = Number(shared.port ?? String(defaults.port));
  if (!Number.isInteger(port) || port < 0 || port > 65535) return '--port must be a port number';
  const given = shared.contract ?? defaults.contract;
  const missing = contractFileProblem(given);
  if (missing !== undefined) return missing;
  const contract = resolve(given);
  const listen: ListenArgs = {
    contract,
    port,
    host: shared.host ?? '127.0.0.1',
    quiet: shared.quiet === true,
  };
  return { listen, values };
}

/**
 * The command line of a serving command with the shared options and `own`: `help`, a one-line
 * usage problem, or the shared options checked and every value as parsed.
 */
export function parseServerArgs<T extends Options>(argv: string[], own: T, defaultPort: number) {
  const parsed = parseListenArgs(
    argv,
    { ...SERVING_OPTIONS, ...own },
    { port: defaultPort, contract: OUR_CONTRACT },
  );
  if (typeof parsed === 'string') return parsed;
  const { listen, values } = parsed;
  // the serving options' values, as SERVING_OPTIONS types them (a generic `T` defers the mapping)
  const served = values as Values<typeof SERVING_OPTIONS>;
  const level = served['feature-level'];
  if (level !== undefined && !/^\d+$/.test(level))
    return '--feature-level must be a non-negative integer';
  const server: ServerArgs = {
    ...listen,
    featureLevel: level === undefined ? undefined : Number(level),
    generated: served.generated,
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
