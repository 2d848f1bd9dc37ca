/** The overview page's body (its view: generator/emit/docs/overview.ts). */
import { htmlText as e } from '../../../common/source.js';
import type { OverviewView } from '../overview.js';
import type { Markup } from './markup.js';
import { treeHtml } from './parts.js';

/** The sections the document gives something to say (a section it has nothing for is left out). */
function sectionsOf(v: OverviewView) {
  return {
    auth: v.schemes.length > 0,
    wire: v.encodings.length > 0,
    errors: v.errorCount > 0 || v.errorStatuses.length > 0,
    limits: v.limits.length > 0,
    versioning: v.levels.length > 0 || v.deprecatedOps.length > 0,
  };
}

export function overviewHtml(m: Markup, v: OverviewView): string {
  const has = sectionsOf(v);
  const item = (on: boolean, id: string, title: string) =>
    on ? `<li><a href="#${id}">${title}</a></li>\n` : '';
  return `<article class="overview">
<h1>${e(v.title)}</h1>
<p class="lead">Version ${e(v.version)}${v.summary ? ` · ${e(v.summary)}` : ''}</p>
<nav class="toc" aria-label="On this page">
<ul>
<li><a href="#base-url">Base URL</a></li>
${item(has.auth, 'authentication', 'Authentication')}${item(v.envelopes.length > 0, 'envelopes', 'Envelopes')}${item(has.wire, 'wire-encoding', 'Wire encoding')}${item(has.errors, 'errors', 'Errors')}${item(has.limits, 'limits', 'Limits')}${item(has.versioning, 'versioning', versioningTitle(v))}${item(!!v.description, 'about', 'About this API')}</ul>
</nav>

<section aria-labelledby="base-url">
<h2 id="base-url">Base URL</h2>
${serversHtml(m, v)}${has.auth ? '' : clientSetupHtml(v)}</section>

${has.auth ? authSectionHtml(m, v) : ''}${envelopesHtml(m, v)}${has.wire ? wireHtml(v) : ''}${has.errors ? errorsSectionHtml(v) : ''}${has.limits ? limitsSectionHtml(v) : ''}${has.versioning ? versioningSectionHtml(v) : ''}${v.description ? aboutHtml(m, v) : ''}</article>
`;
}

function versioningTitle(v: OverviewView): string {
  return v.levels.length > 0 ? 'Versioning and feature levels' : 'Versioning';
}

/** The client's import and construction, and where the bindings are. */
function clientSetupHtml(v: OverviewView): string {
  const where = v.clientFolder
    ? `The bindings are generated into <code>${e(v.clientFolder)}</code>, an npm package named <code>${e(v.packageName)}</code>: once it is installed, import from <code>${e(v.packageName)}</code> instead.`
    : `The bindings are an npm package named <code>${e(v.packageName)}</code>.`;
  return `<h3 id="client-setup">With the generated TypeScript client</h3>
<p>${where}</p>
<pre class="code" tabindex="0"><code>${e(v.clientSetup)}</code></pre>
`;
}

function authSectionHtml(m: Markup, v: OverviewView): string {
  return `<section aria-labelledby="authentication">
<h2 id="authentication">Authentication</h2>
${authenticationHtml(m, v)}
${clientSetupHtml(v)}</section>

`;
}

function wireHtml(v: OverviewView): string {
  return `
<section aria-labelledby="wire-encoding">
<h2 id="wire-encoding">Wire encoding</h2>
<p>How parameter values travel as text, counted over every parameter of every operation:</p>
<ul>${v.encodings.map((x) => `<li>${e(x.label)}: ${e(x.count)}</li>`).join('')}</ul>
${jsonFieldsHtml(v)}
</section>

`;
}

function errorsSectionHtml(v: OverviewView): string {
  return `<section aria-labelledby="errors">
<h2 id="errors">Errors</h2>
${errorsHtml(v)}
</section>

`;
}

function limitsSectionHtml(v: OverviewView): string {
  return `<section aria-labelledby="limits">
<h2 id="limits">Limits</h2>
${limitsHtml(v)}
<p>Limits stated in prose (rates, sizes returned by the server) are in the operations' descriptions${v.description ? ' and under <a href="#about">About this API</a>' : ''}.</p>
</section>

`;
}

function versioningSectionHtml(v: OverviewView): string {
  return `<section aria-labelledby="versioning">
<h2 id="versioning">${versioningTitle(v)}</h2>
<p>This reference describes version <strong>${e(v.version)}</strong> of the contract.</p>
${versioningHtml(v)}
</section>

`;
}

function serversHtml(m: Markup, v: OverviewView): string {
  if (v.servers.length === 0)
    return '<p>The contract names no server; paths are relative to wherever the API is served.</p>\n';
  let out = `<p>Every path in this reference is relative to the server URL${v.baseUrl ? `, for example <code>${e(v.baseUrl)}</code>` : ''}.</p>
<div class="table-scroll" tabindex="0"><table>
<thead><tr><th scope="col">Server URL</th><th scope="col">Description</th><th scope="col">Variables</th></tr></thead>
<tbody>
`;
  for (const s of v.servers) {
    out += `<tr><td><code>${e(s.url)}</code></td><td>${m.inline(s.description)}</td><td>`;
    for (const x of s.variables)
      out += `<p><code>${e(x.name)}</code> (default <code>${e(x.default)}</code>)${x.description ? `: ${m.inline(x.description)}` : ''}</p>`;
    out += '</td></tr>\n';
  }
  return out + '</tbody></table></div>\n';
}

