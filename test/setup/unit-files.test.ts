import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONGEST } from './sequencer.js';
import { testFileKinds } from './unit-files.js';

describe('which test files npm run test:unit runs', () => {
  const { units, endToEnd } = testFileKinds();

  it('puts every test file on exactly one side', () => {
    expect(units.filter((f) => endToEnd.includes(f))).toEqual([]);
    expect(units.length).toBeGreaterThan(0);
    expect(endToEnd.length).toBeGreaterThan(0);
  });

  it("runs the contract runner's pure units, not its runs against servers", () => {
    const runner = (name: string) => `test/contract-runner/${name}.test.ts`;
    for (const unit of ['judge-media', 'expressions', 'needed-flags', 'at-level'])
      expect(units).toContain(runner(unit));
    // a live upstream and the contract loaded; the stateful mock; Prism
    for (const run of ['proxy', 'runner', 'faults', 'coverage', 'prism'])
      expect(endToEnd).toContain(runner(run));
  });

  it('keeps the files npm test starts first among the end-to-end ones', () => {
    // The order only spreads the end-to-end project over the workers: a unit there is misplaced.
    expect(LONGEST.filter((f) => units.includes(f))).toEqual([]);
  });

  it('puts the files that run the CLI in a child process (test/tms-gen-run.ts) end to end', () => {
    const runsCli = /from '\.\.\/tms-gen-run\.js'/;
    expect(units.filter((f) => runsCli.test(readFileSync(f, 'utf8')))).toEqual([]);
    expect(endToEnd).toContain('test/generator/cli.test.ts');
  });

  it('classifies a unit by what it does: no unit imports a server helper of the runner', () => {
    const helpers = /from '\.\/(servers|faults|chains)\.js'/;
    expect(units.filter((f) => helpers.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});
