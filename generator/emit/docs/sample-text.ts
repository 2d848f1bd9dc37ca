/**
 * The spelling of a request sample in the languages a page script writes (the TypeScript client,
 * plain `fetch`, Python's standard library), from what the generator made of it with the wire
 * model (`SampleData`: the client call's arguments and the request's parts). Pure functions with
 * no Node or model imports: the generator's view of a sample and the page script
 * (assets/samples.js, this module bundled by page-samples.ts) spell it with the very same code,
 * so an operation page carries each sample's data once, and curl as text, instead of four
 * spellings.
 *
 * Contract text only ever lands inside string literals made by `literal` (JSON string syntax,
 * valid in JavaScript and Python alike) — never as code; the highlighted HTML escapes through
 * `htmlContent` (highlight.ts).
 */
import { literal, propertyKey } from '../../common/source.js';
import { highlight, type HighlightLanguage } from './highlight.js';
// A type only (erased from the page bundle): the pairs are the wire model's own.
import type { OutPair } from '../../../runtime/wire/urlencoded.js';

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

/** A member of an object literal as source text: its key, and its value's source or members. */
export type SourceMember = [key: string, value: string | SourceMember[]];

/**
 * What a page carries for one request sample: the client call's argument and the request's
 * parts; what every sample of the operation shares is carried once, by the page.
 */
export interface SampleData {
  /** the call's argument, by the client's keys (absent: no argument) */
  args?: Record<string, unknown>;
  /** the request's parts but the method and credentials (the page's) */
  parts: Omit<Parts, 'method' | 'auth' | 'body' | 'query'> & {
    query?: PairData[];
    /** a JSON body that is the call's argument is carried once, as that argument (`arg`) */
    body?:
      | { kind: 'pairs'; pairs: PairData[] }
      | { kind: 'text'; text: string }
      | { kind: 'json'; value: unknown }
      | { kind: 'arg'; arg: string }
      | { kind: 'form-data'; pairs: PairData[]; text: string; contentType: string };
  };
}

/**
 * A plain name/value pair as data: `[name]` when the value is the call's argument of that very
 * name (carried once, there), else `[name, value]`.
 */
export type PairData = [name: string, value?: string];

function unpackPairs(pairs: PairData[], args: Record<string, unknown> | undefined): OutPair[] {
  // a pair refers only to an argument equal to its (string) value: request-samples.ts `pack`
  return pairs.map(([name, value]) => ({ name, value: value ?? (args?.[name] as string) }));
}

/** The request's parts of a sample, the page's shared method and credentials put back in. */
function partsOf(page: Omit<PageSampleData, 'samples'>, s: SampleData): Parts {
  const { query, body, ...rest } = s.parts;
  const parts: Parts = { ...rest, method: page.method, auth: page.auth };
  if (query) parts.query = unpackPairs(query, s.args);
  if (body?.kind === 'arg') parts.body = { kind: 'json', value: s.args?.[body.arg] };
  else if (body?.kind === 'pairs' || body?.kind === 'form-data')
    parts.body = { ...body, pairs: unpackPairs(body.pairs, s.args) };
  else if (body) parts.body = body;
  return parts;
}

/** What an operation page carries for its samples: where the client comes from, the base URL. */
export interface PageSampleData {
  /** the import specifier of the client, as source text */
  from: string;
  baseUrl: string;
  client: {
    /** the client's method */
    method: string;
    /** the credentials members of `createApiClient({...})` (typescript-sample.ts) */
    credentials: SourceMember[];
    /** the contract's error bodies carry a code, so the sample shows it */
    readsCode: boolean;
  };
  /** the HTTP method and the credentials, the same for every sample of the operation */
  method: string;
  auth: Parts['auth'];
  /** per sample of the page, in order; null: the page shows every language as text */
  samples: (SampleData | null)[];
}

/**
 * The sample languages, in tab order: id (remembered by the page), label, highlighter. curl is
 * written on the page as text; the others are spelled from the data.
 */
export const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', language: 'shell' },
  { id: 'typescript', label: 'TypeScript', language: 'js' },
  { id: 'fetch', label: 'JavaScript', language: 'js' },
  { id: 'python', label: 'Python', language: 'python' },
] as const;

/**
 * A try-it input's starting text from a sample value: a plain input (`text`, `enum`, `boolean`)
 * shows a string as it is, anything else its JSON; a JSON body box, the JSON laid out. The one
 * rule for the values try-it.ts carries and for those the page script (assets/tryit.js) takes
 * from the samples data.
 */
