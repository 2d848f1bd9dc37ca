/**
 * Tested docs: every curl sample of the reference, exactly as the operation pages show it, is run
 * with the real curl against the Prism mock (mock/prism: the front decodes with the wire model
 * and validates with the generated validators, answering 400 to any invalid request). Only the
 * documented base URL is swapped for the mock's.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitDocs } from '../../generator/emit/docs.js';
import { resolvedUrl } from '../../generator/emit/docs/overview.js';
import { loadContract } from '../../generator/load.js';
import type { ApiModel } from '../../generator/model/types.js';
import { startPrismMock, type RunningMock } from '../../mock/prism/start.js';

const run = promisify(execFile);
const unescapeHtml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#x3D;/g, '=').replace(/&#x60;/g, '`').replace(/&amp;/g, '&');

interface Sample { operationId: string; command: string }

describe('curl samples of the docs, run against the mock', () => {
  let model: ApiModel;
  let mock: RunningMock;
  const samples: Sample[] = [];
  beforeAll(async () => {
    const loaded = await loadContract('openapi/openapi.yaml');
    if (!loaded.ok) throw new Error('the contract does not load');
    model = loaded.contract.model;
    const files = await emitDocs(model, { command: 'npm run generate', warn: () => {} });
    for (const op of model.operations) {
      const page = files.find((f) => f.path === `operations/${op.id}.html`);
      const html = String(page?.contents ?? '');
      for (const m of html.matchAll(/<p class="sample-label">curl<\/p>\n<pre class="code"><code>([\s\S]*?)<\/code><\/pre>/g)) {
        samples.push({ operationId: op.id, command: unescapeHtml(m[1]) });
      }
    }
    mock = await startPrismMock({ port: 0 });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  it('has at least one curl sample per operation, none of them a placeholder', () => {
    for (const op of model.operations) expect(samples.filter((s) => s.operationId === op.id).length, op.id).toBeGreaterThan(0);
    for (const s of samples) expect(s.command, s.operationId).toMatch(/^curl /);
  });

  it('gets a success answer from the mock for every sample', async () => {
    const documented = resolvedUrl(model.servers[0]);
    const failures: string[] = [];
    for (const s of samples) {
      expect(s.command, s.operationId).toContain(documented);
      const command = s.command.split(documented).join(mock.baseUrl) + ` -sS -w '\\n%{http_code}'`;
      const { stdout } = await run('sh', ['-c', command], { timeout: 20_000 });
      const lines = stdout.trimEnd().split('\n');
      const status = Number(lines.pop());
      const body = lines.join('\n');
      let result: unknown;
      try {
        result = (JSON.parse(body) as { result?: unknown }).result;
      } catch {
        result = undefined;
      }
      if (status < 200 || status > 299 || result !== 'success') failures.push(`${s.operationId}: ${status} ${body.slice(0, 300)}\n  ${command}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('would notice a bad sample: the mock answers 400 to a sample with a value outside the enum', async () => {
    const send = samples.find((s) => s.operationId === 'sendMessage')!;
    const broken = send.command.replace(/'type=[^']*'/, "'type=bogus'");
    expect(broken).not.toBe(send.command);
    const command = broken.split(resolvedUrl(model.servers[0])).join(mock.baseUrl) + ` -sS -o /dev/null -w '%{http_code}'`;
    const { stdout } = await run('sh', ['-c', command], { timeout: 20_000 });
    expect(stdout.trim()).toBe('400');
  });
});
