/**
 * An operation's Markdown page (`operations/x.md`, beside `x.html`), rendered from the same view
 * as the HTML page (docs/operation-page.ts `operationView`): the facts an agent needs in reading
 * order, without the page's chrome.
 */
import {
  markdownCode,
  markdownInline,
  markdownProse,
  markdownText,
  toolText,
} from '../../../common/source.js';
import type { OperationView, ParamRow, ResponseView } from '../operation-page.js';
import { badgeWords, enumWords, indented, sentence, treeLines, typeWords } from './text.js';

export function operationMarkdown(v: OperationView, htmlFile: string): string {
  const out: string[] = [
    `# ${markdownText(v.summary || v.id)}`,
    '',
    `${markdownCode(`${v.method} ${v.path}`)} · operation ${markdownCode(v.id)} · [HTML page](${htmlFile})`,
    '',
  ];
  if (v.deprecated) out.push('**Deprecated.**', '');
  if (v.badges.length > 0) out.push(`Feature levels: ${badgeWords(v.badges)}.`, '');
  if (v.description.trim()) out.push(markdownProse(v.description).trim(), '');
  out.push('## Authentication', '', markdownText(v.access.text));
  if (v.access.permission) out.push('', `Permission: ${markdownInline(v.access.permission)}`);
  if (v.access.unauthenticated)
    out.push('', `Without credentials: ${markdownInline(v.access.unauthenticated)}`);
  out.push('');
  if (v.conditional) out.push(`Conditions: ${markdownInline(v.conditional)}`, '');
  if (v.notShown) out.push(`Not shown by the API description: ${markdownInline(v.notShown)}`, '');
  if (v.params.length > 0) out.push('## Parameters', '', ...v.params.map(paramLines), '');
  if (v.requestBody) {
    const body = v.requestBody;
    out.push(
      '## Request body',
      '',
      `${markdownText(body.mediaTypes)}${body.required ? ', required' : ''}.`,
      '',
    );
    if (body.empty)
      out.push(
        `Send ${markdownText(body.empty.words)}${body.empty.text ? `: ${markdownCode(body.empty.text)}` : ''}.`,
        '',
      );
    if (body.description.trim()) out.push(markdownProse(body.description).trim(), '');
    if (body.tree) out.push(...treeLines(body.tree), '');
  }
  if (v.responses.length > 0) out.push('## Responses', '', ...v.responses.flatMap(responseLines));
  if (v.errors.length > 0) {
    out.push('## Errors', '');
    for (const e of v.errors) {
      const where = e.statuses
        ? ` (${markdownText(e.statuses === 'default' ? 'status not given' : `HTTP ${e.statuses}`)})`
        : '';
      const words = [e.description ? markdownInline(e.description) : '', badgeWords(e.badges)]
        .filter(Boolean)
        .join(' ');
      out.push(`- [${markdownCode(e.code)}](${e.href})${where}${words ? `: ${words}` : ''}`);
    }
    out.push('');
  }
  const curl = v.samples[0]?.langs.find((l) => l.id === 'curl');
  if (curl) out.push('## Example request', '', fenced(curl.text, 'sh'), '');
  return out.join('\n');
}

function paramLines(p: ParamRow): string {
  const facts = [
    `in ${p.location}`,
    typeWords(p.type),
    p.required ? 'required' : 'optional',
    ...p.type.facts.map((f) => markdownText(f)),
    ...p.limits.map((l) => markdownText(l)),
  ];
  const extras = [
    p.defaultText ? `Default: ${markdownCode(p.defaultText)}.` : '',
    p.type.enumValues.length > 0 ? `Values: ${enumWords(p.type.enumValues)}.` : '',
    p.encoding ? sentence(markdownText(p.encoding)) : '',
    p.badges.length > 0 ? sentence(badgeWords(p.badges)) : '',
    p.replacedBy ? `Use ${markdownCode(p.replacedBy)} instead.` : '',
    p.aliasOf ? `Legacy alias of ${markdownCode(p.aliasOf)}.` : '',
    p.conditional ? sentence(`Conditions: ${markdownInline(p.conditional)}`) : '',
  ].filter(Boolean);
  const description = indented(p.description, '  ');
  return [
    `- ${markdownCode(p.name)} (${facts.join(', ')})${extras.length > 0 ? ' ' + extras.join(' ') : ''}`,
    ...(description ? [description] : []),
  ].join('\n');
}

function responseLines(r: ResponseView): string[] {
  const media = r.mediaType ? ` — ${markdownText(r.mediaType)}` : '';
  const out = [`### ${markdownCode(r.status)} ${markdownText(r.statusText)}${media}`, ''];
  if (r.description.trim()) out.push(markdownProse(r.description).trim(), '');
  if (r.tree) out.push(...treeLines(r.tree), '');
  const example = r.examples.find((e) => e.json !== undefined);
  if (example?.json)
    out.push(
      `Example (${markdownText(example.summary || example.name)}):`,
      '',
      fenced(example.json, 'json'),
      '',
    );
  return out;
}

/** A fenced block around `text` (a generated sample), its fence longer than any run inside. */
function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...(text.match(/`{3,}/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const clean = toolText(text, text.length).replace(/\n$/, '');
  return `${fence}${language}\n${clean}\n${fence}`;
}
