/**
 * Usage errors and help of every `tms-gen` subcommand, as a user meets them (child processes):
 * a contract file that does not exist is a usage error (exit 2, one line saying "no such
 * file", nothing written), not "the contract is invalid"; each subcommand answers `--help`
 * with its own help (scaffold's names `--dir`), not generate's.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../../generator/commands/index.js';
import { writeTree } from '../package/workspace.js';
import { tmsGen } from '../tms-gen-run.js';

/** A guard against a hang only, far above a normal run (a second) on a loaded machine. */
const HANG_GUARD_MS = 180_000;
const work = mkdtempSync(join(tmpdir(), 'tms-cli-usage-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a contract file that does not exist', () => {
  it.each(['scaffold', 'generate', 'diff', 'mock', 'proxy', 'preview'])(
    '%s: exit 2, one line "no such file", nothing written',
    async (name) => {
      const missing = join(work, 'no-such-contract.yaml');
      const out = join(work, `${name}-out`);
      const where =
        name === 'scaffold'
          ? ['--dir', out]
          : name === 'diff'
            ? ['--base', 'openapi/openapi.yaml']
            : name === 'proxy'
              ? ['--upstream', 'http://127.0.0.1:9']
              : name === 'preview'
                ? ['--docs', out]
                : name === 'mock'
                  ? []
                  : ['--out', out, '--docs', out];
      const r = await tmsGen([name, '--contract', missing, ...where]);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toEqual([
        `tms-gen ${name}: --contract ${missing}: no such file (see tms-gen ${name} --help)`,
      ]);
      expect(existsSync(out)).toBe(false);
    },
    HANG_GUARD_MS,
  );
});

describe('the options the listening commands share (server-options.ts)', () => {
  it.each([
    [['mock', '--feature-level', 'x'], '--feature-level must be a non-negative integer'],
    [['proxy', '--upstream', 'http://127.0.0.1:9', '-p', '99999'], '--port must be a port number'],
    [['preview', '--feature-level', '1'], "Unknown option '--feature-level'"],
  ])(
    '%j: exit 2, one line',
    async (argv, problem) => {
      const r = await tmsGen(argv);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([
        `tms-gen ${argv[0]}: ${problem} (see tms-gen ${argv[0]} --help)`,
      ]);
    },
    HANG_GUARD_MS,
  );
});

describe('every subcommand has its own --help', () => {
  it(
    'scaffold --help is scaffold`s, and names --dir',
    async () => {
      const r = await tmsGen(['scaffold', '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^tms-gen scaffold — /);
      expect(r.stdout).toContain('--dir <dir>');
      expect(r.stdout).not.toContain('--watch');
    },
    HANG_GUARD_MS,
  );

  it.each(['generate', ...commands.map((c) => c.name)])(
    '%s --help: exit 0, its own text',
    async (name) => {
      const overview = (await tmsGen(['--help'])).stdout;
      const r = await tmsGen([name, '--help']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(100);
      if (name === 'generate') expect(r.stdout).toBe(overview);
      else expect(r.stdout).not.toBe(overview);
    },
    HANG_GUARD_MS,
  );
});

describe('an output folder of the user’s own', () => {
  it(
    'is refused (exit 2, one line), not replaced: the user’s files stay',
    async () => {
      const app = join(work, 'app');
      writeTree(app, {
        'api.yaml': readFileSync('test/fixtures/readme/api.yaml', 'utf8'),
        'docs/notes.md': 'the team’s own notes\n',
      });
      const r = await tmsGen([
        '--contract',
        join(app, 'api.yaml'),
        '--out',
        join(app, 'src'),
        '--docs',
        join(app, 'docs'),
      ]);
      expect(r.code, r.stdout + r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([
        `tms-gen: ${join(app, 'docs')} holds files tms-gen did not write (${join(app, 'docs', 'notes.md')}), and a run replaces the folder whole: give --docs another folder, or empty it`,
      ]);
      expect(readFileSync(join(app, 'docs', 'notes.md'), 'utf8')).toBe('the team’s own notes\n');
      expect(existsSync(join(app, 'src'))).toBe(false);
      // an earlier run's output is replaced as before
      const docs = join(app, 'reference');
      for (let i = 0; i < 2; i++) {
        const again = await tmsGen([
          '--contract',
          join(app, 'api.yaml'),
          '--out',
          join(app, 'src'),
          '--docs',
          docs,
          '--quiet',
        ]);
        expect(again.code, again.stdout + again.stderr).toBe(0);
      }
    },
    HANG_GUARD_MS,
  );
});
