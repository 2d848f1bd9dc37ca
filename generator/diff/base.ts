/**
 * The base of `tms-gen diff`: a file, or a git ref. A ref reads the whole folder of the contract
 * at that ref (the root document and every file it `$ref`s), extracted with `git archive` into a
 * temporary folder that is removed afterwards; nothing is fetched.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

export interface BaseSource {
  /** the file to load */
  file: string;
  /** how to name it in messages: the path, or `ref:path` */
  label: string;
  /** removes what was extracted */
  dispose(): void;
}

export type BaseResult = { ok: true; base: BaseSource } | { ok: false; message: string };

export function resolveBase(base: string, contract: string): BaseResult {
  if (existsSync(base) && statSync(base).isFile())
    return { ok: true, base: { file: base, label: base, dispose: () => {} } };
  const contractDir = dirname(resolve(contract));
  const top = git(['rev-parse', '--show-toplevel'], contractDir);
  if (!top.ok)
    return {
      ok: false,
      message: `--base ${base}: not a file, and ${contractDir} is not in a git repository`,
    };
  const commit = git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], contractDir);
  if (!commit.ok)
    return {
      ok: false,
      message: `--base ${base}: neither a file nor a git ref of this repository`,
    };
  const root = top.out.trim();
  const folder = relative(root, contractDir).split('\\').join('/') || '.';
  const rel = relative(root, resolve(contract)).split('\\').join('/');
  const dir = mkdtempSync(join(tmpdir(), 'tms-diff-base-'));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  const archive = spawnSync('git', ['archive', '--format=tar', commit.out.trim(), '--', folder], {
    cwd: root,
    maxBuffer: 1 << 30,
  });
  if (archive.status !== 0) {
    dispose();
    return {
      ok: false,
      message: `--base ${base}: git archive failed: ${String(archive.stderr).trim()}`,
    };
  }
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  const file = join(dir, rel);
  if (untar.status !== 0 || !existsSync(file)) {
    dispose();
    return { ok: false, message: `--base ${base}: ${rel} does not exist at that ref` };
  }
  return { ok: true, base: { file, label: `${base}:${rel}`, dispose } };
}

function git(args: string[], cwd: string): { ok: boolean; out: string } {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return { ok: r.status === 0, out: r.stdout ?? '' };
}
