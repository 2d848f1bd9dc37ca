/**
 * Every hostile contract (test/fixtures/hostile/ and the large ones made at test time) through
 * the real CLI, as a child process, a few at a time (test/generator/hostile-run.ts). For each:
 * the exit code; for a refusal a message naming the file and the JSON pointer, no stack, nothing
 * written; for every run, a child that stayed under the CPU limit (`ulimit -t`, CPU seconds, so a
 * busy machine does not fail it), was not ended by the hang guard (wall time far above any
 * normal run) and peaked under 512 MB RSS (GNU time's %M; not `ulimit -v`, under which V8 does
 * not start). How long the runs take is measured in bench/hostile.ts, not asserted here. What
 * generates is then compiled under `tsc --strict` as one program and imported, and no injected
 * code may run.
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_CASES } from './hostile-cases.js';
import { writeLargeCases } from './hostile-large.js';
import {
  CPU_LIMIT_S,
  FIXTURES,
  HANG_GUARD_MS,
  REPO,
  TIME,
  haveTime,
  labelOf,
  runAll,
  type Outcome,
} from './hostile-run.js';

const RSS_CAP_KB = 512 * 1024;
const POOL = 2;
/** Marker inside test/fixtures/secret/secret.json; /etc/passwd's first line. */
const SECRETS = ['TOP-SECRET-MARKER-7f3a', 'root:x:0:0'];

let work: string;
let outcomes: Outcome[] = [];
let wallMs = 0;

beforeAll(async () => {
  if (!haveTime && process.env.CI)
    throw new Error(`${TIME} is missing (Debian package "time"; .ci/run installs it)`);
  if (!haveTime)
    console.warn(`hostile contracts: ${TIME} missing, peak RSS not checked (apt-get install time)`);
  work = mkdtempSync(join(tmpdir(), 'tms-hostile-'));
  // Generated bindings import openapi-fetch, as an app that installed them would have it.
  symlinkSync(join(REPO, 'node_modules'), join(work, 'node_modules'), 'dir');
  const large = mkdtempSync(join(tmpdir(), 'tms-hostile-large-'));
  const cases = [...HOSTILE_CASES, ...writeLargeCases(large)];
  const t0 = performance.now();
  outcomes = await runAll(cases, work, POOL);
  wallMs = performance.now() - t0;
  rmSync(large, { recursive: true, force: true });
}, 1_800_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  if (outcomes.length > 0 && !process.env.CI) {
    const slowest = [...outcomes].sort((a, b) => (b.cpuS ?? 0) - (a.cpuS ?? 0))[0];
    const peak = Math.max(...outcomes.map((o) => o.rssKb ?? 0));
    console.log(
      `hostile contracts: ${outcomes.length} runs in ${(wallMs / 1000).toFixed(1)} s (${POOL} at a time); most CPU ${slowest.label} ${slowest.cpuS?.toFixed(2) ?? '?'} s; peak RSS ${(peak / 1024).toFixed(0)} MB`,
    );
  }
});

const fileOf = (o: Outcome) => o.contract;

describe('hostile contracts through the CLI', () => {
  it('covers at least 60 contracts', () => {
    expect(new Set(outcomes.map(fileOf)).size).toBeGreaterThanOrEqual(60);
  });

  it('every run ends under the CPU limit and 512 MB, without a stack trace or a leaked secret', () => {
    for (const o of outcomes) {
      expect(o.overCpu, `${o.label} used more than ${CPU_LIMIT_S} CPU seconds`).toBe(false);
      expect(o.hung, `${o.label} hung: no end after ${HANG_GUARD_MS} ms`).toBe(false);
      if (haveTime) {
        expect(o.rssKb, `${o.label}: no RSS figure`).toBeDefined();
        expect(o.rssKb!, `${o.label}: peak RSS ${o.rssKb} KB`).toBeLessThan(RSS_CAP_KB);
      }
      expect(o.output, o.label).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n|internal error/);
      for (const secret of SECRETS) expect(o.output, o.label).not.toContain(secret);
    }
  });

  it.each(HOSTILE_CASES.map((c, i) => [labelOf(c), i] as const))('%s', (_label, i) =>
    check(outcomes[i]),
  );

  it('the large ones made at test time (deep nesting, 65 MB, FIFO, /dev/zero)', () => {
    for (const o of outcomes.slice(HOSTILE_CASES.length)) check(o);
  });
});

