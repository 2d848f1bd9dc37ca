/**
 * A real node:http server on 127.0.0.1 (free port) that records every request exactly as it
 * arrived (method, raw target, raw headers, body bytes) and answers with whatever the test
 * says. Tests stop it themselves.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** the request target as sent: path and query, undecoded */
  url: string;
  /** header names lower-cased, values as sent */
  headers: Record<string, string>;
  body: Buffer;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** an object is sent as JSON; a string as is */
  body?: unknown;
  /** wait this long before answering (timeouts) */
  delayMs?: number;
}

export type Responder = (req: RecordedRequest) => Answer;

export interface RecordingServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: RecordedRequest[];
  /** what the next requests get; default: `{result: "success", msg: ""}` */
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export const SUCCESS: Answer = { body: { result: 'success', msg: '' } };

export interface RecordingOptions {
  /** the largest request head accepted (node's default is 16 KiB; beyond it node answers 431 unrecorded) */
  maxHeaderBytes?: number;
}

export async function startRecordingServer(
  options: RecordingOptions = {},
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => SUCCESS;
  const pending = new Set<NodeJS.Timeout>();
  const serverOptions = options.maxHeaderBytes ? { maxHeaderSize: options.maxHeaderBytes } : {};
  const server = createServer(serverOptions, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        headers[req.rawHeaders[i].toLowerCase()] = req.rawHeaders[i + 1];
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      const answer = responder(recorded);
      const send = () => {
        if (res.destroyed) return;
        const isText = typeof answer.body === 'string';
        const text =
          answer.body === undefined
            ? ''
            : isText
              ? (answer.body as string)
              : JSON.stringify(answer.body);
        res.writeHead(answer.status ?? 200, {
          'Content-Type': isText ? 'text/plain' : 'application/json',
          ...answer.headers,
        });
        res.end(text);
      };
      if (answer.delayMs) {
        const t = setTimeout(() => {
          pending.delete(t);
          send();
        }, answer.delayMs);
        pending.add(t);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    respond: (r) => {
      responder = r;
    },
    close: () => {
      for (const t of pending) clearTimeout(t);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
