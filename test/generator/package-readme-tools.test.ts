/**
 * The bindings README's sections on the bundled contract and the stateful mock
 * (generator/emit/package-readme-tools.ts): the contract section wherever the output holds
 * `openapi.json`, the stateful mock's only in the bindings that mock serves; and the committed
 * README shows the text as written (the CLI's bundle once rewrote `import.meta` + `.url` in it
 * into a path of this repository).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATEFUL_MOCK, toolsReadme } from '../../generator/emit/package-readme-tools.js';

describe('the README sections on the contract file and the stateful mock', () => {
  it('the contract section wherever the package has the file; the mock section only for ours', () => {
    const ours = toolsReadme(STATEFUL_MOCK.serves, 'openapi.json').join('\n');
    expect(ours).toContain('## The contract');
    expect(ours).toContain(`npx ${STATEFUL_MOCK.package} --port 4010`);
    const other = toolsReadme('petstore-api', 'openapi.json').join('\n');
    expect(other).toContain('node_modules/petstore-api/openapi.json');
    expect(other).not.toContain(STATEFUL_MOCK.package);
    expect(toolsReadme('petstore-api', undefined)).toEqual([]);
  });

  it('the committed bindings README carries the lines as written', () => {
    const readme = readFileSync(new URL('../../generated/README.md', import.meta.url), 'utf8');
    expect(readme).toContain(
      `fileURLToPath(import.meta.resolve('${STATEFUL_MOCK.serves}/openapi.json'))`,
    );
    expect(readme).not.toMatch(/generator\/emit|new URL\(/);
  });
});
