/**
 * A request sample encoded once: the wire model's request and the name/value pairs its query
 * string and form body were written from, both from one run of `encodeRequestPairs` (the very
 * encoding `encodeRequest` sends). curl (curl.ts `curlOfSample`) and the docs' other languages
 * spell a sample from this one result, so no sample is encoded twice and no two spellings of one
 * sample can come from two encodings.
 */
import type { EncodeOptions, RequestInput, WireOperation } from './types.js';
import { encodeRequestPairs, type EncodedRequestPairs } from './request.js';

export type EncodedSample = EncodedRequestPairs;

export function encodeSample(
  op: WireOperation,
  input: RequestInput,
  opts: EncodeOptions = {},
): EncodedSample {
  return encodeRequestPairs(op, input, opts);
}
