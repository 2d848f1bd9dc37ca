// The enum an x-enum-* extension speaks of: the `enum` of the schema that carries the extension.
// Spectral hands a function only the extension's value, so the schema is found from the path.

/** The object holding the value at `path` in the resolved document, or undefined. */
export function parentOf(context) {
  let node = context.documentInventory.resolved;
  for (const segment of context.path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[segment];
  }
  return node !== null && typeof node === 'object' ? node : undefined;
}

/** Enum members as the string keys an x-enum-* map uses (`1`, `true`, `` for the empty string). */
export function enumKeys(schema) {
  return Array.isArray(schema?.enum)
    ? schema.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
    : undefined;
}
