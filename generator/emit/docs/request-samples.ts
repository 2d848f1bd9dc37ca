/**
 * An operation's request samples in four languages (curl, the generated TypeScript client,
 * fetch, Python), every one encoded by the wire model; a sample the wire model refuses says so.
 */
import { literal } from '../../common/source.js';
import type { SampleInput } from '../../model/samples.js';
import { sampleCredentials, type SampleCredential } from '../../model/security.js';
import type { ApiModel, Operation } from '../../model/types.js';
import { fetchSample, pythonSample, requestParts, type Parts } from './code-samples.js';
import { specifierText } from './client-import.js';
import { curlSample } from './curl-sample.js';
import type { RequestSampleView } from './operation-page.js';
import { clientCredentials, typescriptCall } from './typescript-sample.js';

/** The sample languages, in tab order: id (remembered by the page), label, highlighter. */
const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', language: 'shell' },
  { id: 'typescript', label: 'TypeScript', language: 'js' },
  { id: 'fetch', label: 'JavaScript', language: 'js' },
  { id: 'python', label: 'Python', language: 'python' },
] as const;

type LanguageId = (typeof SAMPLE_LANGUAGES)[number]['id'];

/** The lines before a client call: import and construction, so the sample runs as it stands. */
function clientSetup(from: string, baseUrl: string, credentials: SampleCredential[]): string {
  return `import { createApiClient } from ${specifierText(from)};\n\nconst api = createApiClient({ baseUrl: ${literal(baseUrl)}${clientCredentials(credentials)} });\n`;
}

/**
 * Every sample input of the operation in four languages, all encoded by the wire model, and
 * highlighted here at build time.
 */
export function sampleViews(
  model: ApiModel,
  op: Operation,
  inputs: SampleInput[],
  target: { baseUrl: string; clientImport: string },
  warn: (message: string) => void,
): RequestSampleView[] {
  return inputs.map((input) => {
    const build = sampleBuilders(model, op, input, target);
    const langs = SAMPLE_LANGUAGES.map((lang): RequestSampleView['langs'][number] => {
      let text: string;
      try {
        text = build[lang.id]();
      } catch (error) {
        // A sample the wire model refuses (a contract example of the wrong shape) is shown as
        // such, and said at generate time: it is a problem in the contract's examples.
        const why = (error as Error).message;
        text = `${lang.language === 'js' ? '//' : '#'} no sample: the wire model refused this example (${why})`;
        if (lang.id === 'curl')
          warn(`docs: ${op.id}: no sample for '${input.name ?? 'request'}': ${why}`);
      }
      return { id: lang.id, label: lang.label, text, language: lang.language };
    });
    return { title: input.summary ?? input.name ?? 'Request', langs };
  });
}

/** One input's sample in each language, made on demand (a refusal is thrown when asked). */
function sampleBuilders(
  model: ApiModel,
  op: Operation,
  input: SampleInput,
  { baseUrl, clientImport }: { baseUrl: string; clientImport: string },
): Record<LanguageId, () => string> {
  const info = op.runtime;
  const credentials = sampleCredentials(model.securitySchemes, op);
  const target = { baseUrl, auth: op.auth, credentials };
  // fetch and Python spell the same parts: made once (or refused once, with the same error)
  let parts: { made: Parts } | { refused: unknown } | undefined;
  const partsOnce = (): Parts => {
    if (!parts) {
      try {
        parts = { made: requestParts(info, input, target) };
      } catch (error) {
        parts = { refused: error };
      }
    }
    if ('refused' in parts) throw parts.refused;
    return parts.made;
  };
  return {
    curl: () => curlSample(info, input, target),
    typescript: () =>
      clientSetup(clientImport, baseUrl, credentials) +
      typescriptCall(op.names, input, op.requestBody?.kind, model.errorShape?.code !== undefined),
    fetch: () => fetchSample(partsOnce()),
    python: () => pythonSample(partsOnce()),
  };
}
