/**
 * Sending one request and describing it again as curl. Every request is encoded by the wire
 * model (runtime/wire): a valid request from values with the operation's own encoding; a probe
 * (a request changed on purpose at the wire level) from texts, through a copy of the operation
 * whose fields all take plain text, so the wire model writes exactly the probe's bytes. The
 * curl command comes from the same encoder (`curlCommand`), so it sends the same request.
 * Failures are values (no answer, timeout), never throws.
 */
import { basicAuthorization } from '../runtime/client-auth.js';
import type { OperationInfo } from '../runtime/operation-info.js';
import { additionsOf } from './credentials.js';
import { redactRequest } from './redact.js';
import {
  curlCommand,
  encodeRequest,
  shellQuote,
  type RequestInput,
  type WireOperation,
} from '../runtime/wire.js';

export type { Credentials } from './credentials.js';

// the credentials a request is sent with are the credentials module's (credentials.ts)
import type { Auth } from './credentials.js';
export type { Auth };

// what a request is, apart from sending it (planned-request.ts), so the redaction needs no sender
import type { PlannedRequest } from './planned-request.js';

export type { PlannedRequest };

export interface Answer {
  /** undefined when no answer came */
  status?: number;
  contentType?: string;
  text?: string;
  /** the `Location` header, when the answer has one (a create's: where to read what it made) */
  location?: string;
  failure?: string;
  ms: number;
}

export interface Transport {
  /** e.g. `http://127.0.0.1:4010/api/v1` */
  baseUrl: string;
  timeoutMs: number;
  /** sees every request as `METHOD url body` (the same-seed test compares them) */
  onSend?: (line: string) => void;
  /** secret → placeholder: the user's keys, tokens and password never appear in reports */
  secrets?: Record<string, string>;
  /** sees every request with its answer (the run's coverage counts from them) */
  observe?: (request: PlannedRequest, answer: Answer) => void;
}

const URLENCODED = 'application/x-www-form-urlencoded';
/** The operation with every field taking plain text: the wire model then writes texts as given. */
function textOperation(op: OperationInfo): WireOperation {
  return {
    ...op,
    fields: op.fields.map((f) => ({
      ...f,
      encoding: 'plain' as const,
      types: ['string' as const],
    })),
  };
}

function wireInput(request: PlannedRequest): { op: WireOperation; input: RequestInput } {
  const op = request.asText ? textOperation(request.op) : request.op;
  const hasBody = request.op.body !== undefined;
  return {
    op,
    input: {
      path: request.input.path,
      query: hasBody ? request.input.query : { ...request.input.query, ...request.input.body },
      body: hasBody ? request.input.body : undefined,
    },
  };
}

function authorizationHeader(auth: Auth): string | undefined {
  if (auth.kind === 'none') return undefined;
  if (auth.kind === 'header') return auth.value;
  if (auth.kind === 'schemes') return additionsOf(auth.items).headers.Authorization;
  return basicAuthorization(auth.user, auth.password);
}

/** Every header and query pair the request's credentials add. */
function authAdditions(auth: Auth): { headers: Record<string, string>; query: string } {
  if (auth.kind === 'schemes') {
    const parts = additionsOf(auth.items);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(parts.headers)) headers[name.toLowerCase()] = value;
    return { headers, query: parts.query };
  }
  const authorization = authorizationHeader(auth);
  return { headers: authorization !== undefined ? { authorization } : {}, query: '' };
}

/** How a run sends valid requests when it has the generated client (client-call.ts). */
export type SendValid = (request: PlannedRequest, transport: Transport) => Promise<Answer>;

/**
 * A valid request: through the generated client where the run has one, else by the wire model
 * (`send`). A raw Authorization header is a probe's, which no client call can carry.
 */
export function sendValidRequest(
  request: PlannedRequest,
  transport: Transport,
  sendValid: SendValid | undefined,
): Promise<Answer> {
  return sendValid && request.auth.kind !== 'header'
    ? sendValid(request, transport)
    : send(request, transport);
}

/** An answer as the checks read it, from the response and its text (both senders). */
export function answerOf(response: Response, text: string, ms: number): Answer {
  const location = response.headers.get('location');
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
    ...(location === null ? {} : { location }),
    ms,
  };
}

/** Why a fetch gave no answer (both senders): the timeout named as such. */
export function fetchFailure(error: unknown, timeoutMs: number): string {
  const name = (error as Error)?.name;
  return name === 'TimeoutError' || name === 'AbortError'
    ? `no answer within ${timeoutMs} ms`
    : `request failed: ${(error as Error)?.message ?? String(error)}`;
}

export async function send(request: PlannedRequest, transport: Transport): Promise<Answer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: string;
  let init: RequestInit;
  try {
    const { op, input } = wireInput(request);
    const wire = encodeRequest(op, input, { mediaType: URLENCODED });
    const added = authAdditions(request.auth);
    // An API key in the query is one more pair, after the parameters (as the client sends it).
    const query = [wire.query, added.query].filter(Boolean).join('&');
    url = `${transport.baseUrl.replace(/\/+$/, '')}${wire.path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...wire.headers,
      ...added.headers,
    };
    const authorization = headers.authorization;
    if (wire.body) headers['content-type'] = wire.body.contentType;
    init = { method: wire.method, headers, body: wire.body?.text ?? wire.body?.bytes };
    transport.onSend?.(`${wire.method} ${url} ${wire.body?.text ?? ''} ${authorization ?? ''}`);
  } catch (error) {
    return { failure: `the request could not be encoded: ${(error as Error).message}`, ms: 0 };
  }
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(transport.timeoutMs),
    });
    const answer = answerOf(response, await response.text(), elapsed());
    transport.observe?.(request, answer);
    return answer;
  } catch (error) {
    return { failure: fetchFailure(error, transport.timeoutMs), ms: elapsed() };
  }
}

/**
 * The request as a curl command, from the wire model's curl writer. The user's keys, tokens and
 * password are replaced by placeholders (`<API_KEY>`, `<TOKEN>`) where they are sent whole
 * (redact.ts): reports end up in CI artifacts.
 */
export function curlOf(
  request: PlannedRequest,
  transport: Pick<Transport, 'baseUrl' | 'secrets'>,
): string {
  let command: string;
  try {
    const redacted = redactRequest(request, transport.secrets ?? {});
    const { op, input } = wireInput(redacted);
    const auth = redacted.auth;
    command = curlCommand(op, input, {
      baseUrl: transport.baseUrl,
      mediaType: URLENCODED,
      auth:
        auth.kind === 'basic'
          ? [{ send: { type: 'basic' }, value: `${auth.user}:${auth.password}` }]
          : auth.kind === 'schemes'
            ? auth.items.map((i) => ({
                send: i.send,
                value: i.send.type === 'basic' ? `${i.username}:${i.value}` : i.value,
              }))
            : undefined,
    });
    if (auth.kind === 'header')
      command += ` \\\n  -H ${shellQuote(`Authorization: ${auth.value}`)}`;
  } catch (error) {
    return `(no curl command: ${(error as Error).message})`;
  }
  return command;
}
