/**
 * `tms-gen proxy --upstream URL`: a forwarding HTTP proxy that judges live traffic against the
 * contract without changing it. Each request is read, sent on to the upstream server as it came
 * (method, path, query, headers but the hop-by-hop ones, body), and the upstream's answer is
 * streamed back as it comes; only then, off the request's path, the exchange is judged
 * (verdict.ts) and each violation reported as it is found. The proxy's own cost per request is
 * measured in bench/results/proxy.md.
 */
import {
  Agent as HttpAgent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { splitUrl } from '../../runtime/server-http.js';
import type { Exchange, ExchangeVerdict } from './verdict.js';

/** Headers of one connection (RFC 9110 §7.6.1), never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface ProxyOptions {
  upstream: URL;
  judge: (exchange: Exchange) => Promise<ExchangeVerdict>;
  /** called once per judged exchange, in the order answers finished */
  onVerdict: (exchange: Exchange, verdict: ExchangeVerdict) => void;
  port?: number;
  host?: string;
}

export interface RunningProxy {
  url: string;
  port: number;
  /** stops listening; resolves once every exchange under way has been judged */
  stop(): Promise<void>;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const pending = new Set<Promise<void>>();
  const secure = options.upstream.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const server = createServer((req, res) => {
    const judged = forward(req, res, options, agent, secure);
    pending.add(judged);
    void judged.finally(() => pending.delete(judged));
  });
  const host = options.host ?? '127.0.0.1';
  const port = await new Promise<number>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => ok((server.address() as AddressInfo).port));
  });
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    stop: async () => {
      await close(server);
      await Promise.all(pending);
      agent.destroy();
    },
  };
}

function close(server: Server): Promise<void> {
  return new Promise((ok) => {
    server.close(() => ok());
    server.closeIdleConnections();
  });
}

/** Forwards one request and streams the answer back; resolves once the exchange is judged. */
async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  options: ProxyOptions,
  agent: HttpAgent | HttpsAgent,
  secure: boolean,
): Promise<void> {
  const body = await readAll(req);
  const started = performance.now();
  const upstream = options.upstream;
  const prefix = upstream.pathname.replace(/\/+$/, '');
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  headers.host = upstream.host;
  const send = secure ? httpsRequest : httpRequest;
  const answer = await new Promise<Exchange['answer']>((done) => {
    const out = send(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: prefix + (req.url ?? '/'),
        headers,
        agent,
      },
      (upstreamRes) => {
        const copied: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(upstreamRes.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name)) copied[name] = value;
        res.writeHead(upstreamRes.statusCode ?? 502, copied);
        const chunks: Buffer[] = [];
        upstreamRes.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          res.write(chunk);
        });
        upstreamRes.on('end', () => {
          res.end();
          done({
            status: upstreamRes.statusCode,
            contentType: header(upstreamRes.headers['content-type']),
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          });
        });
        upstreamRes.on('error', (error) => done(failed(error, started)));
      },
    );
    out.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`tms-gen proxy: the upstream server did not answer (${error.message})`);
      done(failed(error, started));
    });
    out.end(body);
  });
  const { path, query } = splitUrl(req);
  const exchange: Exchange = {
    method: req.method ?? 'GET',
    path,
    query,
    headers: req.headers,
    body: body.length > 0 ? body : undefined,
    answer,
  };
  // A CORS preflight is the browser's, not a call of the contract.
  if (exchange.method === 'OPTIONS' && req.headers['access-control-request-method']) return;
  // Off the request's path: the answer has been sent already.
  await new Promise((ok) => setImmediate(ok));
  options.onVerdict(exchange, await options.judge(exchange));
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((ok) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => ok(Buffer.concat(chunks)));
    req.on('error', () => ok(Buffer.concat(chunks)));
  });
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function failed(error: Error, started: number): Exchange['answer'] {
  return {
    failure: `no answer from the upstream server: ${error.message}`,
    ms: performance.now() - started,
  };
}
