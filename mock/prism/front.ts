/**
 * The Prism mock's front: the servers' one request pipeline (runtime/pipeline.ts) with Prism's
 * engine as its dispatch step. Prism does the mocking; the pipeline does what Prism gets wrong
 * on this API's wire (see generator/emit/prism.ts for the document Prism is fed), exactly as
 * the generated listener does it:
 *
 * - routes `/api/v1/...` (Prism ignores the servers' base path);
 * - enforces the operation's security as the contract's schemes say (HTTP Basic, a Bearer
 *   token, an API key in a header, the query or a cookie), except where its auth is `none` (or
 *   `optional` and no credentials were sent). The mock accepts any credentials: it only checks
 *   that they are there and well-formed (Basic: a username and a non-empty password);
 * - decodes urlencoded and multipart bodies, JSON-encoded fields and `content:` query parameters
 *   with the shared wire model, accepting PATCH and DELETE parameters in the query string as
 *   well as in a body, and validates the result with the generated validators;
 * - answers an invalid request with 400 in the contract's error shape (`refusals`; ours:
 *   `{"result":"error","msg":...,"code":"BAD_REQUEST"}`), or with the status the operation
 *   documents instead when it documents no 400 (422, 409, 404 or 413);
 * - answers CORS preflights (any origin by default).
 *
 * The dispatch step re-encodes a valid request canonically (one urlencoded body) with the same
 * wire model, completes `Prefer: example=<name>` with the status of that example and asks
 * Prism's engine, running in this process (prism-engine.ts), for the answer; a problem Prism
 * reports (404 of an unknown status...) becomes the API's error envelope. Nothing bad input
 * does gives a 500.
 *
 * Prism used to run as a child process behind a second HTTP exchange; that hop cost the front
 * about a quarter of Prism's throughput (bench/results/mock.md), hence the in-process engine.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AuthScheme, OperationInfo, RefusalShape } from '../../runtime/operation-info.js';
import {
  createAnswers,
  invalidRequestStatus,
  LISTENER_ERROR_CODES as C,
  type Answer,
  type Answers,
} from '../../runtime/pipeline-answers.js';
import {
  createPipeline,
  type CorsOptions,
  type Dispatch,
  type PipelineLimits,
  type Validators,
} from '../../runtime/pipeline.js';
import { markWritesContinue, NodeIncoming, writeAnswer } from '../../runtime/server-http.js';
import { createHttpServer, type ServerTimeouts } from '../../runtime/server-node.js';
import { isJsonMediaType } from '../../runtime/media-type.js';
import { createFieldIndexes, encodeRequest, type DecodedRequest } from '../../runtime/wire.js';
import { resolvePrefer } from './prefer.js';
import type { EngineAnswer, PrismEngine } from './prism-engine.js';

export interface FrontOptions extends PipelineLimits {
  /** Prism's mocking engine (prism-engine.ts) */
  engine: PrismEngine;
  operations: Record<string, OperationInfo>;
  /** how each security scheme travels (generated/operations.ts `authSchemes`); default: Basic */
  authSchemes?: Record<string, AuthScheme>;
  /** how refusals are written (generated/operations.ts `refusals`); default: our envelope */
  refusals?: RefusalShape;
  /** prefix of every route, the operation table's `basePath` (`/api/v1`) */
  basePath: string;
  /** operationId → example name → status (`x-mock-examples` of the Prism document) */
  exampleStatuses: Record<string, Record<string, number>>;
  /** request validation of the generated validators; absent: the wire model's decoding only */
  validateRequest?: Validators['validateRequest'];
  /** CORS; default any origin (browsers call the mock from front-end dev servers and from disk) */
  cors?: CorsOptions | boolean;
  /**
   * Feature-level hooks (mock/prism/levels.ts): a check of a decoded, valid request (a message
   * refuses it with 400 BAD_REQUEST) and the last step of an answer before it is sent.
   */
  checkRequest?: (operationId: string, request: DecodedRequest) => string | undefined;
  shapeAnswer?: (operationId: string, status: number, body: unknown) => unknown;
}

