/**
 * An output made with each operation's own description as a token, and the words put back
 * after: what an emitter that shows those words caches under the model without them
 * (model/digest.ts, `withoutOperationDescriptions`), so a description edit reuses the output and
 * only puts the new words in. Worth it for an output costly to make (the Prism document's view)
 * or large (the contract document: its bytes are spliced, never serialized, decoded or encoded
 * again). The emitter's text must write a string the way
 * `quote` does wherever it writes one (JSON.stringify for a JSON output: the same text for a
 * string alone and inside any document, whatever the indentation).
 *
 * The tokens hold a random 64-bit nonce (stored with the skeleton): a contract does not spell
 * one by chance, and the fill checks that every token is there as many
 * times as the skeleton's own count says, nothing else resembling one. A skeleton that does
 * not fit (another count of descriptions) is made again.
 */
import { randomBytes } from 'node:crypto';
import { operationWords } from '../model/digest.js';
import type { EmitContext } from './emitter.js';

/** ASCII (a text that is all one-byte characters stays so: faster to decode, search and write) */
const OPEN = '{{tms-words:';
const CLOSE = '}}';

/**
 * `render()`'s text for the model, from the cache when only operations' own descriptions
 * changed since it was made (`step` names the entry; `settings`: whatever else the text
 * depends on besides the model): as UTF-8 bytes, the skeleton's bytes with the words spliced
 * in (a large document's text is never decoded from the cache nor encoded again to be
 * written). Without a cache, render() itself.
 */
export async function withOperationWords(
  ctx: EmitContext,
  step: string,
  settings: string,
  render: () => string,
  quote: (words: string) => string,
): Promise<string | Uint8Array> {
  if (!ctx.memoBytes || !ctx.slices) return render();
  const { held } = operationWords(ctx.model);
  let made: Uint8Array | undefined;
  const entry = await ctx.memoBytes(
    step,
    `${ctx.slices.withoutOperationDescriptions}\0${settings}`,
    async () => {
      const nonce = randomBytes(8).toString('hex');
      let skeleton: string;
      for (let i = 0; i < held.length; i++) held[i].object.description = token(nonce, i);
      try {
        skeleton = render();
      } finally {
        for (const h of held) h.object.description = h.words;
      }
      const stored = Buffer.from(`${JSON.stringify({ nonce, count: held.length })}\n${skeleton}`);
      made = fill(stored.subarray(stored.indexOf(NEWLINE) + 1), nonce, held, quote);
      return stored;
    },
  );
  if (made !== undefined) return made;
  const text = Buffer.from(entry.buffer, entry.byteOffset, entry.byteLength);
  const newline = text.indexOf(NEWLINE);
  let head: { nonce?: unknown; count?: unknown } | undefined;
  try {
    head = JSON.parse(text.toString('utf8', 0, Math.max(newline, 0))) as typeof head;
  } catch {
    head = undefined;
  }
  const filled =
    newline > 0 && typeof head?.nonce === 'string' && head.count === held.length
      ? fill(text.subarray(newline + 1), head.nonce, held, quote)
      : undefined;
  return filled ?? render();
}

/**
 * A JSON document (`view()`, indented by two spaces, a newline at the end) through
 * withOperationWords: JSON.stringify writes a string alone as it writes it inside the document.
 */
export function jsonWithOperationWords(
  ctx: EmitContext,
  step: string,
  settings: string,
  view: () => unknown,
): Promise<string | Uint8Array> {
  return withOperationWords(
    ctx,
    step,
    settings,
    () => JSON.stringify(view(), null, 2) + '\n',
    (words) => JSON.stringify(words),
  );
}

const NEWLINE = 0x0a;

function token(nonce: string, i: number): string {
  return `${OPEN}${nonce}:${i}${CLOSE}`;
}

/**
 * The skeleton (UTF-8) with each token's quoted form replaced by its words quoted; undefined:
 * it does not fit. The bytes are a plain Uint8Array of their own (the writer hands its buffer
 * over to its thread whole).
 */
function fill(
  skeleton: Buffer,
  nonce: string,
  held: { words: string }[],
  quote: (words: string) => string,
): Uint8Array | undefined {
  const quoted = quote(token(nonce, 0));
  const at = quoted.indexOf(OPEN);
  const end = quoted.indexOf(CLOSE);
  if (at < 0 || end < 0) return undefined;
  const before = Buffer.from(quoted.slice(0, at));
  const after = Buffer.from(quoted.slice(end + CLOSE.length));
  const mark = Buffer.from(OPEN + nonce + ':');
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let i = skeleton.indexOf(mark); i >= 0; i = skeleton.indexOf(mark, i + 1)) {
    // a whole quoted token: its opening quote before, its number and closing quote after
    const close = skeleton.indexOf(CLOSE, i + mark.length);
    const digits = close < 0 ? '' : skeleton.toString('latin1', i + mark.length, close);
    const n = /^\d+$/.test(digits) ? Number(digits) : NaN;
    const start = i - before.length;
    const rest = close + CLOSE.length;
    if (
      !Number.isInteger(n) ||
      n >= held.length ||
      start < from ||
      !skeleton.subarray(start, i).equals(before) ||
      !skeleton.subarray(rest, rest + after.length).equals(after)
    )
      return undefined;
    parts.push(skeleton.subarray(from, start), Buffer.from(quote(held[n].words)));
    from = rest + after.length;
  }
  parts.push(skeleton.subarray(from));
  const out = new Uint8Array(parts.reduce((size, p) => size + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
