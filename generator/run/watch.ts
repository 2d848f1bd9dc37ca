/**
 * `--watch`: what counts as a change of the contract's folder, and when watching has begun.
 *
 * Node's `fs.watch(dir, { recursive: true })` on Linux sets up the watchers of the subfolders
 * asynchronously, so an edit made right after the call (the moment the CLI says it is watching)
 * can go unseen, and an edit made while the first generate runs is never seen at all. Here each
 * folder gets a plain watcher, set up synchronously before the CLI says it is watching; new
 * folders are picked up on the next event; and the folder's files are stamped (size, mtime)
 * before the first run, so an edit made during that run starts a second one.
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/** `root` and every folder below it, but dependency and hidden folders (never the contract's). */
function foldersUnder(root: string): string[] {
  const out = [root];
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries)
    if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
      out.push(...foldersUnder(join(root, entry.name)));
  return out;
}

/** The size and modification time of every file below `root`, as one comparable string. */
export function folderStamp(root: string): string {
  const parts: string[] = [];
  for (const folder of foldersUnder(root)) {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      try {
        const s = statSync(join(folder, entry.name));
        parts.push(`${folder}/${entry.name}\t${s.size}\t${s.mtimeMs}`);
      } catch {
        // removed meanwhile: its absence is in the stamp
      }
    }
  }
  return parts.sort().join('\n');
}

/**
 * Watches every folder below `root` (set up before this returns) and calls `changed` on each
 * event; folders created later are watched from the event that shows them. Returns a stop.
 */
export function watchFolder(root: string, changed: () => void): () => void {
  const watchers = new Map<string, FSWatcher>();
  const cover = () => {
    for (const folder of foldersUnder(root)) {
      if (watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, () => {
          cover();
          changed();
        });
        // a watched folder that goes away: forget it (a new one of that name is watched anew)
        watcher.on('error', () => {
          watcher.close();
          watchers.delete(folder);
        });
        watchers.set(folder, watcher);
      } catch {
        // removed between the listing and the watch: the next event covers what is there
      }
    }
  };
  cover();
  return () => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
