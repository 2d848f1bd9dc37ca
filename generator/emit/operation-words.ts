/**
 * An output made with each operation's own description as a token, and the words put back
 * after: what an emitter that shows those words (and is costly to run) caches under the model
 * without them (model/digest.ts, `withoutOperationDescriptions`), so a description edit reuses
 * the output and only puts the new words in. The emitter's text must write a string the way
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
 * depends on besides the model). Without a cache, render() itself.
 */
export async function withOperationWords(
  ctx: EmitContext,
  step: string,
  settings: string,
  render: () => string,
  quote: (words: string) => string,
): Promise<string> {
  if (!ctx.memo || !ctx.slices) return render();
  const { held } = operationWords(ctx.model);
  let made: string | undefined;
  const entry = await ctx.memo(
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
      made = fill(skeleton, nonce, held, quote);
      return `${JSON.stringify({ nonce, count: held.length })}\n${skeleton}`;
    },
  );
  if (made !== undefined) return made;
  const newline = entry.indexOf('\n');
  const { nonce, count } = JSON.parse(entry.slice(0, newline)) as { nonce: string; count: number };
  const filled =
    count === held.length ? fill(entry.slice(newline + 1), nonce, held, quote) : undefined;
  return filled ?? render();
}

function token(nonce: string, i: number): string {
  return `${OPEN}${nonce}:${i}${CLOSE}`;
}

/** The skeleton with each token's quoted form replaced by its words quoted; undefined: it does not fit. */
function fill(
  skeleton: string,
  nonce: string,
  held: { words: string }[],
  quote: (words: string) => string,
): string | undefined {
  const quoted = quote(token(nonce, 0));
  const at = quoted.indexOf(OPEN);
  const end = quoted.indexOf(CLOSE);
  if (at < 0 || end < 0) return undefined;
  const before = quoted.slice(0, at);
  const after = quoted.slice(end + CLOSE.length);
  const mark = OPEN + nonce + ':';
  const parts: string[] = [];
  let from = 0;
  for (let i = skeleton.indexOf(mark); i >= 0; i = skeleton.indexOf(mark, i + 1)) {
    // a whole quoted token: its opening quote before, its number and closing quote after
    const close = skeleton.indexOf(CLOSE, i + mark.length);
    const digits = close < 0 ? '' : skeleton.slice(i + mark.length, close);
    const n = /^\d+$/.test(digits) ? Number(digits) : NaN;
    const start = i - before.length;
    if (
      !Number.isInteger(n) ||
      n >= held.length ||
      skeleton.slice(start, i) !== before ||
      skeleton.slice(close + CLOSE.length, close + CLOSE.length + after.length) !== after ||
      start < from
    )
      return undefined;
    parts.push(skeleton.slice(from, start), quote(held[n].words));
    from = close + CLOSE.length + after.length;
  }
  parts.push(skeleton.slice(from));
  return parts.join('');
}
