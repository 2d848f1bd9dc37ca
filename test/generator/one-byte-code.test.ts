/**
 * The code the emitters write stays within Latin-1 when the contract's own text does: V8 keeps
 * such a string at one byte per character, and a single character past U+00FF anywhere in a
 * template (an arrow, a dash) doubles every copy of a large file in memory (the server stubs of
 * Microsoft Graph's document are tens of MB, compiled while the worker holds the validators).
 * Our contract is copied with its few non-Latin-1 characters replaced, then generated.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EmitContext } from '../../generator/emit/emitter.js';
import { emitters } from '../../generator/emit/index.js';
import { loadOrThrow } from '../load-contract.js';

const BEYOND_LATIN1 = /[\u0100-\u{10ffff}]/gu;
const work = mkdtempSync(join(tmpdir(), 'tms-one-byte-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function latin1Copy(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.ya?ml$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    writeFileSync(path, readFileSync(path, 'utf8').replace(BEYOND_LATIN1, '-'));
  }
}

describe('generated code', () => {
  it('has no character past Latin-1 that the contract does not bring', async () => {
    cpSync('openapi', join(work, 'openapi'), { recursive: true });
    latin1Copy(join(work, 'openapi'));
    const contract = await loadOrThrow(join(work, 'openapi', 'openapi.yaml'));
    const ctx: EmitContext = {
      model: contract.model,
      outDir: 'generated',
      docsDir: 'docs',
      runtimeImport: './runtime',
      command: 'npm run generate',
      warn: () => {},
    };
    const found: string[] = [];
    let checked = 0;
    // the runtime is the toolkit's own files, the same few KB whatever the contract
    for (const emitter of emitters.filter((e) => e.root === 'code' && e.name !== 'runtime')) {
      for (const file of await emitter.emit(ctx)) {
        if (!/\.(ts|js|json)$/.test(file.path) || typeof file.contents !== 'string') continue;
        checked++;
        for (const m of file.contents.matchAll(BEYOND_LATIN1))
          found.push(`${emitter.name}: ${file.path}: ${JSON.stringify(m[0])}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect([...new Set(found)]).toEqual([]);
  });
});
