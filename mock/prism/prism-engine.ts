/**
 * Prism's mocking engine (@stoplight/prism-http, the version @stoplight/prism-cli 5.14.2 runs)
 * in this process: the only module that knows Prism's programmatic API and its fp-ts results.
 * The front calls `respond()` with a request it has already routed, authenticated and validated
 * and gets plain data back: Prism's response, or the problem Prism reports.
 *
 * Configured as `prism mock` configures its own server (prism-cli's createServer.ts), except
 * that request validation, response validation and security checks are off: the front does
 * the first two better for this API's wire (and answers 400, not 422), and the response side
 * only ever produced log lines. `Prefer` is merged into the per-request mock config as
 * prism-http-server's getHttpConfigFromRequest does.
 */
import { createRequire } from 'node:module';
import type {
  IHttpConfig,
  IHttpOperationConfig,
  IHttpRequest,
  IHttpResponse,
} from '@stoplight/prism-http';

/** What the mock is asked for (`Prefer: code=..., example=..., dynamic=..., seed=...`), already checked. */
export interface MockPreference {
  code?: number;
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

export interface EngineRequest {
  /** the operation the front routed to; Prism matches only against it */
  operationId: string;
  method: string;
  /** the path as sent on the wire (parameters filled in and percent-encoded), without the base path */
  path: string;
  /** the query string without `?`, may be empty */
  query: string;
  headers: Record<string, string>;
  body?: string;
  preference: MockPreference;
}

export type EngineAnswer =
  | { ok: true; status: number; headers: Record<string, string>; body: unknown }
  /** Prism could not answer: `status` is the problem's (404 no such example or status, 500 ...) */
  | { ok: false; status: number; title: string; detail: string };

export interface PrismEngine {
  respond(request: EngineRequest): Promise<EngineAnswer>;
}

export interface EngineOptions {
  /** the OpenAPI document Prism is fed (generated/openapi.prism.json): a file path, or the document itself */
  document: string | object;
  /** answers generated from the schemas instead of the examples (`prism mock --dynamic`) */
  dynamic?: boolean;
  /** seed of dynamic answers, for reproducible runs */
  seed?: string;
}

// prism-http is CommonJS; `require` keeps its exports exactly as Prism's own server sees them.
const prismHttp = createRequire(import.meta.url)(
  '@stoplight/prism-http',
) as typeof import('@stoplight/prism-http');

/**
 * Prism logs every request at info/debug level through pino; at the CLI's `--verboseLevel error`
 * almost nothing is printed, but building the messages still costs. A logger that drops
 * everything (the engine's problems reach the caller as results instead).
 */
function silentLogger(): never {
  const noop = () => {};
  const logger: Record<string, unknown> = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    success: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    isLevelEnabled: () => false,
  };
  logger.child = () => logger;
  return logger as never;
}

export async function createPrismEngine(options: EngineOptions): Promise<PrismEngine> {
  const operations = await prismHttp.getHttpOperationsFromSpec(options.document);
  if (operations.length === 0)
    throw new Error(
      `${typeof options.document === 'string' ? options.document : 'the document'}: Prism found no operations`,
    );
  // One-element lists: the front has routed already, so Prism's router only confirms the match.
  // Prism keeps the operationId as `iid`.
  const byId = new Map<string, typeof operations>(
    operations.filter((o) => o.iid).map((o) => [o.iid!, [o]]),
  );
  // `prism mock` resets json-schema-faker's global options when it loads a document; so do we.
  prismHttp.resetJSONSchemaGenerator();

  const mockDefaults: IHttpOperationConfig = {
    dynamic: options.dynamic ?? false,
    ignoreExamples: false,
    ...(options.seed ? { seed: options.seed } : {}),
  };
  const config: IHttpConfig = {
    isProxy: false,
    validateRequest: false,
    validateResponse: false,
    checkSecurity: false,
    errors: false,
    upstreamProxy: undefined,
    mock: mockDefaults,
  };
  const prism = prismHttp.createInstance(config, { logger: silentLogger() });

  return {
    async respond(request) {
      const resources = byId.get(request.operationId);
      if (!resources)
        return {
          ok: false,
          status: 500,
          title: 'Unknown operation',
          detail: `Prism's document has no operation ${request.operationId}`,
        };
      const input: IHttpRequest = {
        method: request.method.toLowerCase() as IHttpRequest['method'],
        url: { path: request.path, query: nameValues(request.query) },
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
      };
      const p = request.preference;
      const mock: IHttpOperationConfig = {
        ...mockDefaults,
        ...(p.code !== undefined ? { code: p.code } : {}),
        ...(p.exampleKey !== undefined ? { exampleKey: p.exampleKey } : {}),
        ...(p.dynamic !== undefined ? { dynamic: p.dynamic } : {}),
        ...(p.seed !== undefined ? { seed: p.seed } : {}),
      };
      // A TaskEither is a function returning a promise of { _tag: 'Left' | 'Right' }.
      const result = await prism.request(input, resources, { ...config, mock })();
      if (result._tag === 'Right') {
        const output: IHttpResponse = result.right.output;
        return {
          ok: true,
          status: output.statusCode,
          headers: output.headers ?? {},
          body: output.body,
        };
      }
      const error = result.left as Error & { status?: number; detail?: string };
      return {
        ok: false,
        status: typeof error.status === 'number' ? error.status : 500,
        title: error.message || error.name,
        detail: error.detail ?? '',
      };
    },
  };
}

/** A query string as Prism's server hands it over: one value as a string, repeated ones as a list. */
function nameValues(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (query === '') return out;
  for (const [key, value] of new URLSearchParams(query)) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}
