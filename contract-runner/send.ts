/**
 * Getting requests to the server under test. Valid requests go through the generated client
 * when the caller provides one (`callOperation`), else through the wire model's encoder + fetch;
 * probes are wire-level changes of a valid request (see cases.ts) and are sent as they are.
 * Every call has a timeout and any failure is a value, never a throw.
 */
import type { OperationInfo } from '../runtime/operation-info.js';
import { encodeRequest } from '../runtime/wire.js';
import type { RequestInput, WireRequest } from './cases.js';

export interface Credentials {
  email: string;
  apiKey: string;
}

export interface HttpResult {
  /** what was sent, for the report */
  request: { method: string; url: string };
  /** undefined when no answer came (network error, timeout) */
  status?: number;
  contentType?: string;
  text?: string;
  failure?: string;
}

export interface SendContext {
  /** e.g. `http://127.0.0.1:4010/api/v1` */
  baseUrl: string;
  credentials?: Credentials;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The canonical wire form of a valid request (urlencoded body where the operation has one). */
export function wireRequest(op: OperationInfo, input: RequestInput): WireRequest {
  const wire = encodeRequest(
    op,
    { path: input.path, query: input.query, body: op.body ? input.body : undefined },
    { mediaType: 'application/x-www-form-urlencoded' },
  );
  const query =
    typeof wire.query === 'string'
      ? new URLSearchParams(wire.query)
      : new URLSearchParams(wire.query as Record<string, string>);
  const form = wire.body
    ? new URLSearchParams(
        wire.body.text ?? Buffer.from(wire.body.bytes ?? new Uint8Array()).toString('utf8'),
      )
    : undefined;
  return { method: wire.method, path: wire.path, query, form, auth: 'valid' };
}

export function authorization(
  auth: WireRequest['auth'],
  credentials: Credentials | undefined,
): string | undefined {
  if (auth === 'none' || !credentials) return undefined;
  const apiKey = auth === 'wrong' ? '' : credentials.apiKey;
  return `Basic ${Buffer.from(`${credentials.email}:${apiKey}`, 'utf8').toString('base64')}`;
}

export async function sendWire(request: WireRequest, ctx: SendContext): Promise<HttpResult> {
  const query = request.query.toString();
  const url = `${ctx.baseUrl.replace(/\/+$/, '')}${request.path}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  const auth = authorization(
    request.auth,
    ctx.credentials ??
      (request.auth === 'wrong' ? { email: 'nobody@example.invalid', apiKey: '' } : undefined),
  );
  if (auth) headers.authorization = auth;
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = request.form.toString();
  }
  return timedFetch(ctx, url, { method: request.method, headers, body });
}

/** A fetch that records status and text; used directly and handed to the generated client. */
export async function timedFetch(
  ctx: SendContext,
  url: string,
  init: RequestInit,
): Promise<HttpResult> {
  const request = { method: String(init.method ?? 'GET'), url };
  try {
    const response = await (ctx.fetch ?? fetch)(url, {
      ...init,
      signal: AbortSignal.timeout(ctx.timeoutMs),
    });
    const text = await response.text();
    return {
      request,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text,
    };
  } catch (error) {
    const name = (error as Error)?.name;
    return {
      request,
      failure:
        name === 'TimeoutError'
          ? `no answer within ${ctx.timeoutMs} ms`
          : `request failed: ${(error as Error)?.message ?? String(error)}`,
    };
  }
}
