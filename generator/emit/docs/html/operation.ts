/**
 * An operation's page body: the text (access, description, parameters, try-it, responses, error
 * codes) beside the samples column (request samples in every language, response examples).
 */
import { htmlText as e, scriptJson } from '../../../common/source.js';
import { highlight, type HighlightLanguage } from '../highlight.js';
import type { ErrorView, OperationView, ParamRow, ResponseView } from '../operation-page.js';
import { levelAttributes, type Markup } from './markup.js';
import {
  badgesHtml,
  exampleBodyHtml,
  exampleHtml,
  factsHtml,
  treeHtml,
  tryItHtml,
  typeHtml,
} from './parts.js';

export function operationHtml(m: Markup, v: OperationView): string {
  return `<div class="op-layout">
<article class="operation op-text${v.deprecated ? ' is-deprecated' : ''}"${levelAttributes(v.badges)}>
<p class="breadcrumb"><a href="${e(v.groupHref)}">${e(v.groupTitle)}</a></p>
<h1 id="top">${e(v.summary || v.id)}</h1>
<p class="endpoint"><span class="method method-${e(v.method.toLowerCase())}">${e(v.method)}</span> <code class="path">${e(v.path)}</code></p>
<p class="op-meta">Operation ID <code>${e(v.id)}</code> ${badgesHtml(v.badges)}</p>

${accessHtml(m, v.access)}

${v.description ? `<section class="description" aria-label="Description">${m.block(v.description)}</section>` : ''}
${v.conditional ? `<div class="callout"><p class="callout-title">Rules between parameters</p>${m.block(v.conditional)}</div>` : ''}
${v.notShown ? `<div class="callout callout-note"><p class="callout-title">Not specified by the API description</p>${m.block(v.notShown)}</div>` : ''}
${v.paging}

${parametersHtml(m, v)}

${tryItHtml(v.tryit)}
<section aria-labelledby="responses">
<h2 id="responses">Responses</h2>
${v.responses.map((r) => responseHtml(m, r)).join('')}</section>

${v.errors.length > 0 ? errorsHtml(m, v) : ''}</article>

${samplesHtml(m, v)}</div>
`;
}

function accessHtml(m: Markup, access: OperationView['access']): string {
  return `<section aria-labelledby="access">
<h2 id="access">Who may call it</h2>
<ul class="access access-${e(access.level)}">
<li>${e(access.text)}</li>
${access.permission ? `<li><strong>Permission:</strong> ${m.inline(access.permission)}</li>` : ''}
${access.unauthenticated ? `<li><strong>Without credentials:</strong> ${m.inline(access.unauthenticated)}</li>` : ''}
</ul>
</section>`;
}

function parametersHtml(m: Markup, v: OperationView): string {
  const body = v.requestBody;
  let out = `<section aria-labelledby="parameters">
<h2 id="parameters">Parameters</h2>
`;
  if (body) {
    out += `<p class="body-note">Request body: <code>${e(body.mediaTypes)}</code>${body.required ? ' (required)' : ''}.`;
    if (body.empty)
      out += ` Send ${e(body.empty.words)}${body.empty.text ? `: <code>${e(body.empty.text)}</code>` : ''}.`;
    if (body.description) out += ` ${m.inline(body.description)}`;
    out += '</p>';
  }
  out += '\n';
  if (v.params.length > 0) {
    out += `<div class="table-scroll" tabindex="0">
<table class="params">
<thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead>
<tbody>
`;
    for (const p of v.params) out += paramHtml(m, p);
    out += '</tbody>\n</table>\n</div>\n';
  } else out += '<p>This operation takes no parameters.</p>\n';
  if (body?.tree) {
    const t = body.tree;
    out += `<h3 id="request-body">Request body fields</h3>\n${typeHtml(t)}${factsHtml(m, t)}${treeHtml(m, t)}\n`;
  }
  return out + '</section>';
}

function paramHtml(m: Markup, p: ParamRow): string {
  let out = `<tr id="${e(p.anchor)}"${p.deprecated ? ' class="is-deprecated"' : ''}${levelAttributes(p.badges)}>
<td class="param-name"><code>${e(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ' <span class="opt">optional</span>'}${p.badges.length > 0 ? `<div>${badgesHtml(p.badges)}</div>` : ''}</td>
<td class="param-in">${e(p.location)}</td>
<td class="param-type">${typeHtml(p.type)}${p.jsonEncoded ? ` <span class="badge badge-json" title="${e(p.encoding)}">JSON-encoded</span>` : ''}</td>
<td class="param-desc">`;
  if (p.description) out += m.block(p.description);
  if (p.encoding) out += `<p class="encoding-note">${e(p.encoding)}.</p>`;
  if (p.defaultText)
    out += `<p class="facts"><span class="fact">default: <code>${e(p.defaultText)}</code></span></p>`;
  if (p.limits.length > 0) {
    out += '<p class="facts">';
    for (const l of p.limits) out += `<span class="fact">${e(l)}</span> `;
    out += '</p>';
  }
  out += factsHtml(m, p.type) + treeHtml(m, p.type);
  if (p.aliasOf) out += `<p class="note">Legacy alias of <code>${e(p.aliasOf)}</code>.</p>`;
  if (p.replacedBy) out += `<p class="note">Use <code>${e(p.replacedBy)}</code> instead.</p>`;
  if (p.conditional) out += `<p class="note">${e(p.conditional)}</p>`;
  return out + '</td>\n</tr>\n';
}

