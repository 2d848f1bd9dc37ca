/**
 * The document checks' verdict is kept in the cache by any run that makes the bindings, on one
 * thread as on two: TMS_GEN_THREADS=1 (or a one-core machine) changes the threading, never what
 * the next run finds in the cache. Without the verdict, a description edit could never be a
 * light run (generator/run/serve.ts). The CLI as a user runs it (in-process runs have no cache).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tmsGen } from '../tms-gen-run.js';

const work = mkdtempSync(join(tmpdir(), 'tms-verdict-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
cpSync('openapi', join(work, 'api'), { recursive: true });

const cacheLine = (out: string) => /^cache: .*$/m.exec(out)?.[0] ?? '';

describe('the document checks in the cache', () => {
  it.each(['1', '2'])(
    'are reused by the next run with TMS_GEN_THREADS=%s',
    async (threads) => {
      const args = [
        '--contract',
        join(work, 'api', 'openapi.yaml'),
        '--out',
        join(work, threads, 'gen'),
        '--docs',
        join(work, threads, 'docs'),
        '--cache-dir',
        join(work, threads, 'cache'),
      ];
      const env = { TMS_GEN_THREADS: threads };
      const first = await tmsGen(args, env);
      expect(first.code, first.stderr).toBe(0);
      expect(cacheLine(first.stdout)).toMatch(/; document checks run$/);
      const second = await tmsGen(args, env);
      expect(cacheLine(second.stdout)).toMatch(/; document checks reused$/);
    },
    120_000,
  );
});
