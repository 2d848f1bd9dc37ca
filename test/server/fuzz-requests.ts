/**
 * Seeded hostile HTTP requests for the servers' fuzz test: well-formed calls of every operation
 * with hostile values (deep JSON, long and odd strings, wrong types, unknown names), and
 * requests broken at the HTTP level (request line, headers, framing, Expect, duplicate
 * Authorization). Deterministic for a seed, so a failure names a request that can be replayed.
 */
import type { OperationInfo } from '../../runtime/operation-info.js';
import { encodeFormComponent } from '../../runtime/wire.js';

export interface FuzzRequest {
  /** what kind of request, for failure messages */
  kind: string;
  bytes: Buffer;
  /** the request asks the mock for a 5xx answer (`Prefer: code=5xx`) */
  asks5xx: boolean;
  /** HEAD: HTTP allows no body, so no envelope either */
  head: boolean;
}

/** mulberry32: a small seeded PRNG. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

const HOSTILE_VALUES = [
  '',
  'x',
  'general',
  '0',
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
  '[1,2,3]',
  '["a",{"b":null}]',
  '{"operator":"channel","operand":"general"}',
  '[{"operator":"channel","operand":"general"}]',
  '[',
  '{"a":',
  '"unterminated',
  '\u2028\u2029',
  '\ud800',
  '<script>alert(1)</script>',
  '*/ console.log(1) /*',
  '__proto__',
  'constructor',
  '%',
  '%zz',
  '\u0000',
  'x'.repeat(30_000),
  deep(10_000),
  deepObject(5_000),
  deep(65),
  '9007199254740993',
];

const pick = <T>(rand: () => number, list: readonly T[]): T =>
  list[Math.floor(rand() * list.length)];

export interface FuzzTarget {
  /** e.g. `/api/v1` */
  basePath: string;
  operations: OperationInfo[];
  /** a valid Authorization header value */
  authorization: string;
  /** also send `Prefer` headers (the Prism mock) */
  prefer: boolean;
}

function authorizationHeaders(rand: () => number, valid: string): string[] {
  const r = rand();
  if (r < 0.55) return [`Authorization: ${valid}`];
  if (r < 0.65) return [];
  if (r < 0.72) return [`Authorization: ${valid}`, `Authorization: Basic ${btoa('eve@x:y')}`];
  return [
    `Authorization: ${pick(rand, [
      'Basic',
      'Basic !!!',
      'Bearer abc',
      `Basic ${btoa('nobody@example.com:nokey')}`,
      `Basic ${btoa(':')}`,
      `Basic ${btoa('a@b')}`,
      'Basic ' + 'A'.repeat(6000),
    ])}`,
  ];
}

function fillPath(rand: () => number, template: string): string {
  return template.replace(/\{[^}]+\}/g, () =>
    pick(rand, ['1', '42', '0', '-5', 'abc', '%zz', '..', '%2F', 'x'.repeat(300), '1e3', '']),
  );
}

/** name=value pairs from the operation's fields and some it does not have. */
function pairs(rand: () => number, op: OperationInfo, where: 'query' | 'body'): string[] {
  const fields = op.fields.filter((f) => f.in === where);
  const out: string[] = [];
  for (const f of fields) if (rand() < 0.6) out.push(pair(f.name, pick(rand, HOSTILE_VALUES)));
  if (rand() < 0.2) out.push(pair(pick(rand, ['unknown', '__proto__', '', 'a[b]']), 'v'));
  if (rand() < 0.1 && fields.length > 0) {
    const f = pick(rand, fields);
    out.push(pair(f.name, '1'), pair(f.name, '2'));
  }
  return out;
}

const pair = (name: string, value: string) =>
  `${encodeFormComponent(name)}=${encodeFormComponent(value)}`;

