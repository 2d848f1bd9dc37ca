/**
 * The curl half of a request sample comes from the shared wire model (runtime/wire.ts
 * `curlCommand`), so the docs show byte for byte what the client sends, JSON-encoded fields
 * included. Nothing here builds a command line.
 */
import type { OperationInfo } from '../../../runtime/operation-info.js';
import type { SampleInput } from './sample-values.js';

export interface CurlTarget {
  baseUrl: string;
  /** operations that take no credentials get none */
  auth: 'none' | 'optional' | 'required';
}

type CurlCommand = (op: OperationInfo, input: SampleInput, opts: { baseUrl: string; auth?: 'placeholder'; boundary?: string; mediaType?: string }) => string | Promise<string>;

/** A fixed boundary so multipart samples are identical run after run. */
export const SAMPLE_BOUNDARY = 'tms-docs-sample-boundary';

export async function curlSample(curlCommand: CurlCommand, op: OperationInfo, input: SampleInput, target: CurlTarget): Promise<string> {
  const { path, query, headers, body } = input;
  return curlCommand(op, { path, query, headers, body }, {
    baseUrl: target.baseUrl,
    auth: target.auth === 'none' ? undefined : 'placeholder',
    boundary: SAMPLE_BOUNDARY,
  });
}

/**
 * The wire model's curlCommand, loaded when the docs are generated. The import is by variable so
 * that the generator loads (and other emitters run) even while runtime/wire.ts is incomplete; a
 * missing function is reported, never papered over with a home-made command.
 */
export async function loadCurlCommand(): Promise<{ curlCommand?: CurlCommand; problem?: string }> {
  const spec = '../../../runtime/wire.js';
  try {
    const wire = (await import(spec)) as { curlCommand?: CurlCommand };
    if (typeof wire.curlCommand !== 'function') return { problem: 'runtime/wire.ts exports no curlCommand' };
    return { curlCommand: wire.curlCommand };
  } catch (error) {
    return { problem: `runtime/wire.ts could not be loaded: ${(error as Error).message.split('\n')[0]}` };
  }
}
