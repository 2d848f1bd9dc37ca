/**
 * No absolute machine path in any tracked file: a path into someone's workspace or home
 * (under work, home or Users at the root, or a Windows drive) works on one machine only, and a test that reads
 * one passes there and nowhere else. The shared folder is found through TMS_SHARED
 * (test/shared-folder.ts); temporary folders through os.tmpdir(). Paths the operating system
 * itself defines (`/usr/bin/chromium`, `/proc/…`, `/dev/zero`) are not machine paths.
 * The finder is shown to work on planted lines before it scans the tree.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');

/** A workspace or home root after a start of token, or a Windows drive path. */
const MACHINE_PATH =
  /(?:^|[\s'"`(=,:[])(\/(?:work|home|Users|root|mnt|srv|media)\/[\w.-]|[A-Za-z]:\\\\?[\w.-])/;

/** `line:text` of each line of `text` holding a machine path. */
export function machinePaths(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      MACHINE_PATH.test(line) ? [`${i + 1}:${line.trim().slice(0, 160)}`] : [],
    );
}

describe('the machine-path finder', () => {
  // Planted lines spell the root `^` and a drive's colon `~` so that this file itself holds
  // none: `^` becomes `/`, `~` becomes `:`.
  it.each([
    "const BIG = '^work/shared/specs/big';",
    'const home = "^home/alice/specs/x.json";',
    'contract: ^Users/bob/api/openapi.yaml',
    'const win = "C~\\\\Users\\\\bob\\\\api.yaml";',
    '| asana.com | ^work/shared/specs/breadth/asana.com.json:1:1 |',
    'spawn(`^root/tools/tsc`)',
  ])('finds %s', (planted) => {
    const line = planted.replace('^', '/').replace('~', ':');
    expect(machinePaths(`ok\n${line}\n`)).toEqual([`2:${line}`]);
  });

  it.each([
    "const CHROMIUM = '/usr/bin/chromium';",
    "readFileSync('/proc/loadavg', 'utf8')",
    "schema: {$ref: '/etc/passwd'}",
    "await fetch('https://api.example.com/home/work/x')",
    "client.GET('/users/{user_id}')",
    'const dir = join(tmpdir(), "tms-")',
    "const REPO = resolve(import.meta.dirname, '../..');",
  ])('leaves %s', (line) => expect(machinePaths(line)).toEqual([]));
});

describe('tracked files', () => {
  it('hold no absolute machine path', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && !f.endsWith('package-lock.json'));
    const found: string[] = [];
    for (const file of files) {
      const path = join(REPO, file);
      // Regular files only: the hostile fixtures hold a link to /dev/zero. A listed file gone
      // from the working tree (a deletion not yet committed) has nothing to scan.
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (!stat?.isFile()) continue;
      const text = readFileSync(path, 'utf8');
      if (text.includes('\0')) continue; // binary
      found.push(...machinePaths(text).map((l) => `${file}:${l}`));
    }
    expect(files.length).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });
});
