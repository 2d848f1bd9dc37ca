/**
 * The dispatch step of a real server: calls the operation's handler with its decoded parameters
 * flattened by name and the authenticated user, and turns what it returns into an answer.
 * Transport-free, like the pipeline it plugs into (runtime/pipeline.ts).
 */
import { levelView, refusalMessage, type LevelTable, type LevelView } from './feature-levels.js';
import {
  createAnswers,
  LISTENER_ERROR_CODES as C,
  type Answer,
  type Answers,
} from './pipeline-answers.js';
import {
  createPipeline,
  type Authenticate,
  type CorsOptions,
  type Dispatch,
  type Logger,
  type Pipeline,
  type PipelineLimits,
  type Validators,
} from './pipeline.js';
import type { HandlerResult } from './server-results.js';
import { answerMediaType } from './media-type.js';
import type { AuthScheme, OperationInfo, RefusalShape } from './operation-info.js';
import type { DecodedRequest } from './wire.js';

export interface HandlerContext<User, Raw = unknown> {
  /** the authenticated user (`null` where the operation's auth is `none`, or `optional` and none was sent) */
  user: User;
  operationId: string;
  /** names of parameters the operation does not have; added to a success body automatically */
  ignoredParameters: string[];
  /** the transport's request: node's IncomingMessage under the listener, a `Request` under fetch */
  request: Raw;
  /** a request header by name (repeated ones joined by `, `), whatever the transport */
  header(name: string): string | undefined;
}

export type Handler<User = unknown, Raw = unknown> = (
  params: Record<string, unknown>,
  context: HandlerContext<User | null, Raw>,
) => HandlerResult | Promise<HandlerResult>;

export function handlerDispatch<User, Raw>(
  handlers: Record<string, Handler<User, Raw> | undefined>,
  logger: Logger,
  answers: Answers = createAnswers(),
): Dispatch<User, Raw> {
  // Not async: most handlers answer synchronously, and a promise per request costs a turn.
  return function dispatch(call): Answer | Promise<Answer> {
    const op = call.operation;
    const handler = handlers[op.operationId];
    if (!handler) return answers.notImplemented(op.operationId);
    const context: HandlerContext<User | null, Raw> = {
      user: call.user,
      operationId: op.operationId,
      ignoredParameters: call.ignored,
      request: call.incoming.raw,
      header: (name) => call.incoming.header(name.toLowerCase()),
    };
    const threw = (error: unknown): Answer => {
      logger.error(`handler ${op.operationId} threw: ${(error as Error)?.stack ?? String(error)}`);
      return answers.internal();
    };
    let result: HandlerResult | Promise<HandlerResult>;
    try {
      result = handler(flatten(op, call.value), context);
    } catch (error) {
      return threw(error);
    }
    if (isPromise(result)) return result.then((r) => toAnswer(op, r, logger, answers), threw);
    return toAnswer(op, result, logger, answers);
  };
}

function toAnswer(
  op: OperationInfo,
  result: HandlerResult,
  logger: Logger,
  answers: Answers,
): Answer {
  if (!result || typeof result !== 'object' || typeof result.status !== 'number') {
    logger.error(`handler ${op.operationId} returned no {status, body} result`);
    return answers.fail(
      500,
      C.internal,
      `The server's handler for ${op.operationId} returned no response.`,
    );
  }
  const answer: Answer = result.headers
    ? { status: result.status, headers: result.headers, body: result.body }
    : { status: result.status, body: result.body };
  // Sent with the media type the contract documents (application/problem+json, ...).
  const contentType = answerMediaType(op, result.status);
  if (contentType !== 'application/json') answer.contentType = contentType;
  return answer;
}

/** Path, query and body parameters side by side; the body's fields for a form body, `body` otherwise. */
export function flatten(op: OperationInfo, value: DecodedRequest): Record<string, unknown> {
  if (op.body === undefined) return { ...value.path, ...value.query };
  if (op.body.kind !== 'form') return { ...value.path, ...value.query, body: value.body };
  return { ...value.path, ...value.query, ...(value.body as Record<string, unknown> | undefined) };
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** What a server built on handlers is given; `Raw` is the transport's request type. */
export interface HandlerServerOptions<User, Raw = unknown> extends PipelineLimits {
  handlers: Record<string, Handler<User, Raw> | undefined>;
  operations: Record<string, OperationInfo>;
  validators: Validators;
  authenticate: Authenticate<User, Raw>;
  /** how each security scheme travels (generated/operations.ts `authSchemes`); default: Basic */
  authSchemes?: { readonly [name: string]: AuthScheme };
  /** how the servers' own refusals are written (generated/operations.ts `refusals`); default: our envelope */
  refusals?: RefusalShape;
  /** prefix of every route (the operation table's `basePath`, e.g. `/api/v1`) */
  basePath?: string;
  /** validate every handler response; default on unless NODE_ENV is `production` */
  validateResponses?: boolean;
  /** CORS: allowed origins and preflights (runtime/pipeline-cors.ts); default off */
  cors?: CorsOptions | boolean;
  logger?: Logger;
  /**
   * The contract's level table (generated/operations.ts `levels`). With it the server serves as
   * a server of `featureLevel` (default: the newest level the table records): operations newer
   * than that level are unknown paths, parameters that do not exist at it (newer, or removed at
   * or before it) are unknown parameters (ignored and reported), enum values that do not exist
   * at it are refused, and answers leave out the fields that do not exist at it
   * (runtime/feature-levels.ts).
   */
  levels?: LevelTable;
  featureLevel?: number;
}

/** The pipeline of a real server: handlers dispatch, answers validated outside production. */
export function createHandlerPipeline<User, Raw>(
  options: HandlerServerOptions<User, Raw>,
): Pipeline<Raw> {
  const logger = options.logger ?? { error: (m: string) => console.error(m) };
  // `process` may not exist (browsers, service workers): validate there, as in development.
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  const validateResponses = options.validateResponses ?? env?.NODE_ENV !== 'production';
  // Responses are validated as the handler gave them (the newest shape), then cut to the level.
  const level = options.levels ? levelView(options.levels, options.featureLevel) : undefined;
  return createPipeline<User, Raw>({
    ...options,
    operations: level ? level.operationsAt(options.operations) : options.operations,
    ...(level ? levelSteps(level) : {}),
    logger,
    validateRequest: options.validators.validateRequest,
    validateResponse: validateResponses ? options.validators.validateResponse : undefined,
    dispatch: handlerDispatch(options.handlers, logger, createAnswers(options.refusals)),
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
