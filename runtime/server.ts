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
import type { ValidationIssue } from './pipeline-answers.js';
import type { Authenticate as PipelineAuthenticate } from './pipeline.js';
import {
  createHandlerPipeline,
  type Handler as AnyHandler,
  type HandlerContext as AnyHandlerContext,
  type HandlerServerOptions,
} from './server-handlers.js';
import { markWritesContinue, NodeIncoming, writeAnswer } from './server-http.js';

export type {
  BasicCredentials,
  Credentials,
  KeyCredentials,
  OtherCredentials,
  SchemeCredentials,
  TokenCredentials,
} from './pipeline-auth.js';
export type { CorsOptions, Logger, Validators, ValidationIssue } from './pipeline.js';
export { LISTENER_ERROR_CODES } from './pipeline-answers.js';
export { ok, error, notImplemented, shapedError } from './server-results.js';
export type { HandlerResult, HttpErrorStatus, HttpClientErrorStatus } from './server-results.js';
export { createHttpServer, type ServerTimeouts } from './server-node.js';
export { createFetchHandler } from './server-fetch.js';
export type { HandlerServerOptions } from './server-handlers.js';

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
 * Resolves the request's credentials (HTTP Basic, a Bearer token, an API key: as the contract's
 * security schemes say) to a user. `null`/`undefined` means "not valid": the listener answers
 * 401 (also for operations whose auth is optional, since bad credentials are an error).
 */
export type Authenticate<User> = PipelineAuthenticate<User, TransportRequest>;

export type ListenerOptions<User> = HandlerServerOptions<User, TransportRequest>;

export type RequestListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
) => Promise<void>;

export function createRequestListener<User>(options: ListenerOptions<User>): RequestListener {
  const pipeline = createHandlerPipeline<User, IncomingMessage>(options);
  return markWritesContinue(async function listener(req, res, next) {
    const answer = await pipeline.handle(new NodeIncoming(req, res), next !== undefined);
    if (answer === 'outside') return next!();
    if (answer !== null) writeAnswer(req, res, answer);
  });
}