function check(o: Outcome): void {
  const { hostile } = o;
  expect(o.code, `${o.label}\n${o.output}`).toBe(hostile.exit);
  for (const text of hostile.says ?? []) expect(o.output, o.label).toContain(text);
  if (hostile.exit === 1) {
    const at = hostile.at ? `${FIXTURES}/${hostile.at}` : o.contract;
    const shown = isAbsolute(at)
      ? relative(REPO, at).startsWith('..')
        ? at
        : relative(REPO, at)
      : at;
    // One line holds both the file (with its line when known) and the pointer.
    const line = o.output
      .split('\n')
      .find((l) => l.includes(`${shown}`) && l.includes(` ${hostile.pointer}`));
    expect(
      line,
      `${o.label}: no line naming ${shown} and ${hostile.pointer}\n${o.output}`,
    ).toBeDefined();
    expect(o.output, o.label).toContain('nothing was written');
    expect(existsSync(o.out) || existsSync(o.docs), `${o.label} wrote output`).toBe(false);
  } else {
    expect(existsSync(join(o.out, 'client.ts')), o.label).toBe(true);
    expect(existsSync(join(o.docs, 'index.html')), o.label).toBe(true);
  }
}

describe('what the hostile contracts generate', () => {
  const generated = () => outcomes.filter((o) => o.hostile.exit === 0 && o.code === 0);

  it('compiles under tsc --strict, all outputs in one program', async () => {
    const dirs = generated().map((o) => o.out);
    expect(dirs.length).toBeGreaterThanOrEqual(20);
    const tsconfig = join(work, 'tsconfig.json');
    writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: join(REPO, 'tsconfig.json'),
        compilerOptions: { noEmit: true, typeRoots: [join(REPO, 'node_modules/@types')] },
        include: dirs.map((d) => `${d}/**/*.ts`),
        exclude: [],
      }),
    );
    const result = await promisify(execFile)(
      process.execPath,
      [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', tsconfig],
      {
        maxBuffer: 16 << 20,
      },
    ).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  }, 180_000);

  it('importing every generated module runs no code from the contract', async () => {
    const modules = generated().flatMap((o) =>
      ['operations.ts', 'client.ts', 'server.ts', 'validators.js', 'validators/compiled.js']
        .map((f) => join(o.out, f))
        .filter((f) => existsSync(f) && statSync(f).size > 0),
    );
    const script = join(work, 'import-all.mjs');
    writeFileSync(
      script,
      `for (const m of ${JSON.stringify(modules.map((m) => 'file://' + m))}) await import(m);\n` +
        `console.log(JSON.stringify({ imported: ${modules.length}, pwned: globalThis.__pwned ?? null }));\n`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: REPO,
    });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      imported: modules.length,
      pwned: null,
    });
    // The payload is in the files as text (escaped), so the test above did feed it in.
    const client = readFileSync(
      join(generated().find((o) => o.hostile.file === 'inject-title.yaml')!.out, 'client.ts'),
      'utf8',
    );
    expect(client).toContain("globalThis.__pwned = 'injected'");
  }, 120_000);

  it('every file name fits a file system: at most 255 bytes, no two equal ignoring case', () => {
    const long = generated().find((o) => o.hostile.file.endsWith('names-10000-characters.json'));
    expect(long, 'the 10,000-character names generate').toBeDefined();
    for (const o of generated()) {
      const walk = (d: string): string[] => {
        const names = readdirSync(d);
        const lower = new Set(names.map((n) => n.toLowerCase()));
        expect(lower.size, `${d}: two names equal ignoring case`).toBe(names.length);
        return names.flatMap((n) => {
          expect(Buffer.byteLength(n), `${d}/${n.slice(0, 80)}…`).toBeLessThanOrEqual(255);
          return statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [n];
        });
      };
      walk(o.out);
      walk(o.docs);
    }
  });

  it('no secret from outside the contract lands in any output', () => {
    for (const o of generated()) {
      const walk = (d: string): string[] =>
        readdirSync(d, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)],
        );
      for (const f of [...walk(o.out), ...walk(o.docs)]) {
        const text = readFileSync(f, 'utf8');
        for (const secret of SECRETS)
          expect(text.includes(secret), `${f} holds ${secret}`).toBe(false);
      }
    }
  });
});