function apiRequest(rand: () => number, target: FuzzTarget): FuzzRequest {
  const op = pick(rand, target.operations);
  const method =
    rand() < 0.85
      ? op.method
      : pick(rand, ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
  const query = pairs(rand, op, 'query').join('&');
  const path = target.basePath + fillPath(rand, op.path) + (query ? `?${query}` : '');
  const headers = [
    `Host: 127.0.0.1`,
    'Connection: close',
    ...authorizationHeaders(rand, target.authorization),
  ];
  let asks5xx = false;
  if (target.prefer && rand() < 0.3) {
    const value = pick(rand, [
      'code=200',
      'code=400',
      'code=500',
      'code=abc',
      'example=nope',
      'dynamic=true',
      'dynamic=maybe',
      'code=999',
    ]);
    asks5xx = /^code=5/.test(value);
    headers.push(`Prefer: ${value}`);
  }
  if (rand() < 0.1) headers.push(`Origin: ${pick(rand, ['null', 'http://app.example', 'x'])}`);
  let body = '';
  const kind = rand();
  if (kind < 0.5) {
    body = pairs(rand, op, 'body').join('&');
    headers.push('Content-Type: application/x-www-form-urlencoded');
  } else if (kind < 0.6) {
    const boundary = 'fuzzBoundary';
    const parts = op.fields
      .filter((f) => f.in === 'body' && rand() < 0.6)
      .map(
        (f) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"\r\n\r\n${pick(rand, HOSTILE_VALUES)}\r\n`,
      );
    body = parts.join('') + (rand() < 0.8 ? `--${boundary}--\r\n` : '');
    headers.push(`Content-Type: multipart/form-data; boundary=${rand() < 0.9 ? boundary : ''}`);
  } else if (kind < 0.7) {
    body = pick(rand, ['{"a":1}', '[', deep(10_000), 'null', '"x"']);
    headers.push('Content-Type: application/json');
  } else if (kind < 0.75) {
    body = 'plain text';
    headers.push('Content-Type: text/plain');
  }
  const bytes = Buffer.from(body, 'utf8');
  if (bytes.length > 0 || rand() < 0.3) headers.push(`Content-Length: ${bytes.length}`);
  return {
    kind: `${method} ${op.operationId}`,
    bytes: Buffer.concat([
      Buffer.from(`${method} ${path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`, 'utf8'),
      bytes,
    ]),
    asks5xx,
    head: method === 'HEAD',
  };
}

/** Requests broken at the HTTP level. */
function brokenRequest(rand: () => number, target: FuzzTarget): FuzzRequest {
  const base = `${target.basePath}/users`;
  const auth = `Authorization: ${target.authorization}`;
  const cases: [string, string][] = [
    ['bad request line', `GARBAGE\r\n\r\n`],
    ['bad method', `G@T ${base} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['bad version', `GET ${base} HTTP/9.9\r\nHost: x\r\n\r\n`],
    ['space in target', `GET /api v1 HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['header without colon', `GET ${base} HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n`],
    ['control character in a header', `GET ${base} HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n`],
    [
      'headers over 16 KiB',
      `GET ${base} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ],
    ['many headers', `GET ${base} HTTP/1.1\r\nHost: x\r\n${'X-N: 1\r\n'.repeat(3000)}\r\n`],
    [
      'Expect other than 100-continue',
      `GET ${base} HTTP/1.1\r\nHost: x\r\n${auth}\r\nExpect: teapot\r\nConnection: close\r\n\r\n`,
    ],
    [
      'Expect 100-continue',
      `POST ${target.basePath}/messages HTTP/1.1\r\nHost: x\r\n${auth}\r\nExpect: 100-continue\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nConnection: close\r\n\r\na=b&c`,
    ],
    [
      'two Content-Length',
      `POST ${target.basePath}/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab`,
    ],
    [
      'Content-Length and chunked',
      `POST ${target.basePath}/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    [
      'broken chunk size',
      `POST ${target.basePath}/messages HTTP/1.1\r\nHost: x\r\n${auth}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\nabc\r\n0\r\n\r\n`,
    ],
    [
      'negative Content-Length',
      `POST ${target.basePath}/messages HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n`,
    ],
    [
      'Content-Length over the body limit',
      `POST ${target.basePath}/messages HTTP/1.1\r\nHost: x\r\n${auth}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 99999999\r\nConnection: close\r\n\r\nabc`,
    ],
    [
      'absolute-form target',
      `GET http://127.0.0.1${base} HTTP/1.1\r\nHost: x\r\n${auth}\r\nConnection: close\r\n\r\n`,
    ],
    ['asterisk target', `OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`],
    [
      'path traversal',
      `GET ${target.basePath}/../../etc/passwd HTTP/1.1\r\nHost: x\r\n${auth}\r\nConnection: close\r\n\r\n`,
    ],
    [
      'very long URL',
      `GET ${base}?${'a=1&'.repeat(4000)} HTTP/1.1\r\nHost: x\r\n${auth}\r\nConnection: close\r\n\r\n`,
    ],
    ['HTTP/1.0 without Host', `GET ${base} HTTP/1.0\r\n${auth}\r\n\r\n`],
    ['lower-case method', `get ${base} HTTP/1.1\r\nHost: x\r\n\r\n`],
  ];
  const [kind, text] = pick(rand, cases);
  return { kind, bytes: Buffer.from(text, 'latin1'), asks5xx: false, head: false };
}

export function fuzzRequests(seed: number, count: number, target: FuzzTarget): FuzzRequest[] {
  const rand = seeded(seed);
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++)
    out.push(rand() < 0.8 ? apiRequest(rand, target) : brokenRequest(rand, target));
  return out;
}
