/**
 * Digests of the model, the keys of the output cache (generator/cache.ts): two emitters whose
 * digest is the same produce the same files, so a cached copy can stand in for a run.
 *
 * - `whole`: everything in the model (the document included). Any change changes it.
 * - `withoutProse`: the same with the text of every prose string left out — string-valued
 *   `description` and `summary` members count only as present — for outputs that carry no
 *   prose: the validators (Ajv code never embeds an annotation) and the document checks' verdict
 *   (a description must be a string, and a response must have one; its words change nothing). Values that are data stay whole wherever they appear
 *   (`const`, `enum`, `default`, `example(s)`, `x-` extensions, example and enum values), so a
 *   `{"description": …}` inside a `const` still counts; a schema named `description` (an
 *   object, not a string) is never left out.
 *
 * Both are SHA-256 over a canonical JSON text (object members in their insertion order, which
 * the loader keeps from the document: the same document gives the same digest).
 */
import { createHash, type Hash } from 'node:crypto';
import type { ApiModel } from './types.js';

export interface ModelDigests {
  whole: string;
  withoutProse: string;
}

const PROSE = new Set(['description', 'summary']);
/** Members whose value is data (kept whole, prose-looking members included). */
const DATA = new Set([
  'const',
  'enum',
  'default',
  'example',
  'examples',
  'value',
  'extensions',
  'levelFacts',
]);

export function modelDigests(model: ApiModel): ModelDigests {
  const whole = createHash('sha256').update(JSON.stringify(model)).digest('hex');
  const hash = createHash('sha256');
  const sink = new ChunkedHash(hash);
  writeWithoutProse(model, sink);
  sink.flush();
  return { whole, withoutProse: hash.digest('hex') };
}

/** Feeds the hash in large chunks: one update per value would cost more than the walk. */
class ChunkedHash {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly hash: Hash) {}
  push(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size > 1 << 20) this.flush();
  }
  flush(): void {
    if (this.parts.length === 0) return;
    this.hash.update(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}

function writeWithoutProse(value: unknown, out: ChunkedHash): void {
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value) ?? 'null');
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    for (const item of value) {
      writeWithoutProse(item, out);
      out.push(',');
    }
    out.push(']');
    return;
  }
  out.push('{');
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined) continue;
    out.push(JSON.stringify(key));
    out.push(':');
    if (PROSE.has(key) && typeof member === 'string') {
      out.push('~,'); // present, words not counted (`~` is no JSON value: nothing else reads so)
      continue;
    }
    if (DATA.has(key) || key.startsWith('x-')) out.push(JSON.stringify(member) ?? 'null');
    else writeWithoutProse(member, out);
    out.push(',');
  }
  out.push('}');
}
