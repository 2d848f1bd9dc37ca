/**
 * `tms-gen mock`: a mock server of any OpenAPI 3.0/3.1 document. The servers' one request
 * pipeline (the front, prism/front.ts: routing, auth, CORS, the wire model's decoding,
 * validation, `Prefer`, feature levels, the contract's refusal shape) in front of an engine that
 * makes the answers: Prism's (prism/prism-engine.ts), or the contract's examples and made-up
 * data (fake-engine.ts) where Prism cannot start in reasonable time. Everything comes from the
 * model in memory (contract-tables.ts); request validation beyond the wire model's decoding
 * uses generated validators when the caller has them (`validators`).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { levelView } from '../runtime/feature-levels.js';
import type { Validators } from '../runtime/pipeline.js';
import type { ContractTables } from './contract-tables.js';
import { createFakeEngine } from './fake-engine.js';
import { withFaults, type Faults } from './faults.js';
import { createMockFront } from './prism/front.js';
import { levelHooks } from './prism/levels.js';
import type { PrismEngine } from './prism/prism-engine.js';

export type EngineName = 'prism' | 'fake';
export type EngineChoice = EngineName | 'auto';

/**
 * `auto` picks Prism up to this many operations. Prism's own loading of a document grows with
 * it, while the fake engine serves the same document at once (bench/results/mock-start.md).
 */
export const AUTO_PRISM_MAX_OPERATIONS = 300;

export interface ServeOptions {
  tables: ContractTables;
  engine?: EngineChoice;
  /** answers made up from the schemas even where examples exist */
  dynamic?: boolean;
  /** request validation of generated validators; absent: the wire model's decoding only */
  validators?: Pick<Validators, 'validateRequest'>;
  featureLevel?: number;
  port?: number;
  host?: string;
  corsOrigins?: '*' | string[];
  requestTimeoutMs?: number;
  faults?: Faults;
  /** seed of made-up answers (fake engine) */
  seed?: string;
}

export interface RunningMock {
  /** e.g. `http://127.0.0.1:4010/api/v1` */
  baseUrl: string;
  port: number;
  engine: EngineName;
  featureLevel: number;
  stop(): Promise<void>;
}

export function chooseEngine(choice: EngineChoice, tables: ContractTables): EngineName {
  if (choice !== 'auto') return choice;
  return Object.keys(tables.operations).length <= AUTO_PRISM_MAX_OPERATIONS ? 'prism' : 'fake';
}

export async function serveMock(options: ServeOptions): Promise<RunningMock> {
  const { tables } = options;
  const featureLevel = options.featureLevel ?? tables.levels.newest;
  if (!Number.isInteger(featureLevel) || featureLevel < 0 || featureLevel > tables.levels.newest)
    throw new RangeError(
      `--feature-level must be an integer from 0 to ${tables.levels.newest} (the contract's newest), not ${String(featureLevel)}`,
    );
  const level = levelView(tables.levels, featureLevel);
  const name = chooseEngine(options.engine ?? 'auto', tables);
  const inner: PrismEngine =
    name === 'prism'
      ? await loadPrismEngine(tables, options.dynamic)
      : createFakeEngine(tables, { dynamic: options.dynamic, seed: options.seed });
  const engine = options.faults ? withFaults(inner, tables.operations, options.faults) : inner;
  const server = createMockFront({
    engine,
    operations: level.operationsAt(tables.operations),
    basePath: tables.basePath,
    authSchemes: tables.authSchemes,
    refusals: tables.refusals,
    exampleStatuses: tables.exampleStatuses,
    validateRequest: options.validators?.validateRequest,
    ...levelHooks(level, tables.operations),
    cors: { origins: options.corsOrigins ?? '*' },
    requestTimeoutMs: options.requestTimeoutMs,
    bodyTimeoutMs: options.requestTimeoutMs,
  });
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? 0, host);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let stopping: Promise<void> | undefined;
  return {
    baseUrl: `http://${shownHost}:${port}${tables.basePath}`,
    port,
    engine: name,
    featureLevel,
    stop: () =>
      (stopping ??= new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      })),
  };
}

/** The version of Prism's engine the mock is written against (prism-cli 5.14.2 runs it). */
export const PRISM_HTTP = '@stoplight/prism-http@5.12.0';

/**
 * Prism's engine is an optional peer of the toolkit (most of an install that generate, lint,
 * test and proxy never load: bench/results/install-footprint.md), so it is loaded only here.
 * Without it, `EngineMissing` says what to install.
 */
export async function importPrismEngine(): Promise<typeof import('./prism/prism-engine.js')> {
  try {
    return await import('./prism/prism-engine.js');
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e?.code === 'MODULE_NOT_FOUND' && e.message.includes("'@stoplight/prism-http'"))
      throw new EngineMissing(
        `Prism's engine is not installed (npm install --save-dev ${PRISM_HTTP}), or use --engine fake`,
      );
    throw error;
  }
}

async function loadPrismEngine(tables: ContractTables, dynamic?: boolean): Promise<PrismEngine> {
  const engine = await importPrismEngine();
  return engine.createPrismEngine({ document: tables.prismDocument(), dynamic });
}

/** The engine asked for is not installed in the app. */
export class EngineMissing extends Error {}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok((server.address() as AddressInfo).port));
  });
}
