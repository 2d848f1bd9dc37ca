/**
 * An operation's request samples in four languages (curl, the generated TypeScript client,
 * fetch, Python), every one encoded by the wire model; a sample the wire model refuses says so.
 */
import type { SampleInput } from '../../model/samples.js';
import { sampleCredentials } from '../../model/security.js';
import type { ApiModel, Operation } from '../../model/types.js';
import { specifierText } from './client-import.js';
import { requestParts } from './code-samples.js';
import { curlSample } from './curl-sample.js';
import type { RequestSampleView } from './operation-page.js';
import { SAMPLE_LANGUAGES, type PageSampleData, type SampleData } from './sample-text.js';
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
      const curl = curlSample(op.runtime, input, wire);
      const data: SampleData = {
        ts: {
          method: op.names.method,
          credentials: clientCredentials(credentials),
          readsCode: model.errorShape?.code !== undefined,
        },
        parts: requestParts(op.runtime, input, wire),
      };
      const args = typescriptArgs(op.names, input, op.requestBody?.kind);
      if (args !== undefined) data.ts.args = args;
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
    samples: views.map((v) => v.data ?? null),
  };
  return { views, data };
}
