/**
 * `tms-gen scaffold` on operationIds a file system would not take as they are: a 10,000-character
 * one, two that differ only in case (one file on macOS and Windows), one that is the scaffold's
 * own `index`. Every starter gets its own file (at most 255 bytes, unique ignoring case) and the
 * index imports each from the file it was written to.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArgs, type CliOptions } from '../../generator/cli.js';
import { scaffold } from '../../generator/commands/scaffold.js';

const dir = mkdtempSync(join(tmpdir(), 'tms-scaffold-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LONG = 'op' + 'x'.repeat(10_000);
const ok = { '200': { description: 'ok' } };

describe('scaffold file names from hostile operationIds', () => {
  it('one file per starter, bounded, unique ignoring case, imported by index.ts', async () => {
    const contract = join(dir, 'names.json');
    writeFileSync(
      contract,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'names', version: '1' },
        paths: {
          '/a': { get: { operationId: LONG, responses: ok } },
          '/b': { get: { operationId: 'Foo', responses: ok } },
          '/c': { get: { operationId: 'foo', responses: ok } },
          '/d': { get: { operationId: 'Index', responses: ok } },
        },
      }),
    );
    const handlers = join(dir, 'handlers');
    const opts = parseArgs(['scaffold', '--contract', contract, '--dir', handlers]) as CliOptions;
    const result = await scaffold(opts);
    expect(result.exitCode, result.lines.join('\n')).toBe(0);
    const files = readdirSync(handlers);
    expect(files).toHaveLength(6); // four starters, index.ts, user.ts
    expect(new Set(files.map((f) => f.toLowerCase())).size).toBe(files.length);
    for (const f of files) expect(Buffer.byteLength(f)).toBeLessThanOrEqual(255);
    const index = readFileSync(join(handlers, 'index.ts'), 'utf8');
    const imported = [...index.matchAll(/from "\.\/([^"]+)\.js"/g)].map((m) => `${m[1]}.ts`);
    expect(imported.filter((f) => f !== 'user.ts').sort()).toEqual(
      files.filter((f) => f !== 'index.ts' && f !== 'user.ts').sort(),
    );
  });
});
