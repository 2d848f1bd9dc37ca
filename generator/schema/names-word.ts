/**
 * Whether a JSON value holds one of `words` as a key or as a string value: what a regular
 * expression over `JSON.stringify(value)` for `"word"` answers, without building that text (the
 * size of the model's JSON, made once per such question). Keys whose value JSON leaves out
 * (undefined, functions) do not count, as there.
 */
export function namesWord(value: unknown, words: ReadonlySet<string>): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (words.has(node)) return true;
      continue;
    }
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    for (const [key, item] of Object.entries(node)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      if (words.has(key)) return true;
      stack.push(item);
    }
  }
  return false;
}
