/**
 * The curl half of a request sample comes from the shared wire model (runtime/wire.ts
 * `curlCommand`), so the docs show byte for byte what the client sends, JSON-encoded fields
 * included. Nothing here builds a command line.
 */
import type { OperationInfo } from '../../../runtime/operation-info.js';
import { curlCommand } from '../../../runtime/wire.js';
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

export function curlSample(op: OperationInfo, input: SampleInput, target: SampleTarget): string {
  const { path, query, headers, body } = input;
  return curlCommand(
    op,
    { path, query, headers, body },
    {
      baseUrl: target.baseUrl,
      auth:
        target.auth === 'none'
          ? undefined
          : target.credentials.map((c) => ({ send: c.send, value: c.placeholder })),
      boundary: SAMPLE_BOUNDARY,
    },
  );
}
