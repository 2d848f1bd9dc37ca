/**
 * The one function that turns contract text (an operationId, a schema or tag name) into a file
 * name stem. Contract text is untrusted and file systems differ, so a stem is:
 * - made of `A-Z a-z 0-9 _ -` only, not starting with `-` (no path separators, no dot files,
 *   nothing a shell or Windows treats specially);
 * - at most FILE_STEM_MAX characters (a 10,000-character operationId would otherwise exceed the
 *   255-byte limit of a file name: ENAMETOOLONG);
 * - unique within its folder compared lower-cased, so `Foo` and `foo` do not share a file on
 *   macOS or Windows, and never a Windows device name (`con`, `nul`, `com1`, …);
 * - stable: a name that is already a safe, short, uncontested stem stays itself; any other gets a
 *   readable prefix plus 8 hex digits of the SHA-256 of the whole name, so its file does not
 *   depend on which other names the contract holds or in what order.
 */
import { createHash } from 'node:crypto';

export const FILE_STEM_MAX = 64;
const HASH_LENGTH = 8;
const SAFE = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;
const WINDOWS_DEVICES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** The readable part of a name: unsafe runs as `-`, no leading/trailing `-`, cut to fit a hash. */
function readablePrefix(name: string): string {
  return name
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, FILE_STEM_MAX - HASH_LENGTH - 1)
    .replace(/-+$/, '');
}

function hashOf(name: string): string {
  return createHash('sha256').update(name).digest('hex').slice(0, HASH_LENGTH);
}

/** `name` itself when it can be a file name as it is. */
function verbatim(name: string): boolean {
  return name.length <= FILE_STEM_MAX && SAFE.test(name) && !WINDOWS_DEVICES.test(name);
}

/** The hashed stem of a name: `<readable prefix>-<hash>`, or the hash alone. */
function hashed(name: string): string {
  const prefix = readablePrefix(name);
  return prefix === '' ? hashOf(name) : `${prefix}-${hashOf(name)}`;
}

/**
 * File stems of `names` (duplicates share one), unique compared lower-cased among themselves
 * and against `reserved` (stems the folder already uses, e.g. the scaffold's `index`).
 * Of names whose stems would meet, the one first in code-point order keeps its verbatim stem
 * and the others are hashed: the outcome does not depend on the names' order.
 */
export function fileStems(names: Iterable<string>, reserved: string[] = []): Map<string, string> {
  const sorted = [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const taken = new Set(reserved.map((r) => r.toLowerCase()));
  const out = new Map<string, string>();
  const claim = (name: string, stem: string) => {
    out.set(name, stem);
    taken.add(stem.toLowerCase());
  };
  for (const name of sorted)
    if (verbatim(name) && !taken.has(name.toLowerCase())) claim(name, name);
  for (const name of sorted) {
    if (out.has(name)) continue;
    let stem = hashed(name);
    // Only a crafted name can meet a hashed stem; a counter then keeps stems unique.
    for (let n = 2; taken.has(stem.toLowerCase()); n++) stem = `${hashed(name)}-${n}`;
    claim(name, stem);
  }
  return out;
}
