/**
 * The "Paging and retries" callout of an operation page: how the operation pages (the model's
 * `pagination`, from `x-pagination`) with the client call that walks it, and whether the client
 * retries it (the model's `idempotent`). One small block beside the page's other callouts.
 */
import { htmlText as e, literal } from '../../common/source.js';
import type { Operation } from '../../model/types.js';
import { highlight } from './highlight.js';

const code = (name: string | undefined) => (name === undefined ? '' : `<code>${e(name)}</code>`);
const field = (path: readonly string[] | undefined) => code(path?.join('.'));

/** The callout's HTML; the operation's pages first, then its retries. */
export function pagingHtml(op: Operation): string {
  const p = op.pagination;
  const limit =
    p?.max !== undefined
      ? ` At most ${p.max} items a request${p.recommended !== undefined ? `, ${p.recommended} recommended` : ''}.`
      : '';
  const how = !p
    ? ''
    : p.style === 'anchor'
      ? `By anchor: ${code(p.anchor)} with ${code(p.before)} older and ${code(p.after)} newer items; ${field(p.foundOldest)} and ${field(p.foundNewest)} say an end was reached.`
      : p.style === 'cursor'
        ? `By cursor: ${code(p.cursor)} from ${p.next ? field(p.next) : `the last item's ${field(p.fromItem)}`}${p.hasMore ? `, while ${field(p.hasMore)}` : ''}.`
        : p.style === 'offset'
          ? `By offset: ${code(p.offset)} and ${code(p.size)}${p.total ? `, up to ${field(p.total)}` : ''}.`
          : p.style === 'page'
            ? `By page number: ${code(p.page)}${p.totalPages ? `, up to ${field(p.totalPages)}` : ''}.`
            : 'By the answer\'s <code>Link: &lt;…&gt;; rel="next"</code> header.';
  const sample = p
    ? `for await (const item of paginate(api, ${literal(op.names.method)}, {}${p.style === 'anchor' ? ", { direction: 'older' }" : ''}).items()) {\n  console.log(item);\n}`
    : '';
  const retry = op.idempotent
    ? 'Safe to repeat: a client given a <code>retryPolicy</code> retries it after a lost connection or a 408, 429, 502, 503 or 504, honouring <code>Retry-After</code>.'
    : 'Not safe to repeat: the client never retries it.';
  return `<div class="callout paging"><p class="callout-title">${p ? 'Paging and retries' : 'Retries'}</p>
${p ? `<p>${how}${e(limit)} The client walks it, each item once:</p>\n<pre class="code" tabindex="0"><code>${highlight(sample, 'js')}</code></pre>\n` : ''}<p>${retry}</p></div>`;
}
