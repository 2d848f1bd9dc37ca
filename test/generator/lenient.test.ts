/**
 * `--lenient` (issue 30): a document OpenAPI accepts but tms-gen's own rules refuse (an unknown
 * keyword in a 3.1 schema, a type TypeScript cannot write) is refused by default, citing the rule
 * as tms-gen's, and generates under --lenient with each relaxed rule as a warning, into code
 * that compiles under tsc --strict; a violation of the specification stays a refusal.
 * bench/lenient.ts runs every refused breadth document.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tmsGen } from '../tms-gen-run.js';
import { typeErrors } from '../client/tsc.js';

const SCRATCH = join('test-artifacts', `lenient-${process.pid}`);
const TYPOS = join('test', 'fixtures', 'lenient', 'typos.yaml');
const INVALID = join('test', 'fixtures', 'lenient', 'invalid.yaml');

afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

function generate(contract: string, out: string, ...flags: string[]) {
  return tmsGen([
    '--contract',
    contract,
    '--out',
    join(SCRATCH, out),
    '--only',
    'types,operations,client',
    '--no-cache',
    ...flags,
  ]);
}

describe('--lenient', () => {
  it('refuses by default, citing the rule as tms-gen’s own, not the specification', async () => {
    const run = await generate(TYPOS, 'strict');
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(
      /TS2502.*a tms-gen limit, not a rule of the specification/,
    );
  });

  it('turns tms-gen’s rules into warnings and generates code that compiles', async () => {
    const run = await generate(TYPOS, 'lenient', '--lenient');
    const said = run.stdout + run.stderr;
    expect(run.code, said).toBe(0);
    expect(said).toMatch(/warning: .*typos\.yaml:\d+:\d+ .*unknown keyword 'descrciption' ignored/);
    expect(said).toMatch(/warning: .*'Value' refers to itself .*typed unknown/);
    expect(await typeErrors(join(SCRATCH, 'lenient', 'client.ts'))).toEqual([]);
  }, 60_000);

  it('still refuses what the specification refuses, citing its clause', async () => {
    const run = await generate(INVALID, 'invalid', '--lenient');
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/OpenAPI 3\.1\.0 §4\.8\.24 Schema Object/);
  });
});