export function tryItText(shape: string, value: unknown): string {
  if (value === undefined) return '';
  if (shape === 'body') return JSON.stringify(value, null, 2);
  const plain = shape === 'text' || shape === 'enum' || shape === 'boolean';
  return plain && typeof value === 'string' ? value : JSON.stringify(value);
}

/** An object literal: on one line, or one member per line when `indent` is given. */
export function objectLiteral(members: SourceMember[], indent?: string): string {
  const value = (v: string | SourceMember[], inner?: string) =>
    typeof v === 'string' ? v : objectLiteral(v, inner);
  if (indent === undefined) return `{ ${members.map(([k, v]) => `${k}: ${value(v)}`).join(', ')} }`;
  const inner = indent + '  ';
  const lines = members.map(([k, v]) => `${inner}${k}: ${value(v, inner)},`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * The lines before a client call: import and construction, so the sample runs as it stands.
 * The reference's one spelling of them: the samples (one line) and the overview (a member a line).
 */
export function clientSetup(
  from: string,
  members: SourceMember[],
  layout: 'line' | 'lines' = 'line',
): string {
  const options = objectLiteral(members, layout === 'lines' ? '' : undefined);
  return `import { createApiClient } from ${from};\n\nconst api = createApiClient(${options});\n`;
}

/** `const { data, error } = await api.method({...})`, the error thrown with its code when it has one. */
export function typescriptCallText(
  method: string,
  args: Record<string, unknown> | undefined,
  readsCode: boolean,
): string {
  const call = args === undefined ? `api.${method}()` : `api.${method}(${tsValue(args, '')})`;
  const fail = readsCode ? `new Error(\`\${error.code}: \${error.msg}\`)` : 'new Error(error.msg)';
  return `const { data, error } = await ${call};\nif (error) throw ${fail};\nconsole.log(data);`;
}

/** One sample's text in each spelled language. */
export function spellSample(
  page: Omit<PageSampleData, 'samples'>,
  s: SampleData,
): Record<Exclude<(typeof SAMPLE_LANGUAGES)[number]['id'], 'curl'>, string> {
  const { client } = page;
  const parts = partsOf(page, s);
  return {
    typescript:
      clientSetup(page.from, [['baseUrl', literal(page.baseUrl)], ...client.credentials]) +
      typescriptCallText(client.method, s.args, client.readsCode),
    fetch: fetchSample(parts),
    python: pythonSample(parts),
  };
}

/** The page script's entry: each sample's spelled languages as highlighted HTML (null: none). */
export function spelledPanels(
  page: PageSampleData,
): ({ id: string; label: string; html: string }[] | null)[] {
  return page.samples.map((s) => {
    if (s === null) return null;
    const texts = spellSample(page, s);
    return SAMPLE_LANGUAGES.slice(1).map((l) => ({
      id: l.id,
      label: l.label,
      html: highlight(texts[l.id as keyof typeof texts], l.language as HighlightLanguage),
    }));
  });
}

/** A list of pairs, one a line; `[]` for none (a required form with no fields is still sent). */
const pairList = (pairs: OutPair[], indent: string, open: string, close: string, end = '') =>
  pairs.length === 0
    ? '[]'
    : `[\n${pairs
        .map((p) => `${indent}${open}${literal(p.name)}, ${literal(p.value as string)}${close},`)
        .join('\n')}\n${end}]`;

/** Plain `fetch` (browsers, Node 18+, Deno, Bun). */
export function fetchSample(p: Parts): string {
  const lines: string[] = [];
  let url = literal(p.url);
  if (p.query) {
    lines.push(`const query = new URLSearchParams(${pairList(p.query, '  ', '[', ']')});`);
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
    init.push(`  body: new URLSearchParams(${pairList(p.body.pairs, '    ', '[', ']', '  ')}),`);
  else if (p.body?.kind === 'form-data') {
    lines.push(
      [
        'const form = new FormData();',
        ...p.body.pairs.map(
          (x) => `form.append(${literal(x.name)}, ${literal(x.value as string)});`,
        ),
      ].join('\n'),
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
    lines.push(`query = urllib.parse.urlencode(${pairList(p.query, '    ', '(', ')')})`);
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
      `data = urllib.parse.urlencode(${pairList(p.body.pairs, '    ', '(', ')')}).encode()`,
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

/** A JS literal laid out over lines when it does not fit on one. */
export function tsValue(value: unknown, indent: string): string {
  const flat = literal(value);
  if (flat.length <= 60 || value === null || typeof value !== 'object') return flat;
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + tsValue(v, inner)).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return `{\n${entries.map(([k, v]) => `${inner}${propertyKey(k)}: ${tsValue(v, inner)}`).join(',\n')},\n${indent}}`;
}
