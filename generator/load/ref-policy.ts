/**
 * Where a `$ref` may lead. Contract text is untrusted, so a reference is a request to read a
 * file, granted only inside the contract's own folder (and folders named with `--ref-root`):
 * no remote URL is ever fetched, no absolute path or `../` leaves the roots, and a symbolic
 * link inside a root that points outside it is refused too. The verdict comes before the file
 * is opened; the refused file's content never appears in a message.
 */
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve as resolvePath, sep } from 'node:path';

export type RefVerdict = { ok: true } | { ok: false; message: string; hint?: string };

/** `http:`, `https:`, `file:`, `urn:`..., or a network-path reference (`//host/x`). */
export function isRemoteRef(filePart: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(filePart) || filePart.startsWith('//');
}

export interface RefRoots {
  /** lexical and real (symlink-free) spellings of every root folder */
  dirs: string[];
  /** the roots as shown in messages */
  shown: string;
}

export function refRoots(rootFile: string, extra: string[], cwd: string): RefRoots {
  const lexical = [dirname(resolvePath(cwd, rootFile)), ...extra.map((d) => resolvePath(cwd, d))];
  const dirs = new Set<string>();
  for (const dir of lexical) {
    dirs.add(dir);
    try {
      dirs.add(realpathSync(dir));
    } catch {
      // A root that does not exist admits nothing more than its lexical spelling.
    }
  }
  const shown = lexical.map((d) => relative(cwd, d) || '.').join(', ');
  return { dirs: [...dirs], shown };
}

function inside(path: string, dirs: string[]): boolean {
  return dirs.some((dir) => {
    const rel = relative(dir, path);
    return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
  });
}

/** May `path` (absolute, already resolved against the referring file) be read? */
export function checkRefTarget(path: string, roots: RefRoots): RefVerdict {
  const outside: RefVerdict = {
    ok: false,
    message: `leaves the contract's folder (${roots.shown}): not read`,
    hint: "$ref may read files under the root document's folder only; --ref-root <dir> admits another folder",
  };
  if (!inside(path, roots.dirs)) return outside;
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return { ok: true }; // missing: the reader says "file not found"
  }
  return inside(real, roots.dirs) ? { ok: true } : outside;
}
