/**
 * One operation's files: its HTML page, its Markdown twin, and the out-of-line examples the
 * page links (each named by its content, so a page made alone writes the same files as in the
 * whole run).
 */
import { basename } from 'node:path';
import { requestSamples } from '../../model/lookup.js';
import type { Operation } from '../../model/types.js';
import type { GeneratedFile } from '../emitter.js';
import { BIG_SITE_INLINE_EXAMPLE_LIMIT, type ExampleFiles } from './examples.js';
import { operationHtml } from './html/operation.js';
import { operationMarkdown } from './md/operation.js';
import { markdownPath } from './md/text.js';
import { operationView, summaryText } from './operation-page.js';
import { sampleViews } from './request-samples.js';
import { page, type Site } from './site.js';
import { tryItView } from './try-it.js';

/** Rows a named schema may take inline in a response on a small site before it is only linked. */
const SHARED_INLINE_ROWS = 40;

export function operationFiles(
  site: Site,
  op: Operation,
  warn: (message: string) => void,
): GeneratedFile[] {
  const { model, links, big } = site;
  const exampleFiles: ExampleFiles = new Map();
  // Sample requests are built once: the samples column shows them all, try-it starts from the first.
  const inputs = requestSamples(model, op);
  const target = { baseUrl: site.baseUrl, clientImport: site.client.specifier };
  const samples = sampleViews(model, op, inputs, target, warn);
  // The first sample's values, carried by the samples data, are also try-it's starting values.
  const first = samples.data.samples[0];
  const body = first?.parts.body;
  const tryit = tryItView(op, op.runtime, model, site.tryServer, inputs[0], {
    args: first?.args,
    bodyArg: body?.kind === 'arg' ? body.arg : undefined,
  });
  const view = operationView(
    op,
    {
      model,
      links,
      exampleFiles,
      exampleMemo: site.exampleMemo,
      root: '../',
      sharedInlineRows: big ? 0 : SHARED_INLINE_ROWS,
      inlineExampleLimit: big ? BIG_SITE_INLINE_EXAMPLE_LIMIT : undefined,
    },
    samples,
    tryit,
  );
  const path = links.operation(op.id);
  return [
    page(site, path, summaryText(op.summary) || op.id, () => operationHtml(site.markup, view), {
      current: 'op',
      group: op.names.group,
      op: op.id,
      markdown: basename(markdownPath(path)),
    }),
    {
      path: markdownPath(path),
      contents: operationMarkdown(view, basename(path)) + site.bannerHtml,
    },
    ...exampleFiles.values(),
  ];
}
