/**
 * A request sample encoded once: the wire model's request (`encodeRequest`) and the name/value
 * pairs its query string and form body are written from. curl (curl.ts `curlOfSample`) and the
 * docs' other languages spell a sample from this one result, so no sample is encoded twice and
 * no two spellings of one sample can come from two encodings.
 */
import type { EncodeOptions, EncodedRequest, RequestInput, WireOperation } from './types.js';
import { encodeFields } from './fields.js';
import { encodeRequest } from './request.js';
import type { OutPair } from './urlencoded.js';

export interface EncodedSample {
  request: EncodedRequest;
  /** the query parameters as pairs, in the query string's order (credentials are not in them) */
  queryPairs: OutPair[];
  /** a form body's fields as pairs; only when the request sends a form body */
  formPairs?: OutPair[];
}

export function encodeSample(
  op: WireOperation,
  input: RequestInput,
  opts: EncodeOptions = {},
): EncodedSample {
  const request = encodeRequest(op, input, opts);
  const sample: EncodedSample = {
    request,
    queryPairs: encodeFields(
      op.fields.filter((field) => field.in === 'query'),
      input.query ?? {},
    ),
  };
  if (op.body?.kind === 'form' && request.body !== undefined)
    sample.formPairs = encodeFields(
      op.fields.filter((field) => field.in === 'body'),
      input.body as Record<string, unknown>,
    );
  return sample;
}
