/**
 * A file's stamp: its size and modification time, what a watch (run/watch.ts) compares to tell
 * an edit from an event that changed nothing. One format for the loader, which stamps each file
 * as it reads it, and for the watch, which stamps the same files later.
 */
export function fileStampOf(stats: { size: number; mtimeMs: number }): string {
  return `${stats.size}\t${stats.mtimeMs}`;
}
