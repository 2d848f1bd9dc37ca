/**
 * A node:http server for a request listener, hardened the same way for every server we ship
 * (generated listener, stateful mock, Prism front):
 *
 * - headers and whole-request timeouts (a client that sends half its headers or half its body
 *   and stalls is cut off, answered 408 in the contract's error shape while HTTP still allows it);
 * - faults node's HTTP parser finds before any listener runs (431 headers too large, 400 bad
 *   request line or framing, 417 unknown Expect) answered in the contract's error shape
 *   (`refusals`; ours: the `{result, msg, code}` envelope) instead of node's bare status line;
 *   nothing is written once an answer has begun on that connection;
 * - `Expect: 100-continue` left to the listener, which refuses an oversized declared length
 *   (413) before the client is told to send the body.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RefusalShape } from './operation-info.js';
import { ENVELOPE_REFUSALS, LISTENER_ERROR_CODES as C, refusalBody } from './pipeline-answers.js';
import { CONTINUE_PENDING, sendJson, WRITES_CONTINUE } from './server-http.js';

export interface ServerTimeouts {
  /**
   * The whole request (headers and body) must arrive within this; default 30 s. The listener's
   * own body timeout (`bodyTimeoutMs`) should not be longer.
   */
  requestTimeoutMs?: number;
  /** the headers must arrive within this; default min(10 s, requestTimeoutMs) */
  headersTimeoutMs?: number;
  /** an idle keep-alive connection is closed after this; default 5 s (node's default) */
  keepAliveTimeoutMs?: number;
  /** largest request head (request line and headers) in bytes; default node's 16 KiB */
  maxHeaderBytes?: number;
  /**
   * How the parser's refusals are written: the contract's error shape (generated/operations.ts
   * `refusals`; the generated server.ts's `createHttpServer` passes it). Default: our envelope.
   */
  refusals?: RefusalShape;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Faults node's parser reports, by error code, as status and message. */
const PARSER_FAULTS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, C.headersTooLarge, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, C.requestTimeout, 'The request did not arrive in time.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, C.tooLarge, 'Chunk extensions are too large.'],
};
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
};

export function createHttpServer(listener: Listener, timeouts: ServerTimeouts = {}): Server {
  const requestTimeout = timeouts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(timeouts.headersTimeoutMs ?? 10_000, requestTimeout);
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      // node checks the two timeouts on this interval (default 30 s): a second-scale timeout
      // needs a check at least as often, or a stalled client waits for the next sweep.
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(headersTimeout / 2))),
      ...(timeouts.maxHeaderBytes ? { maxHeaderSize: timeouts.maxHeaderBytes } : {}),
    },
    (req, res) => void listener(req, res),
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs ?? 5_000;
  const shape = timeouts.refusals ?? ENVELOPE_REFUSALS;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, shape),
  );
  // Expect: 100-continue: node would send `100 Continue` before any listener runs, and the
  // client would start an upload the listener then refuses (413) mid-stream. Our listeners
  // send the 100 themselves once the declared length is within their limit (readBody).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (WRITES_CONTINUE in listener) Object.assign(req, { [CONTINUE_PENDING]: true });
    else res.writeContinue();
    void listener(req, res);
  });
  // Any Expect other than 100-continue: node would write a bare 417.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    sendJson(
      res,
      417,
      refusalBody(
        shape,
        417,
        C.expectationFailed,
        `Expect: ${req.headers.expect} is not supported.`,
      ),
      { connection: 'close' },
    );
  });
  return server;
}

/**
 * node's `clientError`: the request could not be parsed (or timed out) before a listener saw
 * it. Answered in the contract's error shape when the connection can still carry an answer and none has
 * begun on it (as node's own handler checks); otherwise the socket is just closed.
 */
function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  shape: RefusalShape,
): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, code, msg] = PARSER_FAULTS[error.code ?? ''] ?? [
    400,
    C.badRequest,
    'Malformed HTTP request.',
  ];
  const body = JSON.stringify(refusalBody(shape, status, code, msg));
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
      'content-type: application/json\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
}
