/**
 * The request listener behind generated/server.ts: the one request pipeline
 * (runtime/pipeline.ts: route, authenticate, read, decode, validate, dispatch, check the answer,
 * envelope) with the operation's handler as its dispatch step, served over node:http. It knows
 * nothing of the contract beyond the operation table (generated/operations.ts) and the
 * validators (generated/validators.js) it is handed; decoding is the shared wire model's.
 *
 * Usable as a plain `node:http` listener and as connect/express middleware
 * (`(req, res, next)`: requests outside the base path go to `next`). Mount it before any body
 * parser: it reads the raw body itself. `createHttpServer` (server-node.ts) gives it a server
 * with timeouts and enveloped parser errors; `createFetchHandler` serves the same pipeline to
 * web `Request`s.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { levelView, refusalMessage, type LevelTable, type LevelView } from './feature-levels.js';
import type { OperationInfo } from './operation-info.js';
import type { DecodedRequest } from './wire.js';
import type { ValidationIssue } from './pipeline-answers.js';
import {
  createPipeline,
  type Authenticate as PipelineAuthenticate,
  type CorsOptions,
  type Logger,
  type PipelineLimits,
  type Pipeline,
  type Validators,
} from './pipeline.js';
import { fetchHandler } from './server-fetch.js';
import {
  flatten,
  handlerDispatch,
  type Handler as AnyHandler,
  type HandlerContext as AnyHandlerContext,
} from './server-handlers.js';
import { NodeIncoming, writeAnswer } from './server-http.js';

export type { Credentials } from './pipeline-auth.js';
export type { CorsOptions, Logger, Validators, ValidationIssue } from './pipeline.js';
export { LISTENER_ERROR_CODES } from './pipeline-answers.js';
export { ok, error, notImplemented } from './server-results.js';
export type { HandlerResult, HttpErrorStatus, HttpClientErrorStatus } from './server-results.js';
export { createHttpServer, type ServerTimeouts } from './server-node.js';

export type ValidationResult = { valid: true } | { valid: false; errors: ValidationIssue[] };

/**
 * The transport's request a handler or hook may look at: node's IncomingMessage under
 * `createRequestListener`, a web `Request` under `createFetchHandler` (the same handlers serve both).
 */
export type TransportRequest = IncomingMessage | Request;

/** What a handler is told besides its parameters. */
export type HandlerContext<User> = AnyHandlerContext<User, TransportRequest>;

export type Handler<User = unknown> = AnyHandler<User, TransportRequest>;

/**
 * Resolves Basic credentials to a user. `null`/`undefined` means "not valid": the listener
 * answers 401 (also for operations whose auth is optional, since bad credentials are an error).
 */
export type Authenticate<User> = PipelineAuthenticate<User, TransportRequest>;

export interface ListenerOptions<User> extends PipelineLimits {
  handlers: Record<string, Handler<User> | undefined>;
  operations: Record<string, OperationInfo>;
  validators: Validators;
  authenticate: Authenticate<User>;
  /** prefix of every route (the operation table's `basePath`, e.g. `/api/v1`) */
  basePath?: string;
  /** validate every handler response; default on unless NODE_ENV is `production` */
  validateResponses?: boolean;
  /** CORS: allowed origins and preflights (runtime/pipeline-cors.ts); default off */
  cors?: CorsOptions | boolean;
  logger?: Logger;
  /**
   * The contract's level table (generated/operations.ts `levels`). With it the listener serves as
   * a server of `featureLevel` (default: the newest level the table records): operations newer
   * than that level are unknown paths, parameters that do not exist at it (newer, or removed at
   * or before it) are unknown parameters (ignored and reported), enum values that do not exist
   * at it are refused, and answers leave out the fields that do not exist at it
   * (runtime/feature-levels.ts).
   */
  levels?: LevelTable;
  featureLevel?: number;
}

export type RequestListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
) => Promise<void>;

/** The pipeline of a real server: handlers dispatch, answers validated outside production. */
export function createHandlerPipeline<User, Raw>(
  options: Omit<ListenerOptions<User>, 'handlers' | 'authenticate'> & {
    handlers: Record<string, AnyHandler<User, Raw> | undefined>;
    authenticate: PipelineAuthenticate<User, Raw>;
  },
): Pipeline<Raw> {
  const logger = options.logger ?? { error: (m: string) => console.error(m) };
  const validateResponses =
    options.validateResponses ?? globalThis.process?.env?.NODE_ENV !== 'production';
  // Responses are validated as the handler gave them (the newest shape), then cut to the level.
  const level = options.levels ? levelView(options.levels, options.featureLevel) : undefined;
  return createPipeline<User, Raw>({
    ...options,
    operations: level ? level.operationsAt(options.operations) : options.operations,
    ...(level ? levelSteps(level) : {}),
    logger,
    validateRequest: options.validators.validateRequest,
    validateResponse: validateResponses ? options.validators.validateResponse : undefined,
    dispatch: handlerDispatch(options.handlers, logger),
  });
}

/** The pipeline's two level steps: refuse enum values the level lacks, cut answers to it. */
function levelSteps(level: LevelView) {
  return {
    checkRequest: (op: OperationInfo, value: DecodedRequest) => {
      const refused = level.refusedValues(op.operationId, flatten(op, value));
      return refused.length > 0 ? refusalMessage(refused, level.level) : undefined;
    },
    shapeAnswer: (operationId: string, status: number, body: unknown) =>
      level.answerAt(operationId, status, body),
  };
}

export function createRequestListener<User>(options: ListenerOptions<User>): RequestListener {
  const pipeline = createHandlerPipeline<User, IncomingMessage>(options);
  return async function listener(req, res, next) {
    const answer = await pipeline.handle(new NodeIncoming(req), next !== undefined);
    if (answer === 'outside') return next!();
    if (answer !== null) writeAnswer(req, res, answer);
  };
}

/** The same server for web `Request`s: `(request) => Promise<Response>`. */
export function createFetchHandler<User>(
  options: ListenerOptions<User>,
): (request: Request) => Promise<Response> {
  return fetchHandler(createHandlerPipeline<User, Request>(options));
}