/** The mock's user: whoever sent well-formed credentials; `name` is the Basic username, if any. */
interface AnyUser {
  name: string;
}

/** The front's request listener: the shared pipeline with Prism's engine as its dispatch step. */
function createFrontListener(
  options: FrontOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const pipeline = createPipeline<AnyUser, IncomingMessage>({
    ...options,
    cors: options.cors ?? true,
    // The mock accepts any credentials: it only checks that they are there.
    authenticate: (credentials) =>
      credentials.type !== 'basic'
        ? { name: credentials.scheme }
        : credentials.username !== '' && credentials.password !== ''
          ? { name: credentials.username }
          : null,
    validateRequest: options.validateRequest,
    dispatch: prismDispatch(options),
    checkRequest: options.checkRequest
      ? (op, value) => options.checkRequest!(op.operationId, value)
      : undefined,
    shapeAnswer: options.shapeAnswer,
    logger: { error: (m) => console.error(`mock front: ${m}`) },
  });
  return markWritesContinue(async function listener(req, res) {
    const answer = await pipeline.handle(new NodeIncoming(req, res));
    if (answer !== null && answer !== 'outside') writeAnswer(req, res, answer);
  });
}

/** A server running the front listener, with the timeouts every server of ours has. */
export function createMockFront(options: FrontOptions & ServerTimeouts): Server {
  return createHttpServer(createFrontListener(options), options);
}

/**
 * The dispatch step: re-encodes the valid request canonically (one urlencoded body) with the
 * wire model, completes `Prefer: example=<name>` with the status of that example and asks
 * Prism's engine for the answer.
 */
function prismDispatch(options: FrontOptions): Dispatch<AnyUser, IncomingMessage> {
  const fieldIndexes = createFieldIndexes();
  const answers = createAnswers(options.refusals);
  return async ({ operation: op, value, incoming }) => {
    const prefer = resolvePrefer(
      incoming.header('prefer'),
      options.exampleStatuses[op.operationId] ?? {},
    );
    if (!prefer.ok) return answers.badPreference(prefer.message, invalidRequestStatus(op));
    const wire = encodeRequest(
      op,
      { path: value.path, query: value.query, body: value.body },
      { mediaType: 'application/x-www-form-urlencoded', fieldIndexes },
    );
    const answer = await options.engine.respond({
      operationId: op.operationId,
      method: wire.method,
      path: wire.path,
      query: wire.query,
      headers: {
        ...wire.headers,
        accept: 'application/json',
        ...(wire.body ? { 'content-type': wire.body.contentType } : {}),
      },
      body: wire.body?.text,
      preference: prefer.preference,
    });
    return relay(answer, answers, invalidRequestStatus(op));
  };
}

/**
 * Prism's answer as the pipeline's. A problem Prism reports is about the request (404 no such
 * example or status, 406 ...), never the API: it becomes a refusal, BAD_REQUEST for anything
 * below 500, with the status the operation documents for an invalid request. Bodies are serialised as prism-http-server does: JSON for JSON media
 * types, strings as they are. (`ignored_parameters_unsupported` is the pipeline's step.)
 */
function relay(answer: EngineAnswer, answers: Answers, invalidStatus: number): Answer {
  if (!answer.ok) {
    const what =
      [answer.title, answer.detail].filter(Boolean).join(': ') || `Prism answered ${answer.status}`;
    if (answer.status < 500)
      return answers.fail(invalidStatus, C.badRequest, `Invalid request (mock): ${what}`);
    return answers.fail(500, C.internal, `The mock failed: ${what}`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) headers[name.toLowerCase()] = value;
  const body = answer.body;
  const contentType =
    headers['content-type'] ?? (body === undefined ? undefined : 'application/json');
  if (contentType) headers['content-type'] = contentType;
  if (typeof body === 'string' && !isJsonMediaType(contentType ?? ''))
    return { status: answer.status, headers, text: body };
  if (body === undefined) return { status: answer.status, headers, text: '' };
  return { status: answer.status, headers, body };
}
