/**
 * JSON pointers (RFC 6901), the one way this toolkit names a place in a contract.
 * `~` and `/` inside a segment are escaped here and nowhere else.
 */

export function escapeSegment(segment: string | number): string {
  const s = String(segment);
  // Most segments need no escape; pointers are built for every node of large documents.
  if (s.indexOf('~') === -1 && s.indexOf('/') === -1) return s;
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(segment: string): string {
  if (segment.indexOf('~') === -1) return segment;
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `pointer('paths', '/messages', 'get')` → `#/paths/~1messages/get` */
export function pointer(...segments: (string | number)[]): string {
  return '#' + segments.map((s) => '/' + escapeSegment(s)).join('');
}

/** Append segments to an existing pointer. */
export function childPointer(base: string, ...segments: (string | number)[]): string {
  return base + segments.map((s) => '/' + escapeSegment(s)).join('');
}

/** `#/a/b~1c` → ['a', 'b/c']; accepts with or without the leading `#`. */
export function parsePointer(ptr: string): string[] {
  const body = ptr.startsWith('#') ? ptr.slice(1) : ptr;
  if (body === '' || body === '/') return body === '/' ? [''] : [];
  if (!body.startsWith('/')) throw new Error(`not a JSON pointer: ${ptr}`);
  const segments = body.slice(1).split('/');
  // Most pointers have nothing to unescape or decode (they are parsed for every `$ref` followed).
  if (body.indexOf('~') === -1 && body.indexOf('%') === -1) return segments;
  return segments.map((s) => unescapeSegment(decodeURIComponentSafe(s)));
}

/**
 * `Error` of a `$ref` `#/components/schemas/Error` (the segment unescaped as `parsePointer`
 * reads it, so `a~1b` is `a/b`); undefined for anything else, a pointer deeper into a component
 * included.
 */
export function componentSchemaName(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return undefined;
  const segments = parsePointer(ref);
  return segments.length === 3 ? segments[2] : undefined;
}

function decodeURIComponentSafe(s: string): string {
  // Pointers in URI fragments may be percent-encoded (`%7B` for `{`); plain ones are not.
  if (s.indexOf('%') === -1) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The value at a pointer, or undefined when any step is missing. */
export function getAt(root: unknown, ptr: string | string[]): unknown {
  if (typeof ptr === 'string' && ptr.indexOf('~') === -1 && ptr.indexOf('%') === -1)
    return getAtPlain(root, ptr);
  const segments = typeof ptr === 'string' ? parsePointer(ptr) : ptr;
  let node: unknown = root;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * getAt for a pointer with nothing to unescape or decode, read in place: no array of its
 * segments is made (it runs for every `$ref` the loader and the model follow).
 */
function getAtPlain(root: unknown, ptr: string): unknown {
  let at = ptr.charCodeAt(0) === 35 ? 1 : 0; // '#'
  if (at === ptr.length) return root;
  if (ptr.charCodeAt(at) !== 47) throw new Error(`not a JSON pointer: ${ptr}`); // '/'
  let node: unknown = root;
  while (at < ptr.length) {
    const next = ptr.indexOf('/', at + 1);
    const end = next === -1 ? ptr.length : next;
    const segment = ptr.slice(at + 1, end);
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
    at = end;
  }
  return node;
}
