import type { GeneratedFile } from '../common/generated-file.js';

/** The bytes of files as written (text as UTF-8). */
export function sizeOf(files: GeneratedFile[]): number {
  return files.reduce(
    (n, f) =>
      n + (typeof f.contents === 'string' ? Buffer.byteLength(f.contents) : f.contents.length),
    0,
  );
}
