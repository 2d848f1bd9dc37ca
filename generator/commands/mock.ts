/**
 * `tms-gen mock`: a mock server of our contract or of any OpenAPI 3.0/3.1 document (mock/serve.ts),
 * from the installed toolkit. Runs until Ctrl-C (SIGINT/SIGTERM stop it cleanly).
 */
import {
  loadServedContract,
  parseServerArgs,
  servedValidators,
  type ServerArgs,
} from './server-options.js';
import { listenProblem, usageLine } from '../common/usage.js';

const HELP = `tms-gen mock — a mock server of an OpenAPI 3.0/3.1 document

Usage: tms-gen mock [--contract api.yaml] [options]

  --contract <file>       the document (default: the Team Messaging Service contract)
  --port <n>              port (default 4010; 0 picks a free one)
  --host <addr>           address to listen on (default 127.0.0.1)
  --engine <name>         what makes the answers: prism (Prism's engine, installed beside the
                          toolkit: npm install -D @stoplight/prism-http@5.12.0), fake (the contract's
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

/** Options of the mock's own, beside the serving commands' (server-options.ts). */
const OPTIONS = {
  engine: { type: 'string' },
  dynamic: { type: 'boolean' },
  'cors-origins': { type: 'string' },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  seed: { type: 'string' },
  validate: { type: 'boolean' },
  'no-validate': { type: 'boolean' },
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
  const loaded = await loadServedContract('mock', parsed.contract);
  if (typeof loaded === 'number') return loaded;
  const { serveMock, chooseEngine, importPrismEngine, AUTO_PRISM_MAX_OPERATIONS, EngineMissing } =
    await import('../../mock/serve.js');
  const tables = loaded.tables;
  // Chosen once, here (serveMock is handed the name): a missing engine is said at once, before
  // the validators are generated.
  const engine = chooseEngine(parsed.engine, tables);
  if (engine === 'prism') {
    const missing = await importPrismEngine().then(
      () => undefined,
      (error: unknown) => (error instanceof EngineMissing ? error.message : Promise.reject(error)),
    );
    if (missing) {
      console.error(`tms-gen mock: ${missing}`);
      return 2;
    }
  }
  const operations = Object.keys(tables.operations).length;
  const note = (m: string) => (parsed.quiet ? undefined : console.error(`note: ${m}`));
  const validate = parsed.validate ?? operations <= AUTO_PRISM_MAX_OPERATIONS;
  let validators;
  if (parsed.generated !== undefined || validate) {
    validators = await servedValidators('mock', parsed);
    if (typeof validators === 'number') return validators;
  } else
    note(
      `requests are checked by the wire model's decoding only (${operations} operations; --validate generates validators first)`,
    );
  let mock;
  try {
    mock = await serveMock({ ...parsed, engine, tables, validators });
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

interface MockArgs extends ServerArgs {
  engine: 'auto' | 'prism' | 'fake';
  dynamic: boolean;
  corsOrigins?: '*' | string[];
  faults?: { latencyMs?: [number, number]; failRate?: number; seed: string };
  seed: string;
  validate?: boolean;
}

/** The arguments, or `help`, or the one-line usage problem. */
async function parseMockArgs(argv: string[]): Promise<MockArgs | 'help' | string> {
  const parsed = parseServerArgs(argv, OPTIONS, 4010);
  if (typeof parsed === 'string') return parsed;
  const { server, values } = parsed;
  const { parseFailRate, parseLatency } = await import('../../mock/faults.js');
  const { parseOrigins } = await import('../../runtime/pipeline-cors.js');
  const engine = values.engine ?? 'auto';
  if (engine !== 'auto' && engine !== 'prism' && engine !== 'fake')
    return `--engine must be prism, fake or auto, not '${engine}'`;
  const latency = values.latency === undefined ? undefined : parseLatency(values.latency);
  if (values.latency !== undefined && !latency)
    return `--latency takes milliseconds or a range such as 100-800, not '${values.latency}'`;
  const failRate =
    values['fail-rate'] === undefined ? undefined : parseFailRate(values['fail-rate']);
  if (values['fail-rate'] !== undefined && failRate === undefined)
    return `--fail-rate takes a share from 0 to 1 (or a percentage), not '${values['fail-rate']}'`;
  if (values.validate && values['no-validate'])
    return '--validate and --no-validate contradict each other';
  const seed = values.seed ?? 'tms';
  return {
    ...server,
    engine,
    dynamic: values.dynamic === true,
    corsOrigins: parseOrigins(values['cors-origins']),
    faults: latency || failRate ? { latencyMs: latency, failRate, seed } : undefined,
    seed,
    validate: values.validate ? true : values['no-validate'] ? false : undefined,
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
