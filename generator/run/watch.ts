/**
 * The one watch of a contract, shared by `generate --watch` and `preview`: it watches the files
 * the last run read (the document and what its `$ref`s reach, `RunResult.contractFiles`), so
 * other files of the folder (an `npm install` beside the contract, notes) never start a run;
 * reruns once a burst of writes has settled, one run at a time; and takes the list again after
 * each run, since an edit may add a `$ref`. An invalid contract is reported and watched on: its
 * files stay watched, and the files its problems are in join them.
 *
 * Each watched folder gets a plain (non-recursive) watcher, set up synchronously, so an edit
 * made as soon as the command says it is watching is seen; files are compared by stamp (size,
 * modification time), so an event that changed nothing starts no run; a file a run read first
 * (every file of the first run, a new `$ref`'d one later) is compared with the stamp its loader
 * took as it read it (without one: as it was before the first run, or is after the later one),
 * so an edit made while that run went on starts another. Only the contract's files are ever
 * stamped, never the rest of its folder.
 */
import { statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileStampOf } from '../common/file-stamp.js';
import type { RunResult } from './options.js';

/**
 * Editors save in several writes a few milliseconds apart (truncate then write, or write then
 * rename), each an event: one run per burst. Kept short, since it adds to every edit's time to
 * the new output (preview's reloaded page).
 */
const SETTLE_MS = 25;

export interface ContractWatch {
  /** the contract's root document */
  contract: string;
  /** the contract's stamp taken before the first run (`stampFiles`) */
  before: Map<string, string>;
  /** the first run's result: the files it read are watched */
  first: RunResult;
  /** one run; each starts after the last has ended */
  run: () => Promise<RunResult>;
  /** a file changed and a run starts */
  starting?: () => void;
  /** a run ended (`ms`: how long it took) */
  finished: (result: RunResult, ms: number) => void;
}

export interface Watching {
  /** the files watched now */
  files: () => readonly string[];
  stop: () => void;
}

/**
 * Each file's stamp now (absolute paths), as the watch compares them: before the first run, the
 * contract's root document (the run's own stamps cover the files it reaches); never its folder,
 * whose other files (node_modules, notes) are no part of the contract.
 */
export function stampFiles(files: readonly string[]): Map<string, string> {
  return fileStamps(files.map((f) => resolve(f)));
}

/** Each file's size and modification time (absent: a file that is not there). */
function fileStamps(files: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of files) {
    try {
      out.set(file, fileStampOf(statSync(file)));
    } catch {
      out.set(file, 'absent');
    }
  }
  return out;
}

/**
 * The files to watch after a run: those a good run read; after a failed one, those watched
 * before and those its problems are in (a broken `$ref`'d file must be seen when it is fixed).
 */
function filesAfter(watched: readonly string[], result: RunResult): string[] {
  const reported = (result.contractFiles ?? []).map((f) => resolve(f));
  if (result.exitCode === 0 && reported.length > 0) return reported;
  return [...new Set([...watched, ...reported])];
}

/**
 * Watches the given files only (each one's folder, events for other names ignored); editors
 * that save by writing a new file and renaming it over the old one are seen too, since the
 * folder is watched rather than the file. Returns a stop.
 */
function watchFiles(files: readonly string[], changed: () => void): () => void {
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
      // a folder removed meanwhile: the next run says what is missing
    }
  }
  return () => {
    for (const watcher of watchers) watcher.close();
  };
}

/** Watches the contract's files; runs again when one differs from what the last run read. */
export function watchContract(w: ContractWatch): Watching {
  let files = filesAfter([resolve(w.contract)], w.first);
  const now = fileStamps(files);
  // what the first run read: the stamps its loader took, else those from before it
  const first = (f: string) => w.first.contractStamps?.[f] ?? w.before.get(f) ?? now.get(f)!;
  let read = new Map(files.map((f) => [f, first(f)]));
  let running = false;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let unwatch = () => {};
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void go(), SETTLE_MS);
  };
  const watchAll = () => {
    unwatch();
    unwatch = watchFiles(files, changed);
  };
  const go = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const stamps = fileStamps(files);
    if (files.every((f) => stamps.get(f) === read.get(f))) return;
    read = stamps;
    running = true;
    w.starting?.();
    const started = performance.now();
    const result = await Promise.resolve().then(w.run).catch(internalError);
    running = false;
    if (stopped) return;
    const next = filesAfter(files, result);
    if (next.join('\n') !== files.join('\n')) {
      // a file new to the list: as the run's loader read it (an edit made since is seen),
      // else as it is now
      const now = fileStamps(next);
      const added = next.map((f) => [f, result.contractStamps?.[f] ?? now.get(f)!] as const);
      read = new Map([...added, ...read]);
      files = next;
      watchAll();
      // an edit of a new file made while the run went on, before it was watched
      changed();
    }
    // said once the new list is watched: an edit made after the run's report is seen
    w.finished(result, performance.now() - started);
    if (again) {
      again = false;
      await go();
    }
  };
  watchAll();
  // an edit made while the first run went on: it saw the old text
  changed();
  return {
    files: () => files,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      unwatch();
    },
  };
}

/** A run that threw (a defect of ours, not of the contract): said, and the watch goes on. */
function internalError(error: unknown): RunResult {
  return { exitCode: 1, lines: [`tms-gen: internal error: ${(error as Error).message ?? error}`] };
}
