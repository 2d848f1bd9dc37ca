/**
 * A fixture document's bindings, as a user gets them: the CLI (`node bin/tms-gen.js`, a child
 * process, no cache) writes them to `out`, the loader gives the model the docs and the runner
 * read, and the generated server.ts is imported. The tests of Try it, the docs' samples and the
 * contract runner on documents that are not ours start their listener from it.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiModel } from '../generator/model/types.js';
import type { RequestListener } from '../runtime/server.js';
import { tmsGenOrThrow } from './tms-gen-run.js';
import { loadOrThrow } from './load-contract.js';

/** What the bindings' servers are made from (an emitter's name list, as `--only` takes it). */
const SERVER_OUTPUTS = 'types,operations,validators,server,runtime';

export interface FixtureBindings {
  model: ApiModel;
  /** the generated server.ts's `createRequestListener`, options as a test writes them */
  createRequestListener(options: Record<string, unknown>): RequestListener;
}

/** Generate `contract`'s bindings into `out` (`only`: default, what a server needs) and load them. */
export async function fixtureBindings(
  contract: string,
  out: string,
  only = SERVER_OUTPUTS,
): Promise<FixtureBindings> {
  await tmsGenOrThrow([
    '--quiet',
    '--no-cache',
    '--contract',
    contract,
    '--out',
    out,
    '--only',
    only,
  ]);
  const { model } = await loadOrThrow(contract);
  const server = await import(pathToFileURL(join(out, 'server.ts')).href);
  return { model, createRequestListener: server.createRequestListener };
}
