/**
 * `llms.txt` at the docs' root (the llmstxt.org convention): the API in one Markdown page for
 * an agent — what it is, how to authenticate, how errors look and which codes exist, feature
 * levels, then every operation in one line linking its Markdown page, and the schemas. Built
 * from the model the HTML site is built from; contract text through common/source.ts only.
 */
import { markdownCode, markdownInline, markdownText } from '../../../common/source.js';
import type { ApiModel, Operation } from '../../../model/types.js';
import type { SiteLinks } from '../links.js';
import { groupTitle, summaryText } from '../operation-page.js';
import { resolvedUrl } from '../overview.js';
import { markdownPath } from './text.js';

export interface LlmsInput {
  model: ApiModel;
  links: SiteLinks;
  groups: { name: string; description: string; ops: Operation[] }[];
}

/** Above this many operations, lines carry no description: the page stays one an agent reads. */
const BRIEF_ABOVE = 150;

export function llmsTxt({ model, links, groups }: LlmsInput): string {
  const { info } = model;
  const brief = model.operations.length > BRIEF_ABOVE;
  const about = info.summary ?? firstParagraph(info.description);
  const out = [`# ${markdownText(info.title)}`, ''];
  if (about) out.push(`> ${markdownInline(about)}`, '');
  out.push(
    `Version ${markdownCode(info.version)} (OpenAPI ${markdownText(model.openapiVersion)}). ${model.operations.length} operations, ${model.schemas.length} schemas. Each operation and schema has a Markdown page (linked below) beside its HTML page.`,
    '',
  );
  if (model.servers.length > 0)
    out.push(`Servers: ${model.servers.map((s) => markdownCode(resolvedUrl(s))).join(', ')}.`, '');
  out.push(...authentication(model), ...errors(model), ...levels(model));
  out.push('## Operations', '');
  for (const g of groups) {
    out.push(`### ${markdownText(groupTitle(g.name))}`, '');
    for (const op of g.ops) out.push(operationLine(op, links, brief));
    out.push('');
  }
  if (model.schemas.length > 0) {
    out.push('## Schemas', '');
    for (const s of model.schemas) {
      const line = brief ? '' : firstSentence(s.description);
      out.push(
        `- [${markdownText(s.name)}](${markdownPath(links.schema(s.name))})${line ? `: ${markdownInline(line)}` : ''}`,
      );
    }
    out.push('');
  }
  out.push(
    '## Optional',
    '',
    '- [Changelog by feature level](changelog.html)',
    ...(model.errorCodes.length > 0 ? ['- [Error codes](errors.html)'] : []),
    '- [HTML reference](index.html)',
    '',
  );
  return out.join('\n');
}

function operationLine(op: Operation, links: SiteLinks, brief: boolean): string {
  const life = op.lifecycle;
  const notes = [
    life.addedIn !== undefined ? `new in feature level ${life.addedIn}` : '',
    life.removedIn !== undefined ? `removed in feature level ${life.removedIn}` : '',
    life.deprecated ? 'deprecated' : '',
    op.permission ? op.permission.replace(/\.$/, '') : '',
  ].filter(Boolean);
  // the title the HTML page shows (a summary's HTML tags are not text)
  const label = markdownText(summaryText(op.summary) || op.id);
  const route = markdownCode(`${op.method.toUpperCase()} ${op.path}`);
  const what = brief ? '' : firstSentence(op.description);
  return `- [${label}](${markdownPath(links.operation(op.id))}): ${route} ${markdownCode(op.id)}${what ? ` — ${markdownInline(what)}` : ''}${notes.length > 0 ? ` (${markdownInline(notes.join('; '))})` : ''}`;
}

function authentication(model: ApiModel): string[] {
  if (model.securitySchemes.length === 0) return [];
  const out = ['## Authentication', ''];
  for (const s of model.securitySchemes) {
    const kind = s.type === 'http' && s.scheme ? `HTTP ${s.scheme}` : s.type;
    out.push(
      `- ${markdownCode(s.name)} (${markdownText(kind)})${s.description ? `: ${markdownInline(s.description)}` : ''}`,
    );
  }
  const open = model.operations.filter((op) => op.auth === 'none').map((op) => markdownCode(op.id));
  if (open.length > 0) out.push('', `Without credentials: ${open.join(', ')}.`);
  return [...out, ''];
}

function errors(model: ApiModel): string[] {
  const shape = model.errorConventions.shape;
  if (!shape && model.errorCodes.length === 0) return [];
  const out = ['## Errors', ''];
  if (shape) {
    const where = shape.within ? ` inside ${markdownCode(shape.within)}` : '';
    out.push(
      `An error answer carries its message in ${markdownCode(shape.message)}${shape.code ? ` and its code in ${markdownCode(shape.code)}` : ''}${where}.${model.errorConventions.listsCodes ? " Each operation's page lists the codes it answers with." : ''}`,
    );
  }
  if (shape && model.errorCodes.length > 0) out.push('');
  for (const e of model.errorCodes) {
    const statuses = e.statuses.map((s) => s.status).join(', ');
    const line = firstSentence(e.description);
    out.push(
      `- ${markdownCode(e.code)}${statuses ? ` (HTTP ${statuses})` : ''}${line ? `: ${markdownInline(line)}` : ''}`,
    );
  }
  return [...out, ''];
}

function levels(model: ApiModel): string[] {
  if (model.newestLevel === 0) return [];
  return [
    '## Feature levels',
    '',
    `Behaviour changes are numbered by feature level (newest: ${model.newestLevel}); the pages say at which level an operation, parameter or value was added, changed, deprecated or removed. A client should check the server's level before using something newer.`,
    '',
  ];
}

function firstParagraph(text: string | undefined): string {
  return (text ?? '')
    .trim()
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ');
}

/** The first sentence of the first paragraph, at most 200 characters. */
function firstSentence(text: string | undefined): string {
  const para = firstParagraph(text);
  const m = /^.*?[.!?](?=\s|$)/.exec(para);
  const line = m ? m[0] : para;
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