function responseHtml(m: Markup, r: ResponseView): string {
  let out = `<div class="response response-${e(r.kind)}">
<h3 id="response-${e(r.anchor)}"><span class="status status-${e(r.kind)}">${e(r.status)}</span> ${e(r.statusText)}</h3>
${m.block(r.description)}
${r.mediaType ? `<p class="media-type">Content type: <code>${e(r.mediaType)}</code></p>` : ''}
`;
  const t = r.tree;
  if (t) {
    out += `<div class="schema-root">Body: ${typeHtml(t)}`;
    if (t.description) out += `<div class=fd>${m.block(t.description)}</div>`;
    out += `</div>${factsHtml(m, t)}${treeHtml(m, t)}`;
  }
  out += '\n';
  if (r.examples.length > 0)
    out += `<p class="see-examples">Examples: in the samples column${r.examples[0].href ? ' (large ones open as JSON files)' : ''}.</p>`;
  return out + '\n</div>\n';
}

function errorsHtml(m: Markup, v: OperationView): string {
  return `<section aria-labelledby="errors">
<h2 id="errors">Error codes</h2>
${v.errorsUnderDefault ? '<p class="note status-note" id="default-status-note"><strong>Status “default”:</strong> the API description gives no HTTP status for these codes, so the contract documents them under the <code>default</code> response (any status not listed). The mock answers them with 400.</p>' : ''}
<div class="table-scroll" tabindex="0">
<table class="errors">
<thead><tr><th scope="col">Code</th><th scope="col">Status</th><th scope="col">Meaning and example</th></tr></thead>
<tbody>
${v.errors.map((x) => errorRowHtml(m, x)).join('')}</tbody>
</table>
</div>
</section>
`;
}

function errorRowHtml(m: Markup, x: ErrorView): string {
  const status = x.statuses
    ? `<code>${e(x.statuses)}</code>${x.underDefault ? '<a class="footnote" href="#default-status-note" aria-label="about the default status">*</a>' : ''}`
    : '—';
  return `<tr id="${e(x.anchor)}"${levelAttributes(x.badges)}>
<td class="error-code-cell"><a href="${e(x.href)}"><code class="code-name">${e(x.code)}</code></a><div>${badgesHtml(x.badges)}</div></td>
<td class="error-status">${status}</td>
<td>${m.inline(x.description)}${x.example ? exampleHtml(m, x.example) : ''}</td>
</tr>
`;
}

/**
 * The samples column: request samples (curl as text; the page script adds the other languages
 * and a tab per language), then the response examples.
 */
function samplesHtml(m: Markup, v: OperationView): string {
  let out = `<aside class="op-samples" aria-label="Samples of ${e(v.id)}">
<section class="panel panel-request" aria-labelledby="samples">
<div class="panel-head"><h2 id="samples">Request</h2></div>
`;
  const titled = v.samples.length > 1;
  for (const s of v.samples) {
    out += `<div class="sample">\n${titled ? `<h3 class="sample-title">${e(s.title)}</h3>` : ''}\n`;
    s.langs.forEach((l, i) => {
      out += `<div class="code-block lang-panel" data-lang="${e(l.id)}"${i === 0 ? '' : ' data-hidden'}>
<pre class="code" tabindex="0"><code>${highlight(l.text, l.language as HighlightLanguage)}</code></pre>
</div>
`;
    });
    out += '</div>\n';
  }
  // The other languages' data: assets/samples.js spells them, site.js adds their tabs.
  if (v.sampleData)
    out += `<script type="application/json" class="sample-data">${scriptJson(v.sampleData)}</script>\n`;
  out += '</section>\n';
  if (v.responseSamples.length > 0) {
    out +=
      '<section class="panel panel-response" aria-labelledby="response-samples">\n<div class="panel-head"><h2 id="response-samples">Response</h2></div>\n';
    v.responseSamples.forEach((r, ri) => {
      r.examples.forEach((ex, i) => {
        const summary = ex.summary ? m.inline(ex.summary) : `<code>${e(ex.name)}</code>`;
        out += `\n<details class="example code-block"${i === 0 && ri === 0 ? ' open' : ''}>
<summary><span class="status status-${e(r.kind)}">${e(r.status)}</span> ${summary}</summary>
${exampleBodyHtml(m, ex)}`;
      });
    });
    out += '\n</section>\n';
  }
  return out + '</aside>\n';
}
