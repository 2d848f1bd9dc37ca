/**
 * Tested docs: every request sample of the reference, in each of its four languages, exactly as
 * the operation pages show it, is run against the Prism mock (the vitest global setup starts it;
 * its front decodes with the wire model and validates with the generated validators, answering
 * 400 to any invalid request): curl with the real curl, plain `fetch` with node, Python with
 * python3 (standard library only), and the TypeScript client samples with node + tsx importing
 * the generated client. Only the documented base URL and the credential placeholders are swapped.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { resolvedUrl } from '../../generator/emit/docs/overview.js';
import type { ApiModel } from '../../generator/model/types.js';
import { pageSamples } from './page-code.js';
import { loadOrThrow } from '../load-contract.js';

const run = promisify(execFile);
const EMAIL = 'iago@example.com';
const KEY = 'sample-key';

interface Sample {
  operationId: string;
  lang: string;
  code: string;
}

describe('request samples of the docs, run against the mock', () => {
  let model: ApiModel;
  let documented: string;
  let mockUrl: string;
  let dir: string;
  const samples: Sample[] = [];
  const forMock = (code: string) =>
    code
      .split(documented)
      .join(mockUrl)
      .split('<EMAIL>:<API_KEY>')
      .join(`${EMAIL}:${KEY}`)
      .split("'<EMAIL>'")
      .join(`'${EMAIL}'`)
      .split("'<API_KEY>'")
      .join(`'${KEY}'`);

  beforeAll(async () => {
    mockUrl = inject('mockBaseUrl');
    if (!mockUrl) throw new Error(`the Prism mock did not start: ${inject('mockError')}`);
    const contract = await loadOrThrow();
    model = contract.model;
    documented = resolvedUrl(model.servers[0]);
    const files = await emitDocs(model, { command: 'npm run generate', warn: () => {} });
    for (const op of model.operations) {
      const page = files.find((f) => f.path === `operations/${op.id}.html`);
      for (const s of pageSamples(String(page?.contents ?? '')))
        samples.push({ operationId: op.id, ...s });
    }
    dir = mkdtempSync(join(tmpdir(), 'tms-samples-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has every language for every operation, none of them a placeholder', () => {
    for (const op of model.operations)
      for (const lang of ['curl', 'typescript', 'fetch', 'python'])
        expect(
          samples.filter((s) => s.operationId === op.id && s.lang === lang).length,
          `${op.id} ${lang}`,
        ).toBeGreaterThan(0);
    for (const s of samples) {
      expect(s.code, `${s.operationId} ${s.lang}`).not.toMatch(/no sample/);
      expect(s.code, `${s.operationId} ${s.lang}`).toContain(documented);
    }
  });

  /** `status body` as the fetch and Python samples print it: the status must be 2xx and the body a success. */
  function verdict(s: Sample, stdout: string): string | undefined {
    const m = /^(\d{3}) ([\s\S]*)$/.exec(stdout.trim());
    const status = Number(m?.[1]);
    let result: unknown;
    try {
      result = (JSON.parse(m?.[2] ?? '') as { result?: unknown }).result;
    } catch {
      result = undefined;
    }
    if (status >= 200 && status <= 299 && result === 'success') return undefined;
    return `${s.operationId} (${s.lang}): ${stdout.slice(0, 300)}`;
  }

  it('curl: every sample gets a success answer', async () => {
    const failures: string[] = [];
    for (const s of samples.filter((x) => x.lang === 'curl')) {
      const { stdout } = await run('sh', ['-c', forMock(s.code) + ` -sS -w '\\n%{http_code}'`], {
        timeout: 20_000,
      });
      const lines = stdout.trimEnd().split('\n');
      const status = lines.pop()!;
      const problem = verdict(s, `${status} ${lines.join('\n')}`);
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('JavaScript fetch: every sample gets a success answer (node)', async () => {
    const failures: string[] = [];
    for (const [i, s] of samples.filter((x) => x.lang === 'fetch').entries()) {
      const file = join(dir, `fetch-${i}.mjs`);
      writeFileSync(file, forMock(s.code));
      const { stdout } = await run(process.execPath, [file], { timeout: 20_000 });
      const problem = verdict(s, stdout);
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('Python (urllib): every sample gets a success answer (python3)', async () => {
    const failures: string[] = [];
    for (const [i, s] of samples.filter((x) => x.lang === 'python').entries()) {
      const file = join(dir, `sample_${i}.py`);
      writeFileSync(file, forMock(s.code));
      const { stdout } = await run('python3', [file], { timeout: 20_000 });
      const problem = verdict(s, stdout);
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('TypeScript client: every sample succeeds through the generated client (one tsx process)', async () => {
    // Each sample becomes a function of one module: its import line is hoisted once, its body
    // runs as written (it throws on an error answer).
    const ts = samples.filter((x) => x.lang === 'typescript');
    const client = resolve('generated/client.js');
    const bodies = ts.map((s, i) => {
      const code = forMock(s.code).replace(/^import .*\n/m, '');
      return `async function sample${i}() {\n${code}\nreturn data;\n}`;
    });
    const main = ts.map(
      (s, i) =>
        `try { const d = await sample${i}(); if (!d || d.result !== 'success') failures.push(${JSON.stringify(s.operationId)} + ': ' + JSON.stringify(d)); } catch (e) { failures.push(${JSON.stringify(s.operationId)} + ': ' + e.message); }`,
    );
    const file = join(dir, 'client-samples.mts');
    writeFileSync(
      file,
      `import { createApiClient } from ${JSON.stringify(client)};\nconst failures: string[] = [];\nconsole.log = () => {};\n${bodies.join('\n')}\n${main.join('\n')}\nprocess.stdout.write(JSON.stringify({ ran: ${ts.length}, failures }));\n`,
    );
    const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
      timeout: 60_000,
      cwd: process.cwd(),
    });
    const report = JSON.parse(stdout) as { ran: number; failures: string[] };
    expect(report.ran).toBeGreaterThan(20);
    expect(report.failures).toEqual([]);
  }, 120_000);

  it('would notice a bad sample: a value outside the enum gets 400 from curl and from Python', async () => {
    const bad = (s: Sample) => s.code.replace(/(type=|"type", |type: )"?channel"?/, '$1"bogus"');
    const curl = samples.find((s) => s.operationId === 'sendMessage' && s.lang === 'curl')!;
    const broken = forMock(curl.code.replace(/'type=[^']*'/, "'type=bogus'"));
    const { stdout } = await run('sh', ['-c', broken + ` -sS -o /dev/null -w '%{http_code}'`], {
      timeout: 20_000,
    });
    expect(stdout.trim()).toBe('400');
    const py = samples.find((s) => s.operationId === 'sendMessage' && s.lang === 'python')!;
    expect(bad(py)).not.toBe(py.code);
    const file = join(dir, 'bad.py');
    writeFileSync(file, forMock(bad(py)));
    const out = await run('python3', [file], { timeout: 20_000 });
    expect(out.stdout.trim()).toMatch(/^400 /);
  });
});
