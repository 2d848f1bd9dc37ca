/**
 * Request samples in four languages, every one built from the wire model's encoding of the same
 * input (runtime/wire `encodeRequest`, `encodeFields`): curl (the wire model's own
 * `curlCommand`), the generated TypeScript client, plain JavaScript `fetch`, and Python with the
 * standard library only (`urllib`), so each sends what the API expects: the same names, the same
 * JSON text for JSON-encoded fields, the same order, the same media type.
 *
 * Form fields are spelled as the wire model's name/value pairs handed to the language's own
 * urlencoded writer (`URLSearchParams`, `urllib.parse.urlencode`): readable (`['to', '[1,2]']`
 * rather than `to=%5B1%2C2%5D`) and decoded to the very same pairs. Values the writers cannot
 * spell (pre-encoded `comma` lists) and multipart bodies fall back to the wire model's bytes.
 *
 * Contract text only ever lands inside string literals made by `literal` (JSON string syntax,
 * valid in JavaScript and Python alike) — never as code.
 */
import type { OperationInfo } from '../../../runtime/operation-info.js';
import type { WireField } from '../../../runtime/wire.js';
import { encodeRequest } from '../../../runtime/wire.js';
import { encodeFields } from '../../../runtime/wire/fields.js';
import type { OutPair } from '../../../runtime/wire/urlencoded.js';
import { literal } from '../../common/source.js';
import { tsValue } from './typescript-sample.js';
import type { SampleInput } from '../../model/samples.js';
import { SAMPLE_BOUNDARY } from './curl-sample.js';
import type { SampleCredential } from '../../model/security.js';
import { encodeFormComponent } from '../../../runtime/wire/urlencoded.js';

export interface SampleTarget {
  baseUrl: string;
  auth: 'none' | 'optional' | 'required';
  /** the operation's credentials as its schemes carry them (model/security.ts); absent: Basic */
  credentials?: SampleCredential[];
}

/** The placeholder every sample uses for credentials (tests swap it for real ones). */
export const CREDENTIALS_PLACEHOLDER = '<EMAIL>:<API_KEY>';

/** A request sample's parts, spelled by each language (`requestParts`). */
export interface Parts {
  url: string;
  method: string;
  /** query pairs, when they can be spelled as plain pairs; else `url` carries the query */
  query?: OutPair[];
  headers: [string, string][];
  body?:
    | { kind: 'pairs'; pairs: OutPair[] }
    | { kind: 'text'; text: string }
    | { kind: 'json'; value: unknown }
    /** `text` and `contentType`: the wire model's multipart body, boundary and all */
    | { kind: 'form-data'; pairs: OutPair[]; text: string; contentType: string };
  /** headers carrying credentials (the Basic one spelled by each language) */
  auth: { basic?: string; headers: [string, string][] };
}

function plainPairs(pairs: OutPair[]): boolean {
  return pairs.every((p) => p.encodedValue === undefined && typeof p.value === 'string');
}

/**
 * What every language's sample sends, from the wire model's encoding. fetchSample and
 * pythonSample take it made once for both (they only read it).
 */
