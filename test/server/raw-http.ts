/**
 * A raw HTTP/1.1 exchange over a TCP socket, for requests no HTTP client would send (broken
 * request lines, oversized or duplicate headers, bodies shorter than declared). The request is
 * written as given; the answer is read until the server closes the connection (requests carry
 * `Connection: close`), a complete answer has arrived, or `timeoutMs` passes; then parsed. Interim 1xx answers are skipped.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  /** null when the server closed without a status line */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** ms from the first byte written to the connection closing (or the timeout) */
  ms: number;
  timedOut: boolean;
}

export interface RawOptions {
  timeoutMs: number;
  /** write the request in two parts with this pause between them (a slow client) */
  pauseAfter?: { bytes: number; ms: number };
}

export function rawExchange(
  port: number,
  request: Buffer | string,
  options: RawOptions,
): Promise<RawAnswer> {
  const bytes = typeof request === 'string' ? Buffer.from(request, 'latin1') : request;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const t0 = performance.now();
    let settled = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(Buffer.concat(chunks)), ms: performance.now() - t0, timedOut });
    };
    const timer = setTimeout(() => finish(true), options.timeoutMs);
    socket.on('connect', () => {
      if (options.pauseAfter) {
        socket.write(bytes.subarray(0, options.pauseAfter.bytes));
        setTimeout(() => {
          if (!socket.destroyed) socket.write(bytes.subarray(options.pauseAfter!.bytes));
        }, options.pauseAfter.ms);
      } else socket.write(bytes);
    });
    socket.on('data', (c) => {
      chunks.push(c);
      // A complete answer on a connection the server keeps open is an answer, not a hang.
      if (complete(Buffer.concat(chunks))) finish(false);
    });
    socket.on('end', () => finish(false));
    socket.on('close', () => finish(false));
    socket.on('error', () => finish(false));
  });
}

function complete(all: Buffer): boolean {
  const answer = parse(all);
  const length = Number(answer.headers['content-length']);
  return (
    answer.status !== null &&
    Number.isFinite(length) &&
    Buffer.byteLength(answer.body, 'utf8') >= length
  );
}

function parse(all: Buffer): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  let text = all.toString('utf8');
  // Skip interim answers (100 Continue).
  while (/^HTTP\/1\.[01] 1\d\d /.test(text)) {
    const end = text.indexOf('\r\n\r\n');
    if (end < 0) break;
    text = text.slice(end + 4);
  }
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  if (!match) return { status: null, headers: {}, body: '' };
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end < 0 ? '' : text.slice(end + 4);
  const length = Number(headers['content-length']);
  if (Number.isFinite(length))
    body = Buffer.from(body, 'utf8').subarray(0, length).toString('utf8');
  return { status: Number(match[1]), headers, body };
}
