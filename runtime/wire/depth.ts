/**
 * A bound on how deeply JSON text nests, checked on the text before anything recursive reads
 * it: JSON.stringify, validators and handlers all recurse, and a value nested 10,000 levels
 * deep overflows the stack of some of them. One pass, no recursion, no allocation.
 */

/** The deepest nesting of arrays and objects any JSON value the wire model reads may have. */
export const MAX_JSON_DEPTH = 64;

/** Whether `text` (JSON or not) opens more than `max` arrays/objects at once outside strings. */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
