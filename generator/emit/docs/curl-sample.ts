/**
 * The curl half of a request sample comes from the shared wire model (runtime/wire/curl.ts
 * `curlOfSample`), so the docs show byte for byte what the client sends, JSON-encoded fields
 * included. Nothing here builds a command line. A sample is encoded once (`encodeSampleInput`);
 * curl and the other languages (code-samples.ts `requestParts`) are spelled from that encoding.
 */
import type { OperationInfo } from '../../../runtime/operation-info.js';
import { curlOfSample } from '../../../runtime/wire/curl.js';
import { encodeSample, type EncodedSample } from '../../../runtime/wire/sample.js';
import type { SampleInput } from '../../model/samples.js';
import type { SampleCredential } from '../../model/security.js';

/** Where a request sample is sent, and with which credentials: every language's the same. */
export interface SampleTarget {
  baseUrl: string;
  /** operations that take no credentials get none */
  auth: 'none' | 'optional' | 'required';
  /** the operation's credentials as its schemes carry them (model/security.ts `sampleCredentials`) */
  credentials: SampleCredential[];
}

/** A fixed boundary so multipart samples are identical run after run. */
export const SAMPLE_BOUNDARY = 'tms-docs-sample-boundary';

/** A sample input encoded by the wire model, once for every language of the sample. */
export function encodeSampleInput(op: OperationInfo, input: SampleInput): EncodedSample {
  const { path, query, headers, body } = input;
  return encodeSample(op, { path, query, headers, body }, { boundary: SAMPLE_BOUNDARY });
}

export function curlSample(sample: EncodedSample, target: SampleTarget): string {
  return curlOfSample(sample, {
    baseUrl: target.baseUrl,
    auth:
      target.auth === 'none'
        ? undefined
        : target.credentials.map((c) => ({ send: c.send, value: c.placeholder })),
  });
}
