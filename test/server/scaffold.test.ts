import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs, UsageError, type CliOptions } from '../../generator/cli.js';
import { scaffold } from '../../generator/commands/scaffold.js';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'tms-scaffold-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const opts = (handlers: string) => {
  const o = parseArgs([
    'scaffold',
    '--contract',
    join(ROOT, 'openapi/openapi.yaml'),
    '--out',
    join(ROOT, 'generated'),
    '--dir',
    handlers,
  ]) as CliOptions;
  return o;
};

describe('tms-gen scaffold', () => {
  const handlers = join(dir, 'src/handlers');

  it('writes one starter per operation plus an index and user.ts, and they compile against generated/server.ts', async () => {
    const result = await scaffold(opts(handlers));
    expect(result.exitCode).toBe(0);
    const files = readdirSync(handlers).sort();
    expect(files).toContain('sendMessage.ts');
    expect(files).toContain('index.ts');
    expect(files).toContain('user.ts');
    expect(files.length).toBe(24);
    expect(result.lines[0]).toMatch(/24 files written, 0 skipped/);
    expect(readFileSync(join(handlers, 'user.ts'), 'utf8')).toMatch(
      /Authenticate<AppUser> = async \(\{ email, apiKey \}\)/,
    );
    // context.user is the scaffold's AppUser, not unknown: using it compiles, misusing it does not.
    writeFileSync(
      join(handlers, 'typed-user-check.ts'),
      [
        `import { getMessages } from './getMessages.js';`,
        `type Context = Parameters<typeof getMessages>[1];`,
        `export const email: string | undefined = ({} as Context).user?.email;`,
        `// @ts-expect-error AppUser has no such field`,
        `export const nope = ({} as Context).user?.nope;`,
        '',
      ].join('\n'),
    );
    expect(readFileSync(join(handlers, 'getMessages.ts'), 'utf8')).toMatch(
      /notImplemented\("getMessages"\)/,
    );

    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [join(ROOT, 'node_modules/@types')],
          lib: ['ES2023', 'DOM'],
        },
        include: ['src/**/*.ts'],
      }),
    );
    let output = '';
    try {
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')],
        { encoding: 'utf8' },
      );
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output).toBe('');
    rmSync(join(handlers, 'typed-user-check.ts'));
  }, 120_000);

  it('a starter answers the not-implemented error', async () => {
    const mod = await import(join(handlers, 'sendMessage.ts'));
    const answer = await mod.sendMessage({}, { user: null });
    expect(answer).toEqual({
      status: 501,
      body: {
        result: 'error',
        msg: 'The operation sendMessage is not implemented yet.',
        code: 'NOT_IMPLEMENTED',
      },
    });
  });

  it('never overwrites existing files, and says what it skipped', async () => {
    writeFileSync(join(handlers, 'sendMessage.ts'), '// mine\n');
    rmSync(join(handlers, 'getUsers.ts'));
    const result = await scaffold(opts(handlers));
    expect(readFileSync(join(handlers, 'sendMessage.ts'), 'utf8')).toBe('// mine\n');
    expect(result.written).toEqual([join(handlers, 'getUsers.ts')]);
    expect(result.skipped).toContain(join(handlers, 'index.ts'));
    expect(result.lines.join('\n')).toMatch(/skipped .*sendMessage\.ts \(exists\)/);
    expect(result.lines.join('\n')).toMatch(/index\.ts exists and was not changed/);
  });

  it('rejects unknown arguments as a usage error (exit code 2)', () => {
    expect(() => parseArgs(['scaffold', '--dir', handlers, '--frobnicate'])).toThrow(UsageError);
    expect(() => parseArgs(['scaffold', '--dir'])).toThrow(/--dir needs a value/);
    expect(() => parseArgs(['generate', '--dir', handlers])).toThrow(/unknown argument '--dir'/);
  });
});
