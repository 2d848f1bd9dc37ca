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
import { basename, dirname, join } from 'node:path';

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

/** Each file's size and modification time (absent: a file that is not there). */
export function fileStamps(files: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of files) {
    try {
      const s = statSync(file);
      out.set(file, `${s.size}\t${s.mtimeMs}`);
    } catch {
      out.set(file, 'absent');
    }
  }
  return out;
}

/**
 * Watches the given files only (each one's folder, events for other names ignored: an
 * `npm install` beside the contract is not an edit of it); editors that save by writing a new
 * file and renaming it over the old one are seen too, since the folder is watched rather than
 * the file. Returns a stop.
 */
export function watchFiles(files: readonly string[], changed: () => void): () => void {
  const byFolder = new Map<string, Set<string>>();
  for (const file of files) {
    const folder = dirname(file);
    byFolder.set(folder, (byFolder.get(folder) ?? new Set()).add(basename(file)));
  }
  const watchers: FSWatcher[] = [];
  for (const [folder, names] of byFolder) {
    try {
      const watcher = watch(folder, (_event, name) => {
        // no name (some platforms): it may have been one of ours
        if (name === null || names.has(String(name))) changed();
      });
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // a folder removed meanwhile: the next regeneration says what is missing
    }
  }
  return () => {
    for (const watcher of watchers) watcher.close();
  };
}
