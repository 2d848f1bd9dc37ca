/**
 * `tms-gen mock`: a mock server of our contract or of any OpenAPI 3.0/3.1 document (mock/serve.ts),
 * from the installed toolkit. Runs until Ctrl-C (SIGINT/SIGTERM stop it cleanly).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importValidators, OUR_CONTRACT, prepareBindings } from './prepared.js';
import { listenProblem, usageLine } from './usage.js';

const HELP = `tms-gen mock — a mock server of an OpenAPI 3.0/3.1 document

Usage: tms-gen mock [--contract api.yaml] [options]

  --contract <file>       the document (default: the Team Messaging Service contract)
  --port <n>              port (default 4010; 0 picks a free one)
  --host <addr>           address to listen on (default 127.0.0.1)
  --engine <name>         what makes the answers: prism (Prism's engine), fake (the contract's
                          examples, else data made up from the schemas), auto (default: Prism
                          up to 300 operations, fake above: Prism takes most of a minute to
                          load a document like GitHub's)
  --dynamic               answers made up from the schemas even where examples exist
  --feature-level <n>     answer as a server of this feature level (default: the newest)
  --cors-origins <list>   '*' (default) or origins separated by commas
  --latency <ms|min-max>  wait before each answer, e.g. 100-800 (off by default)
  --fail-rate <rate>      answer this share of requests (0-1 or 10%) with one of the
                          operation's documented error responses (off by default)
  --seed <text>           seed of the latency, the failures and made-up data (default: tms)
  --validate              check requests with generated validators (the default up to 300
                          operations; generates them into node_modules/.cache first)
  --no-validate           check requests by the wire model's decoding only
  --generated <dir>       take the validators from bindings you generated (tms-gen --out <dir>)
  --quiet                 print only the base URL
  --help                  this text

In requests: any well-formed credentials the contract's schemes take (HTTP Basic: any user
and a non-empty password); Prefer: example=<name>, code=<status>, dynamic=true.

Exit codes: 0 stopped · 1 the contract is invalid · 2 usage error`;

const OPTIONS = {
  contract: { type: 'string' },
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  engine: { type: 'string' },
  dynamic: { type: 'boolean' },
  'feature-level': { type: 'string' },
  'cors-origins': { type: 'string' },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  seed: { type: 'string' },
  validate: { type: 'boolean' },
  'no-validate': { type: 'boolean' },
  generated: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runMock(argv: string[]): Promise<number> {
  const parsed = await parseMockArgs(argv);
  if (parsed === 'help') {
    console.log(HELP);
    return 0;
  }
  if (typeof parsed === 'string') {
    console.error(usageLine('mock', parsed));
    return 2;
  }
  const { contractTables } = await import('../../mock/contract-tables.js');
  const loaded = await contractTables(parsed.contract);
  if (!loaded.ok) {
    for (const p of loaded.problems) console.error(p);
    console.error(`tms-gen mock: ${parsed.contract} is not a valid contract`);
    return 1;
  }
  const { serveMock, AUTO_PRISM_MAX_OPERATIONS } = await import('../../mock/serve.js');
  const tables = loaded.tables;
  const operations = Object.keys(tables.operations).length;
  const note = (m: string) => (parsed.quiet ? undefined : console.error(`note: ${m}`));
  const validate = parsed.validate ?? operations <= AUTO_PRISM_MAX_OPERATIONS;
  let validators;
  if (parsed.generated) validators = await importValidators(parsed.generated);
  else if (validate) {
    const prepared = await prepareBindings(parsed.contract, ['operations', 'validators']);
    if (!prepared.ok) {
      console.error(prepared.output.trimEnd());
      return prepared.exitCode === 2 ? 2 : 1;
    }
    validators = await importValidators(prepared.dir);
  } else
    note(
      `requests are checked by the wire model's decoding only (${operations} operations; --validate generates validators first)`,
    );
  let mock;
  try {
    mock = await serveMock({ ...parsed, tables, validators });
  } catch (error) {
    if (error instanceof RangeError) {
      console.error(usageLine('mock', error.message));
      return 2;
    }
    const taken = listenProblem(error, parsed.port);
    if (taken === undefined) throw error;
    console.error(`tms-gen mock: ${taken}`);
    return 1;
  }
  if (parsed.quiet) console.log(mock.baseUrl);
  else printBanner(tables.title, mock, parsed);
  return new Promise<number>((done) => {
    const stop = () => void mock.stop().then(() => done(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

interface MockArgs {
  contract: string;
  port: number;
  host: string;
  engine: 'auto' | 'prism' | 'fake';
  dynamic: boolean;
  featureLevel?: number;
  corsOrigins?: '*' | string[];
  faults?: { latencyMs?: [number, number]; failRate?: number; seed: string };
  seed: string;
  validate?: boolean;
  generated?: string;
  quiet: boolean;
}

/** The arguments, or `help`, or the one-line usage problem. */
async function parseMockArgs(argv: string[]): Promise<MockArgs | 'help' | string> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true }));
  } catch (error) {
    return (error as Error).message;
  }
  if (values.help) return 'help';
  const { parseFailRate, parseLatency } = await import('../../mock/faults.js');
  const { parseOrigins } = await import('../../runtime/pipeline-cors.js');
  const port = Number(values.port ?? '4010');
  if (!Number.isInteger(port) || port < 0 || port > 65535) return '--port must be a port number';
  const engine = values.engine ?? 'auto';
  if (engine !== 'auto' && engine !== 'prism' && engine !== 'fake')
    return `--engine must be prism, fake or auto, not '${engine}'`;
  const level = values['feature-level'];
  if (level !== undefined && !/^\d+$/.test(level))
    return '--feature-level must be a non-negative integer';
  const latency = values.latency === undefined ? undefined : parseLatency(values.latency);
  if (values.latency !== undefined && !latency)
    return `--latency takes milliseconds or a range such as 100-800, not '${values.latency}'`;
  const failRate =
    values['fail-rate'] === undefined ? undefined : parseFailRate(values['fail-rate']);
  if (values['fail-rate'] !== undefined && failRate === undefined)
    return `--fail-rate takes a share from 0 to 1 (or a percentage), not '${values['fail-rate']}'`;
  if (values.validate && values['no-validate'])
    return '--validate and --no-validate contradict each other';
  const contract = resolve(values.contract ?? OUR_CONTRACT);
  if (!existsSync(contract)) return `--contract: no file at ${values.contract}`;
  return {
    contract,
    port,
    host: values.host ?? '127.0.0.1',
    engine,
    dynamic: values.dynamic === true,
    featureLevel: level === undefined ? undefined : Number(level),
    corsOrigins: parseOrigins(values['cors-origins']),
    faults:
      latency || failRate
        ? { latencyMs: latency, failRate, seed: values.seed ?? 'tms' }
        : undefined,
    seed: values.seed ?? 'tms',
    validate: values.validate ? true : values['no-validate'] ? false : undefined,
    generated: values.generated,
    quiet: values.quiet === true,
  };
}

function printBanner(
  title: string,
  mock: { baseUrl: string; engine: string; featureLevel: number },
  args: MockArgs,
): void {
  const faults = args.faults;
  console.log(`Mock of ${title}`);
  console.log(`  base URL     ${mock.baseUrl}`);
  console.log(`  engine       ${mock.engine}${args.dynamic ? ' (dynamic)' : ''}`);
  console.log(`  level        feature level ${mock.featureLevel}`);
  if (faults)
    console.log(
      `  faults       latency ${faults.latencyMs?.join('-') ?? 0} ms, fail rate ${faults.failRate ?? 0}, seed ${faults.seed}`,
    );
  console.log(`  examples     Prefer: example=<name>, Prefer: code=<status>, Prefer: dynamic=true`);
  console.log(`Ctrl-C stops it.`);
}
