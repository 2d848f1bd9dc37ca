/**
 * The web face of the request pipeline (runtime/pipeline.ts): a web `Request` in, a `Response`
 * out, as fetch-style servers (Hono, Deno, Bun, workers), MSW handlers and service workers
 * speak. No node: import: this file runs in browsers.
 */
import type { Answer } from './pipeline-answers.js';
import type { BodyRead, Incoming, Pipeline } from './pipeline.js';
import { createHandlerPipeline, type HandlerServerOptions } from './server-handlers.js';

const NO_BODY: BodyRead = Object.freeze({ ok: true, bytes: undefined });
const TOO_LARGE: BodyRead = Object.freeze({ ok: false, reason: 'too-large' });

/** The pipeline's view of a web `Request`. */
export class FetchIncoming implements Incoming<Request> {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  private headerRecord: Record<string, string> | undefined;
  constructor(readonly raw: Request) {
    this.method = raw.method;
    const url = new URL(raw.url, 'http://localhost');
    this.path = url.pathname;
    this.query = url.search.slice(1);
  }
  get headers(): Record<string, string> {
    if (this.headerRecord === undefined) {
      const record: Record<string, string> = {};
      this.raw.headers.forEach((value, name) => (record[name] = value));
      this.headerRecord = record;
    }
    return this.headerRecord;
  }
  header(name: string): string | undefined {
    return this.raw.headers.get(name) ?? undefined;
  }
  authorizationCount(): number {
    // Headers joins repeats with ', '; a Basic token has no comma, so a comma means several.
    const value = this.raw.headers.get('authorization');
    return value === null ? 0 : value.split(',').length;
  }
  readBody(maxBytes: number, timeoutMs: number): BodyRead | Promise<BodyRead> {
    const declared = Number(this.raw.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) return TOO_LARGE;
    if (this.raw.body === null) return NO_BODY;
    return readStream(this.raw.body, maxBytes, timeoutMs);
  }
}

async function readStream(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  timeoutMs: number,
): Promise<BodyRead> {
  const reader = stream.getReader();
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          void reader.cancel().catch(() => {});
        }, timeoutMs)
      : undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (timedOut) return { ok: false, reason: 'timeout' };
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => {});
        return TOO_LARGE;
      }
      chunks.push(value);
    }
  } catch {
    return timedOut ? { ok: false, reason: 'timeout' } : { ok: false, reason: 'aborted' };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
  if (size === 0) return NO_BODY;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** A pipeline answer as a web `Response`. */
export function toResponse(answer: Answer): Response {
  const headers = new Headers(answer.headers);
  if (answer.text !== undefined)
    return new Response(answer.text, { status: answer.status, headers });
  if (answer.status === 204 || answer.body === undefined)
    return new Response(null, { status: answer.status, headers });
  headers.set('content-type', answer.contentType ?? 'application/json');
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}

/**
 * `(request) => Promise<Response>` over a pipeline. Requests outside the base path get the
 * pipeline's 404 envelope; a request whose body stopped arriving gets no answer to read, so it
 * is answered 400 (nobody is there to see it).
 */
export function fetchHandler(pipeline: Pipeline<Request>): (request: Request) => Promise<Response> {
  return async (request) => {
    const answer = await pipeline.handle(new FetchIncoming(request));
    if (answer === null || answer === 'outside')
      return toResponse({
        status: 400,
        body: { result: 'error', msg: 'The request body could not be read.', code: 'BAD_REQUEST' },
      });
    return toResponse(answer);
  };
}

/**
 * A server on handlers for web `Request`s: `(request) => Promise<Response>`, the same pipeline
 * and handlers as the node:http listener (runtime/server.ts), without node.
 */
export function createFetchHandler<User>(
  options: HandlerServerOptions<User, Request>,
): (request: Request) => Promise<Response> {
  return fetchHandler(createHandlerPipeline<User, Request>(options));
}
