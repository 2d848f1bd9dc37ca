/**
 * Response samples for operations whose document gives none (Stripe's: not one example): a body
 * made up from the response's schema (model/samples.ts, the same values on every run), labelled
 * as such, so that every operation page shows what an answer looks like. A response the
 * contract gives examples for keeps only its own.
 */
import { responseSampleOf } from '../../model/lookup.js';
import type { ApiModel, Example, Operation } from '../../model/types.js';
import type { ExampleView } from './examples.js';

/** What this needs of a response's view (operation-page.ts's ResponseView). */
interface ResponseSamples {
  status: string;
  kind: string;
  examples: ExampleView[];
}

export const MADE_UP_SUMMARY = 'Made up from the schema: the document gives no example';
export const NO_BODY_SUMMARY = 'No body';
export const OTHER_BODY_SUMMARY = 'A body that is not JSON: its content type is under Responses';

/**
 * Adds a made-up example to each success response with a JSON schema and no example; when the
 * page would still show no response sample, the first response gets one (or a "No body" entry
 * when it has no content, or a note when its body is not JSON: a PDF, an image).
 */
export function addMadeUpSamples(
  op: Operation,
  views: ResponseSamples[],
  model: ApiModel,
  toView: (example: Example, status: string) => ExampleView,
): void {
  const made = (i: number): boolean => {
    const media = op.responses[i].representative;
    if (media?.schema === undefined || !/json/i.test(media.type)) return false;
    const value = responseSampleOf(model, media.schema);
    const example = { name: 'made-up', summary: MADE_UP_SUMMARY, value, pointer: media.pointer };
    views[i].examples.push(toView(example, views[i].status));
    return true;
  };
  views.forEach((v, i) => {
    if (v.kind === 'success' && v.examples.length === 0) made(i);
  });
  if (views.length === 0 || views.some((v) => v.examples.length > 0)) return;
  const first = Math.max(
    0,
    views.findIndex((v) => v.kind === 'success'),
  );
  if (made(first)) return;
  const summary =
    op.responses[first].mediaTypes.length === 0 ? NO_BODY_SUMMARY : OTHER_BODY_SUMMARY;
  views[first].examples.push({ name: 'no-sample', summary, description: '' });
}
