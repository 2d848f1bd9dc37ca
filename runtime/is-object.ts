/**
 * Whether a value is a JSON object (not null, not an array): the one test of it for the runtime
 * and the toolkit (runtime/ imports nothing, so the toolkit's layers import it from here).
 */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a value is a file part (multipart): sent and kept as it is, never as text or JSON. */
export function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}
