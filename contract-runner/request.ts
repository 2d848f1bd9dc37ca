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
import {
  curlCommand,
  encodeRequest,
  shellQuote,
  type RequestInput,
  type WireOperation,
} from '../runtime/wire.js';

export interface Credentials {
  email: string;
  apiKey: string;
}

export type Auth =
  | { kind: 'none' }
  | { kind: 'basic'; email: string; apiKey: string }
  /** an Authorization header sent as is (malformed on purpose) */
  | { kind: 'header'; value: string };

export interface PlannedRequest {
  op: OperationInfo;
  /** path, query and form-body values (texts when `asText`) */
  input: {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    body: Record<string, unknown>;
  };
  /** the values are wire texts, sent as they are */
  asText?: boolean;
  auth: Auth;
}

export interface Answer {
  /** undefined when no answer came */
  status?: number;
  contentType?: string;
  text?: string;
  failure?: string;
  ms: number;
}

export interface Transport {
  /** e.g. `http://127.0.0.1:4010/api/v1` */
  baseUrl: string;
  timeoutMs: number;
  /** sees every request as `METHOD url body` (the same-seed test compares them) */
  onSend?: (line: string) => void;
  /** secret → placeholder: the user's API key and password never appear in reports */
  secrets?: Record<string, string>;
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

export function authorizationHeader(auth: Auth): string | undefined {
  if (auth.kind === 'none') return undefined;
  if (auth.kind === 'header') return auth.value;
  return basicAuthorization(auth.email, auth.apiKey);
}

export async function send(request: PlannedRequest, transport: Transport): Promise<Answer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: string;
  let init: RequestInit;
  try {
    const { op, input } = wireInput(request);
    const wire = encodeRequest(op, input, { mediaType: URLENCODED });
    url = `${transport.baseUrl.replace(/\/+$/, '')}${wire.path}${wire.query ? `?${wire.query}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json', ...wire.headers };
    const authorization = authorizationHeader(request.auth);
    if (authorization !== undefined) headers.authorization = authorization;
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
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
      ms: elapsed(),
    };
  } catch (error) {
    const name = (error as Error)?.name;
    return {
      failure:
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${transport.timeoutMs} ms`
          : `request failed: ${(error as Error)?.message ?? String(error)}`,
      ms: elapsed(),
    };
  }
}

/**
 * The request as a curl command, from the wire model's curl writer. The user's API key and
 * password are replaced by placeholders (`<API_KEY>`): reports end up in CI artifacts.
 */
export function curlOf(
  request: PlannedRequest,
  transport: Pick<Transport, 'baseUrl' | 'secrets'>,
): string {
  let command: string;
  try {
    const { op, input } = wireInput(request);
    const auth = request.auth;
    command = curlCommand(op, input, {
      baseUrl: transport.baseUrl,
      mediaType: URLENCODED,
      auth: auth.kind === 'basic' ? { email: auth.email, apiKey: auth.apiKey } : undefined,
    });
    if (auth.kind === 'header')
      command += ` \\\n  -H ${shellQuote(`Authorization: ${auth.value}`)}`;
  } catch (error) {
    return `(no curl command: ${(error as Error).message})`;
  }
  for (const [secret, placeholder] of Object.entries(transport.secrets ?? {}))
    if (secret) command = command.split(secret).join(placeholder);
  return command;
}
