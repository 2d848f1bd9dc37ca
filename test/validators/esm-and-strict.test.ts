/**
 * The generated validators are spec-agnostic and ESM-clean: generated for other documents
 * (Zulip's, OpenAPI 3.0; Stripe's, large) into a temp dir, imported by plain Node (no vitest
 * transform, no tsx) and run; no `require(` is left. A typo in a schema fails generation with
 * the schema's pointer.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatorsEmitter } from '../../generator/emit/validators.js';
import { loadContract } from '../../generator/load/index.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { emitValidators, loadModel } from './harness.js';

const SPECS = sharedPath('specs', 'big');
const haveSpecs = haveShared("the validators on Zulip's and Stripe's documents", 'specs', 'big');

function importWithPlainNode(dir: string, script: string): string {
  const code = `import(${JSON.stringify(join(dir, 'validators.js'))}).then((v) => { ${script} }).catch((e) => { console.error(e); process.exit(3); })`;
  return execFileSync(process.execPath, ['-e', code], {
    encoding: 'utf8',
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe.skipIf(!haveSpecs).each([
  ['zulip.yaml (OpenAPI 3.0)', 'zulip.yaml'],
  ['stripe (large 3.0 document)', 'stripe-spec3.json'],
])('%s', (_label, file) => {
  it('imports with plain Node ESM and validates', async () => {
    const model = await loadModel(join(SPECS, file));
    const dir = await emitValidators(model, 'tms-validators-other-');
    const modules = readdirSync(join(dir, 'validators'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dir, 'validators', f), 'utf8'));
    expect(modules.length).toBeGreaterThan(model.operations.length); // one per operation at least
    for (const code of modules) expect(code).not.toMatch(/\brequire\(/);
    expect(readFileSync(join(dir, 'validators.js'), 'utf8')).not.toMatch(/\brequire\(/);
    const objectSchema = model.schemas.find(
      (s) => (s.schema as { type?: unknown }).type === 'object',
    )!.name;
    const noFallback = model.operations.find(
      (o) => !o.responses.some((r) => r.status === 'default' || /XX$/i.test(r.status)),
    );
    const out = importWithPlainNode(
      dir,
      `
      const bad = v.validators[${JSON.stringify(objectSchema)}](42);
      const status = ${noFallback ? `v.validateResponse(${JSON.stringify(noFallback.id)}, 599, {})` : 'null'};
      console.log(JSON.stringify({ bad, status, names: Object.keys(v.validators).length }));
    `,
    );
    const result = JSON.parse(out.trim());
    expect(result.bad).toEqual({
      valid: false,
      errors: [expect.objectContaining({ pointer: '', keyword: 'type' })],
    });
    expect(result.names).toBe(model.schemas.length);
    if (noFallback) expect(result.status.errors[0].keyword).toBe('status');
  }, 240_000);
});

describe('strict mode', () => {
  it('a typo in a schema fails generation with its pointer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tms-validators-typo-'));
    const file = join(dir, 'api.yaml');
    writeFileSync(
      file,
      [
        'openapi: 3.1.0',
        'info: { title: t, version: "1" }',
        'paths: {}',
        'components:',
        '  schemas:',
        '    Good: { type: string }',
        '    Broken:',
        '      type: object',
        '      properties:',
        '        name: { type: string, minLenght: 3 }',
      ].join('\n'),
    );
    // The loader catches it first (with the precise pointer); the emitter must not rely on that.
    const strictLoad = await loadContract(file);
    expect(strictLoad.ok).toBe(false);
    const loaded = await loadContract(file, { skipSchemaCheck: true });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const ctx = {
      model: loaded.contract.model,
      outDir: dir,
      docsDir: dir,
      runtimeImport: './runtime',
      command: 'test',
      warn: () => {},
    };
    let error: (Error & { pointer?: string }) | undefined;
    try {
      await validatorsEmitter.emit(ctx);
    } catch (e) {
      error = e as Error & { pointer?: string };
    }
    expect(error?.message).toMatch(/minLenght/);
    expect(error?.pointer).toBe('#/components/schemas/Broken');
  });
});
