/**
 * `npm run mock [-- --port 4010 --host 127.0.0.1 --dynamic --feature-level N]`: the front
 * (front.ts) with Prism's engine in the same process (prism-engine.ts), serving the contract at
 * `/api/v1/...` as a server of the newest feature level, or of level N (levels.ts).
 * `startPrismMock()` does the same for tests and benchmarks and returns `{baseUrl, stop}`.
 *
 * Reads only generated artifacts: generated/openapi.prism.json (what Prism is fed, with the
 * `x-mock-examples` map), generated/operations.ts (the wire table) and, once it exists,
 * generated/validators.js (request validation beyond the wire model's decoding).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AuthScheme, OperationInfo, RefusalShape } from '../../runtime/operation-info.js';
import type { Validators } from '../../runtime/server.js';
import { levelView, type LevelTable } from '../../runtime/feature-levels.js';
import { parseOrigins } from '../../runtime/pipeline-cors.js';
import { createMockFront } from './front.js';
import { levelHooks } from './levels.js';
import { createPrismEngine } from './prism-engine.js';

export interface MockOptions {
  /** public port of the front; 0 (default for tests) picks a free one */
  port?: number;
  host?: string;
  /** Prism's dynamic mode: responses generated from the schemas instead of the examples */
  dynamic?: boolean;
  /** where the generated artifacts are (default: generated/ of this project) */
  generatedDir?: string;
  /** called with notes (e.g. validators not generated yet); default: ignored */
  warn?: (message: string) => void;
  /** serve as a server of this feature level (default: the newest the contract records) */
  featureLevel?: number;
  /** CORS origins (`'*'`, the default, or a list such as `['http://localhost:5173', 'null']`) */
  corsOrigins?: '*' | string[];
  /** a request (headers and body) must arrive within this; default 30 s (runtime/server-node.ts) */
  requestTimeoutMs?: number;
}

export interface RunningMock {
  /** e.g. `http://127.0.0.1:4010/api/v1` */
  baseUrl: string;
  port: number;
  /** the feature level it serves as */
  featureLevel: number;
  stop(): Promise<void>;
}

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRISM_HTTP_VERSION = (
  createRequire(import.meta.url)('@stoplight/prism-http/package.json') as { version: string }
).version;

export async function startPrismMock(options: MockOptions = {}): Promise<RunningMock> {
  const dir = resolve(options.generatedDir ?? resolve(PROJECT_ROOT, 'generated'));
  const documentFile = resolve(dir, 'openapi.prism.json');
  if (!existsSync(documentFile))
    throw new Error(`${documentFile} does not exist: run \`npm run generate\` first`);
  const document = JSON.parse(readFileSync(documentFile, 'utf8')) as Record<string, unknown>;
  const table = (await import(pathToFileURL(resolve(dir, 'operations.js')).href)) as {
    operations: Record<string, OperationInfo>;
    basePath: string;
    levels: LevelTable;
    /** absent in tables generated before schemes were carried: every scheme is Basic */
    authSchemes?: Record<string, AuthScheme>;
    /** absent in tables generated before refusal shapes were carried: our envelope */
    refusals?: RefusalShape;
  };
  const featureLevel = options.featureLevel ?? table.levels.newest;
  if (!Number.isInteger(featureLevel) || featureLevel < 0 || featureLevel > table.levels.newest)
    throw new Error(
      `--feature-level must be an integer from 0 to ${table.levels.newest} (the contract's newest), not ${String(featureLevel)}`,
    );
  const level = levelView(table.levels, featureLevel);
  const validators = await loadValidators(dir, options.warn ?? (() => {}));

  const engine = await createPrismEngine({ document: documentFile, dynamic: options.dynamic });
  const server = createMockFront({
    engine,
    operations: level.operationsAt(table.operations),
    basePath: table.basePath,
    authSchemes: table.authSchemes,
    refusals: table.refusals,
    exampleStatuses: exampleStatusesOf(document),
    validateRequest: validators?.validateRequest,
    ...levelHooks(level, table.operations),
    cors: { origins: options.corsOrigins ?? '*' },
    requestTimeoutMs: options.requestTimeoutMs,
    bodyTimeoutMs: options.requestTimeoutMs,
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let stopping: Promise<void> | undefined;
  return {
    baseUrl: `http://${shownHost}:${port}${table.basePath}`,
    port,
    featureLevel,
    stop: () =>
      (stopping ??= new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      })),
  };
}