export function requestParts(op: OperationInfo, input: SampleInput, target: SampleTarget): Parts {
  const request = encodeRequest(
    op,
    { path: input.path, query: input.query, headers: input.headers, body: input.body },
    { boundary: SAMPLE_BOUNDARY },
  );
  const base = target.baseUrl.replace(/\/+$/, '') + request.path;
  const queryPairs = encodeFields(
    op.fields.filter((f: WireField) => f.in === 'query'),
    input.query ?? {},
  );
  const credentials =
    target.auth === 'none'
      ? []
      : (target.credentials ?? [
          { scheme: '', send: { type: 'basic' } as const, placeholder: CREDENTIALS_PLACEHOLDER },
        ]);
  const auth: Parts['auth'] = { headers: [] };
  const keyPairs: OutPair[] = [];
  for (const { send, placeholder } of credentials) {
    if (send.type === 'basic') auth.basic = placeholder;
    else if (send.type === 'bearer') auth.headers.push(['Authorization', `Bearer ${placeholder}`]);
    else if (send.type === 'apiKey' && send.in === 'header')
      auth.headers.push([send.name, placeholder]);
    else if (send.type === 'apiKey' && send.in === 'cookie')
      auth.headers.push(['Cookie', `${send.name}=${placeholder}`]);
    else if (send.type === 'apiKey') keyPairs.push({ name: send.name, value: placeholder });
  }
  const parts: Parts = {
    url: base,
    method: request.method,
    headers: Object.entries(request.headers),
    auth,
  };
  // An API key that travels in the query is one more pair, after the parameters.
  const allPairs = [...queryPairs, ...keyPairs];
  if (allPairs.length > 0) {
    if (plainPairs(allPairs)) parts.query = allPairs;
    else
      parts.url = `${base}?${[request.query, ...keyPairs.map((p) => `${encodeFormComponent(p.name)}=${encodeFormComponent(p.value as string)}`)].filter(Boolean).join('&')}`;
  }
  const body = request.body;
  if (body === undefined) return parts;
  const essence = body.contentType.split(';')[0].trim().toLowerCase();
  if (op.body?.kind === 'form') {
    const pairs = encodeFields(
      op.fields.filter((f: WireField) => f.in === 'body'),
      input.body as Record<string, unknown>,
    );
    if (essence === 'application/x-www-form-urlencoded' && plainPairs(pairs)) {
      parts.body = { kind: 'pairs', pairs };
      return parts;
    }
    if (essence === 'multipart/form-data' && plainPairs(pairs)) {
      const text = new TextDecoder().decode(body.bytes ?? new Uint8Array());
      parts.body = { kind: 'form-data', pairs, text, contentType: body.contentType };
      return parts;
    }
  }
  parts.headers.push(['Content-Type', body.contentType]);
  // A JSON body is JSON.stringify of the value (the wire model's own encoding): spelled so.
  if (
    op.body?.kind === 'json' &&
    body.text !== undefined &&
    body.text === JSON.stringify(input.body)
  )
    parts.body = { kind: 'json', value: input.body };
  else if (body.text !== undefined) parts.body = { kind: 'text', text: body.text };
  else if (body.bytes !== undefined)
    parts.body = { kind: 'text', text: new TextDecoder().decode(body.bytes) };
  else throw new TypeError('a body with file parts has no inline sample');
  return parts;
}

const pairList = (pairs: OutPair[], indent: string, open: string, close: string) =>
  pairs
    .map((p) => `${indent}${open}${literal(p.name)}, ${literal(p.value as string)}${close},`)
    .join('\n');

/** Plain `fetch` (browsers, Node 18+, Deno, Bun). */
export function fetchSample(p: Parts): string {
  const lines: string[] = [];
  let url = literal(p.url);
  if (p.query) {
    lines.push(`const query = new URLSearchParams([\n${pairList(p.query, '  ', '[', ']')}\n]);`);
    url = `${url} + '?' + query`;
  }
  const init: string[] = [];
  if (p.method !== 'GET') init.push(`  method: ${literal(p.method)},`);
  const headers: string[] = [];
  if (p.auth.basic !== undefined)
    headers.push(`    Authorization: 'Basic ' + btoa(${literal(p.auth.basic)}),`);
  for (const [name, value] of [...p.auth.headers, ...p.headers])
    headers.push(`    ${literal(name)}: ${literal(value)},`);
  if (headers.length > 0) init.push(`  headers: {\n${headers.join('\n')}\n  },`);
  if (p.body?.kind === 'pairs')
    init.push(`  body: new URLSearchParams([\n${pairList(p.body.pairs, '    ', '[', ']')}\n  ]),`);
  else if (p.body?.kind === 'form-data') {
    lines.push(
      `const form = new FormData();\n${p.body.pairs.map((x) => `form.append(${literal(x.name)}, ${literal(x.value as string)});`).join('\n')}`,
    );
    init.push('  body: form,');
  } else if (p.body?.kind === 'json')
    init.push(`  body: JSON.stringify(${tsValue(p.body.value, '  ')}),`);
  else if (p.body?.kind === 'text') init.push(`  body: ${literal(p.body.text)},`);
  const call = init.length > 0 ? `fetch(${url}, {\n${init.join('\n')}\n})` : `fetch(${url})`;
  lines.push(`const response = await ${call};`);
  lines.push('console.log(response.status, await response.text());');
  return lines.join('\n');
}

