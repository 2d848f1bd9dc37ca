/**
 * One error family: what an emitter throws (ContractError, or anything else) becomes the same
 * ContractProblem the loader reports, placed at file:line by the bundle's positions and printed
 * by the same formatProblem.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ContractError, formatProblem, problemOf } from '../../generator/common/contract-error.js';
import { placeProblems } from '../../generator/load/index.js';
import { loadOrThrow } from '../load-contract.js';

describe('emitter failures print like contract problems', async () => {
  const { bundle } = await loadOrThrow();

  it('a ContractError keeps its pointer and gains file:line', () => {
    const thrown = new ContractError({
      pointer: '#/components/schemas/Message',
      message: 'cannot compile the schema: planted',
      source: 'validators',
    });
    const [placed] = placeProblems(bundle, [problemOf(thrown, 'validators')]);
    expect(formatProblem(placed)).toMatch(
      /^openapi\/[\w/]+\.yaml:\d+:\d+ #\/components\/schemas\/Message: cannot compile the schema: planted \[validators\]$/,
    );
  });

  it('any other error an emitter throws is placed at the document root, the emitter named', () => {
    const [placed] = placeProblems(bundle, [problemOf(new TypeError('boom'), 'types')]);
    expect(placed).toMatchObject({ pointer: '#', message: 'boom', source: 'types' });
    expect(formatProblem(placed)).toMatch(/^openapi\/openapi\.yaml:1(:\d+)? #: boom \[types\]$/);
  });
});

describe('the CLI on a contract that loads but an emitter cannot express', () => {
  it('exits 1 with file:line and pointer, no stack trace, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tms-emitter-failure-'));
    try {
      const out = join(dir, 'gen');
      const failed = await promisify(execFile)(
        process.execPath,
        [
          'bin/tms-gen.js',
          '--contract',
          'test/fixtures/emitter-failure/bad-mapping.yaml',
          '--out',
          out,
          '--docs',
          join(dir, 'docs'),
        ],
        { env: { ...process.env, CI: 'true' } },
      ).then(
        () => undefined,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('the types emitter failed; nothing was written');
      expect(failed?.stderr).toMatch(
        /^ {2}test\/fixtures\/emitter-failure\/bad-mapping\.yaml:\d+:\d+ #\/components\/schemas\/Pet\/discriminator\/mapping\/cat: .*\[types\]$/m,
      );
      expect(failed?.stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
