/**
 * The reuse of a previous run's files (outputSink's `manifests`): per output directory, a
 * manifest of the files a run placed there; a file whose copy on disk is still the one recorded
 * is left in place and goes into the new tree at the swap, moved with its folder or linked.
 */
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import type { ManifestRecord, PlacedFile, WriterFile } from './writer-thread.js';

/**
 * Puts the files the writer left in place (unchanged since the last run) into the staging:
 * a folder all of whose files are such, in the new output and in the current tree alike (no
 * other file there), is moved in whole — one rename instead of a link per file now and an
 * unlink per file when the old tree goes (GitHub's validators: ~4,000 files); the rest are
 * linked one by one. Moving takes the folder out of the current tree just before the swap, as
 * the swap itself does; the caller moves it back if the swap fails. Returns the folders moved.
 */
export function reuseInto(dir: string, temp: string, records: PlacedFile[]): string[] {
  const prefix = temp + sep;
  const left = new Set<string>();
  /** per folder (relative, '/'-joined from the path's segments), [files, files left in place] */
  const counts = new Map<string, [number, number]>();
  for (const [path, , inPlace] of records) {
    if (!path.startsWith(prefix)) continue;
    const rel = path.slice(prefix.length);
    if (inPlace) left.add(rel);
    const parts = rel.split(sep);
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join(sep);
      const c = counts.get(folder) ?? [0, 0];
      c[0]++;
      if (inPlace) c[1]++;
      counts.set(folder, c);
    }
  }
  if (left.size === 0) return [];
  const whole = [...counts]
    .filter(([, [all, inPlace]]) => all === inPlace)
    .map(([folder]) => folder)
    .sort((a, b) => a.split(sep).length - b.split(sep).length || (a < b ? -1 : 1));
  const moved: string[] = [];
  const covered = (rel: string) => moved.some((m) => rel.startsWith(m + sep));
  try {
    for (const folder of whole) {
      if (covered(folder)) continue;
      const files = filesIfPlain(join(dir, folder));
      if (!files || files.length !== counts.get(folder)![1]) continue;
      if (!files.every((f) => left.has(join(folder, f)))) continue;
      mkdirSync(dirname(join(temp, folder)), { recursive: true });
      renameSync(join(dir, folder), join(temp, folder));
      moved.push(folder);
    }
    const made = new Set<string>();
    for (const rel of left) {
      if (covered(rel)) continue;
      const target = join(temp, rel);
      if (!made.has(dirname(target))) {
        mkdirSync(dirname(target), { recursive: true });
        made.add(dirname(target));
      }
      try {
        linkSync(join(dir, rel), target);
      } catch {
        copyFileSync(join(dir, rel), target); // links refused: the same bytes, copied
      }
    }
  } catch (error) {
    for (const folder of moved) renameSync(join(temp, folder), join(dir, folder));
    throw error;
  }
  return moved;
}

/** The files under `folder` (relative), or undefined when it holds anything but files and folders. */
function filesIfPlain(folder: string): string[] | undefined {
  const out: string[] = [];
  const walk = (d: string, rel: string): boolean => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = rel ? join(rel, entry.name) : entry.name;
      if (entry.isDirectory()) {
        if (!walk(join(d, entry.name), path)) return false;
      } else if (entry.isFile()) out.push(path);
      else return false;
    }
    return true;
  };
  try {
    return walk(folder, '') ? out : undefined;
  } catch {
    return undefined;
  }
}

function manifestFile(folder: string, dir: string): string {
  const id = createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 24);
  return join(folder, `output-${id}.manifest`);
}

export function readManifest(folder: string, dir: string): Map<string, ManifestRecord> {
  try {
    const parsed = JSON.parse(readFileSync(manifestFile(folder, dir), 'utf8')) as {
      dir: string;
      files: Record<string, ManifestRecord>;
    };
    if (parsed.dir === resolve(dir)) return new Map(Object.entries(parsed.files));
  } catch {
    // none yet, or unreadable: every file is written
  }
  return new Map();
}

/** The copy in the current tree a file may be linked from, when the manifest knows it. */
export function oldCopy(
  dir: string,
  path: string,
  record: ManifestRecord | undefined,
): WriterFile['old'] {
  return record ? { path: join(dir, path), record } : undefined;
}

/** The manifest of `dir` after the swap: the records of its files, staged under `temp`. */
export function writeManifest(
  folder: string,
  dir: string,
  temp: string,
  records: PlacedFile[],
): void {
  const files: Record<string, ManifestRecord> = {};
  const prefix = temp + sep;
  for (const [path, record] of records)
    if (path.startsWith(prefix)) files[path.slice(prefix.length)] = record;
  const file = manifestFile(folder, dir);
  const tempFile = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(tempFile, JSON.stringify({ dir: resolve(dir), files }));
    renameSync(tempFile, file);
  } catch {
    rmSync(tempFile, { force: true }); // no manifest: the next run writes every file
  }
}