function authenticationHtml(m: Markup, v: OverviewView): string {
  let out = '<ul>\n';
  for (const s of v.schemes)
    out += `<li><strong>${e(s.kind)}</strong> (<code>${e(s.name)}</code>)${s.description ? `: ${m.inline(s.description)}` : ''}</li>\n`;
  out += '</ul>\n<h3 id="fetching-credentials">Getting credentials</h3>\n';
  if (v.noAuth.length > 0) {
    out +=
      '<p>These operations take no credentials (on some APIs, this is how credentials are obtained):</p>\n<ul>';
    for (const op of v.noAuth)
      out += `<li><a href="${e(op.href)}"><code>${e(op.label)}</code></a> (<code>${e(op.id)}</code>)</li>`;
    out += '</ul>\n';
  } else out += '<p>No operation is callable without credentials.</p>';
  out += '\n<h3 id="unauthenticated-access">Unauthenticated access</h3>\n';
  if (v.optionalAuth.length > 0) {
    out += '<p>These operations also answer requests without credentials:</p>\n<ul>';
    for (const op of v.optionalAuth)
      out += `<li><a href="${e(op.href)}"><code>${e(op.label)}</code></a>${op.note ? `: ${m.inline(op.note)}` : ''}</li>`;
    out += '</ul>\n';
  } else out += '<p>Every other operation requires credentials.</p>';
  return out + '\n';
}

function envelopesHtml(m: Markup, v: OverviewView): string {
  if (v.envelopes.length === 0) return '';
  let out = '<section aria-labelledby="envelopes">\n<h2 id="envelopes">Envelopes</h2>\n';
  v.envelopes.forEach((x, i) => {
    out += `<h3 id="envelope-${i}"><a href="${e(x.href)}">${e(x.name)}</a></h3>\n`;
    out += `${x.tree.description ? m.block(x.tree.description) : ''}${treeHtml(m, x.tree)}\n`;
  });
  return out + '</section>\n';
}

function jsonFieldsHtml(v: OverviewView): string {
  if (v.jsonFields.length === 0) return '';
  let out = `<p>A <span class="badge badge-json">JSON-encoded</span> parameter is sent as <em>one</em> field whose value is JSON text: for example <code>to=[9,10]</code>, URL-encoded as <code>to=%5B9%2C10%5D</code>. The request samples on each page show the exact bytes. These parameters are JSON-encoded:</p>
<div class="table-scroll" tabindex="0"><table>
<thead><tr><th scope="col">Parameter</th><th scope="col">In</th><th scope="col">Operation</th></tr></thead>
<tbody>`;
  for (const f of v.jsonFields)
    out += `<tr><td><a href="${e(f.href)}"><code>${e(f.name)}</code></a></td><td>${e(f.location)}</td><td>${e(f.op)}</td></tr>`;
  out += '</tbody>\n</table></div>\n';
  if (v.jsonFieldsMore)
    out += `<p>… and ${e(v.jsonFieldsMore)} more (search for them by name).</p>`;
  return out + '\n';
}

function errorsHtml(v: OverviewView): string {
  let out: string;
  if (v.errorCount) {
    out = `<p>The API documents ${e(v.errorCount)} error codes, listed in the <a href="errors.html">error-code index</a> with the operations that return them:</p>\n<p class="code-list">`;
    for (const c of v.errorCodes) out += `<a href="${e(c.href)}"><code>${e(c.code)}</code></a> `;
    out += '</p>\n';
  } else out = '<p>Each operation lists its error responses.</p>';
  out += '\n';
  if (v.errorStatuses.length > 0) {
    out += '<p>Error responses are documented under: ';
    for (const s of v.errorStatuses) out += `<code>${e(s)}</code> `;
    out += v.errorStatuses.includes('default')
      ? '(<code>default</code> means any status the contract does not list).</p>'
      : '</p>';
  }
  return out;
}

function limitsHtml(v: OverviewView): string {
  let out = `<div class="table-scroll" tabindex="0"><table>
<thead><tr><th scope="col">Parameter</th><th scope="col">Operation</th><th scope="col">Limit</th></tr></thead>
<tbody>`;
  for (const l of v.limits)
    out += `<tr><td><a href="${e(l.href)}"><code>${e(l.name)}</code></a></td><td>${e(l.op)}</td><td>${e(l.limits)}</td></tr>`;
  out += '</tbody>\n</table></div>\n';
  if (v.limitsMore) out += `<p>… and ${e(v.limitsMore)} more.</p>`;
  return out + '\n';
}

function versioningHtml(v: OverviewView): string {
  let out: string;
  if (v.levels.length > 0) {
    out =
      '<p>Changes are recorded by feature level; the <a href="changelog.html">changelog</a> lists them all. Levels with changes:</p>\n<p class="code-list">';
    for (const l of v.levels)
      out += `<a href="${e(l.href)}">${e(l.label)}</a> <span class="count">(${e(l.count)})</span> `;
    out += '</p>\n';
  } else out = '';
  out += '\n';
  if (v.deprecatedOps.length > 0) {
    out += '<p>Deprecated operations: ';
    for (const op of v.deprecatedOps)
      out += `<a href="${e(op.href)}"><code>${e(op.label)}</code></a> `;
    out += '</p>';
  }
  return out;
}

function aboutHtml(m: Markup, v: OverviewView): string {
  return `<section aria-labelledby="about" class="about">
<h2 id="about">About this API</h2>
${m.block(v.description)}
${v.notShown ? `<div class="callout callout-note"><p class="callout-title">Not specified by the API description</p>${m.block(v.notShown)}</div>` : ''}
</section>
`;
}