/** `x-mock-examples` of every operation of the Prism document, by operationId. */
export function exampleStatusesOf(
  document: Record<string, unknown>,
): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const item of Object.values(
    (document.paths ?? {}) as Record<string, Record<string, unknown>>,
  )) {
    for (const op of Object.values(item)) {
      if (!op || typeof op !== 'object') continue;
      const { operationId, 'x-mock-examples': examples } = op as {
        operationId?: string;
        'x-mock-examples'?: Record<string, number>;
      };
      if (operationId && examples) out[operationId] = examples;
    }
  }
  return out;
}

async function loadValidators(
  dir: string,
  warn: (m: string) => void,
): Promise<Validators | undefined> {
  const file = resolve(dir, 'validators.js');
  if (!existsSync(file)) {
    warn(`${file} does not exist yet: requests are checked by the wire model's decoding only`);
    return undefined;
  }
  return (await import(pathToFileURL(file).href)) as Validators;
}

// ---- CLI ----

const USAGE = `npm run mock -- [--port 4010] [--host 127.0.0.1] [--dynamic] [--feature-level N] [--cors-origins '*'|a,b] [--request-timeout-ms 30000]`;

function parseCli(argv: string[]): MockOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string', short: 'p', default: '4010' },
      host: { type: 'string', short: 'h', default: '127.0.0.1' },
      dynamic: { type: 'boolean', short: 'd' },
      'feature-level': { type: 'string' },
      'cors-origins': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number`);
  const timeout = values['request-timeout-ms'];
  if (timeout !== undefined && !(Number.isInteger(Number(timeout)) && Number(timeout) > 0))
    throw new Error(`--request-timeout-ms must be a positive number of milliseconds`);
  const level = values['feature-level'];
  if (level !== undefined && !/^[0-9]+$/.test(level))
    throw new Error(`--feature-level must be a non-negative integer`);
  return {
    port,
    featureLevel: level === undefined ? undefined : Number(level),
    host: values.host,
    dynamic: values.dynamic,
    corsOrigins: parseOrigins(values['cors-origins']),
    requestTimeoutMs: timeout === undefined ? undefined : Number(timeout),
  };
}

async function main(): Promise<void> {
  let opts: MockOptions;
  try {
    opts = parseCli(process.argv.slice(2));
  } catch (error) {
    console.error(`mock: ${(error as Error).message}\nusage: ${USAGE}`);
    process.exit(2);
  }
  const mock = await startPrismMock({ ...opts, warn: (m) => console.warn(`note: ${m}`) });
  console.log(`Mock of the Team Messaging Service API${opts.dynamic ? ' (dynamic mode)' : ''}`);
  console.log(`  base URL     ${mock.baseUrl}`);
  console.log(`  level        feature level ${mock.featureLevel}`);
  console.log(
    `  prism        @stoplight/prism-http ${PRISM_HTTP_VERSION}, in this process (the engine of prism-cli 5.14.2)`,
  );
  console.log(`  credentials  HTTP Basic, any email address and any non-empty API key, e.g.`);
  console.log(`               curl -u iago@example.com:abcd1234 ${mock.baseUrl}/users`);
  console.log(
    `  examples     Prefer: example=<name> (e.g. example=STREAM_DOES_NOT_EXIST; error examples are served with 400),`,
  );
  console.log(`               Prefer: code=<status>, Prefer: dynamic=true`);
  console.log(
    `  CORS         ${opts.corsOrigins === undefined || opts.corsOrigins === '*' ? 'any origin' : opts.corsOrigins.join(', ')} (--cors-origins)`,
  );
  console.log(`Ctrl-C stops it.`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the mock`);
    void mock.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`mock: ${(error as Error).message}`);
    process.exit(1);
  });
}