/** Python 3 with the standard library only. */
export function pythonSample(p: Parts): string {
  const imports = ['urllib.error', 'urllib.request'];
  const lines: string[] = [];
  let url = literal(p.url);
  if (p.query) {
    imports.push('urllib.parse');
    lines.push(`query = urllib.parse.urlencode([\n${pairList(p.query, '    ', '(', ')')}\n])`);
    url = `${url} + '?' + query`;
  }
  const headers: string[] = [];
  if (p.auth.basic !== undefined) {
    imports.push('base64');
    headers.push(
      `    'Authorization': 'Basic ' + base64.b64encode(${literal(p.auth.basic)}.encode()).decode(),`,
    );
  }
  for (const [name, value] of [...p.auth.headers, ...p.headers])
    headers.push(`    ${literal(name)}: ${literal(value)},`);
  let data = '';
  if (p.body?.kind === 'pairs') {
    if (!imports.includes('urllib.parse')) imports.push('urllib.parse');
    lines.push(
      `data = urllib.parse.urlencode([\n${pairList(p.body.pairs, '    ', '(', ')')}\n]).encode()`,
    );
    data = 'data=data, ';
  } else if (p.body?.kind === 'form-data') {
    // No multipart writer in the standard library: the wire model's bytes, boundary and all.
    headers.push(`    'Content-Type': ${literal(p.body.contentType)},`);
    lines.push(`data = ${literal(p.body.text)}.encode()`);
    data = 'data=data, ';
  } else if (p.body?.kind === 'json') {
    imports.push('json');
    // Compact separators and raw UTF-8: the bytes JSON.stringify writes.
    lines.push(
      `data = json.dumps(${pyValue(p.body.value, '')}, separators=(',', ':'), ensure_ascii=False).encode()`,
    );
    data = 'data=data, ';
  } else if (p.body?.kind === 'text') {
    lines.push(`data = ${literal(p.body.text)}.encode()`);
    data = 'data=data, ';
  }
  const head = headers.length > 0 ? `headers={\n${headers.join('\n')}\n}, ` : '';
  lines.push(`request = urllib.request.Request(${url}, ${data}${head}method=${literal(p.method)})`);
  // An error status raises HTTPError, which is a response too: print either the same way.
  lines.push('try:');
  lines.push('    response = urllib.request.urlopen(request)');
  lines.push('except urllib.error.HTTPError as error:');
  lines.push('    response = error');
  lines.push('print(response.status, response.read().decode())');
  return `import ${imports.sort().join(', ')}\n\n${lines.join('\n')}`;
}

/** A JSON value as a Python literal (None, True, False), laid out over lines when long. */
export function pyValue(value: unknown, indent: string): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value !== 'object') return literal(value);
  const inner = indent + '    ';
  const flat = (v: unknown): string =>
    v === null || typeof v !== 'object'
      ? pyValue(v, '')
      : Array.isArray(v)
        ? `[${v.map(flat).join(', ')}]`
        : `{${Object.entries(v as Record<string, unknown>)
            .map(([k, x]) => `${literal(k)}: ${flat(x)}`)
            .join(', ')}}`;
  const one = flat(value);
  if (one.length <= 60) return one;
  if (Array.isArray(value))
    return `[\n${value.map((v) => inner + pyValue(v, inner)).join(',\n')},\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{\n${entries.map(([k, v]) => `${inner}${literal(k)}: ${pyValue(v, inner)}`).join(',\n')},\n${indent}}`;
}
