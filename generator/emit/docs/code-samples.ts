/**
 * What a request sample sends (`requestParts`), from the wire model's encoding of its input
 * (runtime/wire/sample.ts `encodeSample`, made once per sample and read by curl too): the data sample-text.ts spells as plain
 * JavaScript `fetch` and Python (`urllib`), in the page (assets/samples.js), so each sends what
 * the API expects: the same names, the same JSON text for JSON-encoded fields, the same order,
 * the same media type. curl is the wire model's own `curlOfSample` (curl-sample.ts).
 *
 * Form fields are kept as the wire model's name/value pairs, handed by the samples to the
 * language's own urlencoded writer (`URLSearchParams`, `urllib.parse.urlencode`): readable
 * (`['to', '[1,2]']` rather than `to=%5B1%2C2%5D`) and decoded to the very same pairs. Values
 * the writers cannot spell (pre-encoded `comma` lists) and multipart bodies fall back to the
 * wire model's bytes.
 */
import type { OperationInfo } from '../../../runtime/operation-info.js';
import type { EncodedSample } from '../../../runtime/wire/sample.js';
import type { Parts } from './sample-text.js';
import type { SampleInput } from '../../model/samples.js';
import { targetCredentials, type SampleTarget } from './curl-sample.js';
import { sentCredentials } from '../../../runtime/wire/credentials.js';
import { serializeUrlencoded, type OutPair } from '../../../runtime/wire/urlencoded.js';

function plainPairs(pairs: OutPair[]): boolean {
  return pairs.every((p) => p.encodedValue === undefined && typeof p.value === 'string');
}

/**
 * How a sample sends its credentials: headers (the Basic one spelled by each language) and the
 * query pairs of an API key in the query, as the wire model spells them (`sentCredentials`).
 * The operation's, not an input's: a page carries it once.
 */
export function sampleAuth(target: SampleTarget): { auth: Parts['auth']; keyPairs: OutPair[] } {
  const auth: Parts['auth'] = { headers: [] };
  const keyPairs: OutPair[] = [];
  for (const c of sentCredentials(targetCredentials(target))) {
    if (c.in === 'basic') auth.basic = c.value;
    else if (c.in === 'header') auth.headers.push([c.name, c.value]);
    else if (c.in === 'cookie') auth.headers.push(['Cookie', c.text]);
    else keyPairs.push(c.pair);
  }
  return { auth, keyPairs };
}

/**
 * What every language's sample sends, from the wire model's encoding: made once per sample,
 * read by each spelling (sample-text.ts `fetchSample`, `pythonSample`).
 */
export function requestParts(
  op: OperationInfo,
  input: SampleInput,
  sample: EncodedSample,
  target: SampleTarget,
): Parts {
  const { request, queryPairs, formPairs } = sample;
  const base = target.baseUrl.replace(/\/+$/, '') + request.path;
  const { auth, keyPairs } = sampleAuth(target);
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
      parts.url = `${base}?${[request.query, serializeUrlencoded(keyPairs)].filter(Boolean).join('&')}`;
  }
  const body = request.body;
  if (body === undefined) return parts;
  const essence = body.contentType.split(';')[0].trim().toLowerCase();
  if (formPairs && plainPairs(formPairs)) {
    const pairs = formPairs;
    if (essence === 'application/x-www-form-urlencoded') {
      parts.body = { kind: 'pairs', pairs };
      return parts;
    }
    if (essence === 'multipart/form-data') {
      const text = new TextDecoder().decode(body.bytes ?? new Uint8Array());
      parts.body = { kind: 'form-data', pairs, text, contentType: body.contentType };
      return parts;
    }
  }
  parts.headers.push(['Content-Type', body.contentType]);
  // A JSON body is the wire model's JSON.stringify of the input's value: spelled as that value.
  if (op.body?.kind === 'json') parts.body = { kind: 'json', value: input.body };
  else if (body.text !== undefined) parts.body = { kind: 'text', text: body.text };
  else if (body.bytes !== undefined)
    parts.body = { kind: 'text', text: new TextDecoder().decode(body.bytes) };
  else throw new TypeError('a body with file parts has no inline sample');
  return parts;
}
