/** A node:http server on 127.0.0.1 that records the raw requests it gets, for the wire tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Uint8Array;
}

export interface Recorder {
  baseUrl: string;
  requests: Recorded[];
  close: () => Promise<void>;
}

export async function startRecorder(): Promise<Recorder> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: new Uint8Array(Buffer.concat(chunks)),
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"result":"success","msg":""}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

/** Splits a recorded URL into pathname and query string (without `?`). */
export function splitUrl(url: string): { pathname: string; query: string } {
  const question = url.indexOf('?');
  return question === -1
    ? { pathname: url, query: '' }
    : { pathname: url.slice(0, question), query: url.slice(question + 1) };
}
