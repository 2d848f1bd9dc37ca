/**
 * curl samples for the docs, built from encodeRequest so that running one sends the very bytes
 * the client sends. What curl 7.88 does, checked by test/wire/curl.test.ts against a local server:
 *
 * - `--data-urlencode name=value` encodes the value as our urlencoded writer does (space as `+`,
 *   `-._~` kept) but sends the name as given, so names go in already encoded.
 * - `-G` moves that data to the query string; curl then writes the escapes' hex digits in lower
 *   case (`%5b`), which every decoder reads the same (RFC 3986 §2.1). That is the one byte
 *   difference from the client, accepted for samples people can read (`narrow=[...]`).
 * - `-F` parses its value (`;type=`, a leading `@` or `<`, quotes, trailing blanks) so only
 *   values free of those use it; `--form-string` sends any other value as is.
 */
import type { CurlCredential, CurlOptions, RequestInput, WireOperation } from './types.js';
import { MULTIPART, mediaEssence, URLENCODED } from './request.js';
import { encodeSample, type EncodedSample } from './sample.js';
import { encodeFormComponent, type OutPair } from './urlencoded.js';

/** POSIX shell single-quoting: the only special character inside '...' is the quote itself. */
export function shellQuote(text: string): string {
  if (text.includes('\0')) throw new TypeError('a shell argument cannot contain a NUL character');
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(op: WireOperation, input: RequestInput, opts: CurlOptions): string {
  return curlOfSample(
    encodeSample(op, input, { mediaType: opts.mediaType, boundary: opts.boundary }),
    opts,
  );
}

/** The curl command of a request already encoded (sample.ts), for callers that spell it more ways. */
export function curlOfSample(sample: EncodedSample, opts: CurlOptions): string {
  const { request, queryPairs, formPairs } = sample;
  const body = request.body;
  const bodyType = body ? mediaEssence(body.contentType) : undefined;
  const args: string[] = [];
  // curl picks GET without data and POST with it; anything else, and a POST without data, is named.
  if (request.method === 'HEAD') args.push('-I');
  else if (!(request.method === 'GET' || (request.method === 'POST' && body !== undefined)))
    args.push(`-X ${request.method}`);

  const credentials: CurlCredential[] =
    opts.auth === 'placeholder'
      ? [{ send: { type: 'basic' }, value: '<EMAIL>:<API_KEY>' }]
      : Array.isArray(opts.auth)
        ? opts.auth
        : opts.auth
          ? [{ send: { type: 'basic' }, value: `${opts.auth.email}:${opts.auth.apiKey}` }]
          : [];
  // An API key that travels in the query is one more query pair, after the parameters.
  const keyPairs: OutPair[] = credentials.flatMap(({ send, value }) =>
    send.type === 'apiKey' && send.in === 'query' ? [{ name: send.name, value }] : [],
  );
  const query = [request.query, ...keyPairs.map(encodedPair)].filter(Boolean).join('&');

  // With a body the query rides in the URL, as encoded; without one, -G spells it out readably.
  const base = opts.baseUrl.replace(/\/+$/, '') + request.path;
  const url = body !== undefined && query !== '' ? `${base}?${query}` : base;
  const lines = [`curl ${[...args, shellQuote(url)].join(' ')}`];

  for (const { send, value } of credentials) {
    if (send.type === 'basic') lines.push(`-u ${shellQuote(value)}`);
    else if (send.type === 'bearer')
      lines.push(`-H ${shellQuote(`Authorization: Bearer ${value}`)}`);
    else if (send.type === 'apiKey' && send.in === 'header')
      lines.push(`-H ${shellQuote(`${send.name}: ${value}`)}`);
    else if (send.type === 'apiKey' && send.in === 'cookie')
      lines.push(`-b ${shellQuote(`${send.name}=${value}`)}`);
  }
  for (const [name, value] of Object.entries(request.headers))
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);

  if (body === undefined && query !== '') {
    lines.push('-G');
    lines.push(...queryPairs.map(dataArgument), ...keyPairs.map(dataArgument));
  }
  if (body !== undefined) {
    if (formPairs && bodyType === URLENCODED) lines.push(...formPairs.map(dataArgument));
    else if (formPairs && bodyType === MULTIPART) lines.push(...formPairs.map(formArgument));
    else {
      lines.push(`-H ${shellQuote(`Content-Type: ${body.contentType}`)}`);
      lines.push(
        body.text !== undefined
          ? `--data-binary ${shellQuote(body.text)}`
          : `--data-binary @body.bin`,
      );
    }
  }
  return lines.join(' \\\n  ');
}

function encodedPair(pair: OutPair): string {
  return `${encodeFormComponent(pair.name)}=${encodeFormComponent(String(pair.value))}`;
}

function dataArgument(pair: OutPair): string {
  const name = encodeFormComponent(pair.name);
  // Pre-encoded values (comma lists) and empty names (`=x` means "no name" to curl) go as raw data.
  if (pair.encodedValue !== undefined || name === '') {
    return `--data ${shellQuote(`${name}=${pair.encodedValue ?? encodeFormComponent(String(pair.value))}`)}`;
  }
  return `--data-urlencode ${shellQuote(`${name}=${pair.value as string}`)}`;
}

function formArgument(pair: OutPair): string {
  if (typeof pair.value !== 'string') {
    // A file part reads a local file; the sample names it after the File (curl adds its own type).
    const fileName =
      typeof File !== 'undefined' && pair.value instanceof File ? pair.value.name : 'file';
    return `-F ${shellQuote(`${pair.name}=@${fileName}`)}`;
  }
  // curl splits `name=value` at the first `=`, so such a name has no spelling on its command line.
  if (pair.name.includes('='))
    throw new TypeError(`\`${pair.name}\`: curl cannot send a form field whose name has "="`);
  const plainForF = !/^[@<]|[;"\\\r\n]|^\s|\s$/.test(pair.value) && !/[;"\\]/.test(pair.name);
  return `${plainForF ? '-F' : '--form-string'} ${shellQuote(`${pair.name}=${pair.value}`)}`;
}
