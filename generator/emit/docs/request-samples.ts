/**
 * An operation's request samples in four languages (curl, the generated TypeScript client,
 * fetch, Python), every one encoded by the wire model; a sample the wire model refuses says so.
 */
import type { SampleInput } from '../../model/samples.js';
import { sampleCredentials } from '../../model/security.js';
import type { ApiModel, Operation } from '../../model/types.js';
import { specifierText } from './client-import.js';
import { requestParts, sampleAuth } from './code-samples.js';
import { curlSample, encodeSampleInput } from './curl-sample.js';
import type { RequestSampleView } from './operation-page.js';
import { clientKeyOf } from '../../model/names.js';
import type { OutPair } from '../../../runtime/wire/urlencoded.js';
import {
  SAMPLE_LANGUAGES,
  type PageSampleData,
  type PairData,
  type Parts,
  type SampleData,
} from './sample-text.js';
import { clientCredentials, typescriptArgs } from './typescript-sample.js';

/**
 * Every sample input of the operation: curl as text, and the data the page script spells the
 * TypeScript client, fetch and Python from (sample-text.ts), all of it from the wire model's
 * encoding. An input the wire model refuses is written in every language as that refusal.
 */
export function sampleViews(
  model: ApiModel,
  op: Operation,
  inputs: SampleInput[],
  target: { baseUrl: string; clientImport: string },
  warn: (message: string) => void,
): { views: RequestSampleView[]; data: PageSampleData } {
  const credentials = sampleCredentials(model.securitySchemes, op);
  const wire = { baseUrl: target.baseUrl, auth: op.auth, credentials };
  const views = inputs.map((input): RequestSampleView => {
    const title = input.summary ?? input.name ?? 'Request';
    try {
      const encoded = encodeSampleInput(op.runtime, input);
      const curl = curlSample(encoded, wire);
      // the method and the credentials are the page's (below), the same for every sample
      const {
        method: _method,
        auth: _auth,
        ...parts
      } = requestParts(op.runtime, input, encoded, wire);
      const args = typescriptArgs(op.names, input, op.requestBody?.kind);
      const data = sampleData(parts, args, op.names);
      return { title, langs: [{ ...SAMPLE_LANGUAGES[0], text: curl }], data };
    } catch (error) {
      // A sample the wire model refuses (a contract example of the wrong shape) is shown as
      // such, and said at generate time: it is a problem in the contract's examples.
      const why = (error as Error).message;
      warn(`docs: ${op.id}: no sample for '${input.name ?? 'request'}': ${why}`);
      const langs = SAMPLE_LANGUAGES.map((lang) => ({
        ...lang,
        text: `${lang.language === 'js' ? '//' : '#'} no sample: the wire model refused this example (${why})`,
      }));
      return { title, langs };
    }
  });
  const data: PageSampleData = {
    from: specifierText(target.clientImport),
    baseUrl: target.baseUrl,
    client: {
      method: op.names.method,
      credentials: clientCredentials(credentials),
      readsCode: model.errorShape?.code !== undefined,
    },
    // What every sample shares is the page's, carried once.
    method: op.runtime.method,
    auth: sampleAuth(wire).auth,
    samples: views.map((v) => v.data ?? null),
  };
  return { views, data };
}

/**
 * A sample's data with each value carried once: a pair whose value is the call's argument of
 * the same name, and a JSON body that is the call's whole-body argument, refer to the argument.
 */
function sampleData(
  parts: Omit<Parts, 'method' | 'auth'>,
  args: Record<string, unknown> | undefined,
  names: Operation['names'],
): SampleData {
  const pack = (pairs: OutPair[]): PairData[] =>
    pairs.map(({ name, value }) =>
      args !== undefined && args[name] === value ? [name] : [name, value as string],
    );
  const { query, body, ...rest } = parts;
  const data: SampleData = { parts: rest };
  if (args !== undefined) data.args = args;
  if (query) data.parts.query = pack(query);
  if (body?.kind === 'pairs' || body?.kind === 'form-data')
    data.parts.body = { ...body, pairs: pack(body.pairs) };
  else if (body?.kind === 'json' && args?.[clientKeyOf(names, 'whole body')] === body.value)
    data.parts.body = { kind: 'arg', arg: clientKeyOf(names, 'whole body') };
  else if (body) data.parts.body = body;
  return data;
}
