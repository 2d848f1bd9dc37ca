/**
 * The validators emitter gives Ajv's `CodeGen.optimize` a linear count of the names a function
 * uses (generator/schema/ajv-optimize.ts). The count must be exactly Ajv's own, on every
 * function Ajv builds for real contracts: a difference would change which declarations are
 * dropped, hence the generated code.
 */
import { CodeGen } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileValidators } from '../../generator/emit/validators.js';
import {
  countNames,
  learnBlockKinds,
  linearOptimize,
} from '../../generator/schema/ajv-optimize.js';
import { createAjv } from '../../generator/schema/ajv.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { loadModel } from './harness.js';

type Root = Parameters<typeof countNames>[0];
const sorted = (c: Record<string, number>) =>
  Object.entries(c)
    .filter(([, n]) => n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));

describe('linear name count of Ajv code', () => {
  const contracts = [
    'openapi/openapi.yaml',
    // allOf/oneOf/anyOf, nullable, formats, recursion (skipped, saying why, without ../shared)
    ...(haveShared('ajv-optimize on breadth documents', 'specs', 'breadth')
      ? [
          sharedPath('specs/breadth/apideck.com__crm.json'),
          sharedPath('specs/breadth/adyen.com__ManagementService-v3.json'),
        ]
      : []),
  ];
  for (const contract of contracts)
    it(`counts as Ajv does on every function of ${contract.split('/').at(-1)}`, async () => {
      const model = await loadModel(contract);
      const ajv = createAjv({ dialect: model.dialect });
      const kinds = learnBlockKinds(ajv);
      // installed first, so that compileValidators keeps the wrapper below
      const restore = linearOptimize(ajv);
      expect(kinds.size).toBeGreaterThan(5);
      const proto = CodeGen.prototype as unknown as {
        optimize: (this: { _root: Root }, n?: number) => void;
      };
      const installed = proto.optimize;
      let compared = 0;
      const differences: string[] = [];
      proto.optimize = function (n) {
        const ours = JSON.stringify(sorted(countNames(this._root, kinds)));
        const ajvs = JSON.stringify(sorted(this._root.names));
        compared++;
        if (ours !== ajvs && differences.length < 3) differences.push(`${ours}\n${ajvs}`);
        installed.call(this, n);
      };
      try {
        compileValidators(model);
      } finally {
        proto.optimize = installed;
        restore();
      }
      expect(differences).toEqual([]);
      expect(compared).toBeGreaterThan(20);
    });

  it("is installed only while the validators compile: Ajv's own optimize before and after", async () => {
    const proto = CodeGen.prototype as unknown as { optimize: unknown };
    const ajvs = proto.optimize;
    const model = await loadModel('openapi/openapi.yaml');
    const restore = linearOptimize(createAjv({ dialect: model.dialect }));
    expect(proto.optimize).not.toBe(ajvs);
    restore();
    expect(proto.optimize).toBe(ajvs);
    compileValidators(model);
    expect(proto.optimize).toBe(ajvs);
  });

  it('an unknown block kind is counted by its own getter', () => {
    const ajv = createAjv({ dialect: '3.0' }) as unknown as {
      scope: ConstructorParameters<typeof CodeGen>[0];
    };
    const gen = new CodeGen(ajv.scope, {});
    const x = gen.name('x');
    gen.if(x, () => gen.assign(x, 1));
    const root = (gen as unknown as { _root: Root })._root;
    // no kinds known: every node answers with Ajv's own getter
    expect(sorted(countNames(root, new Map()))).toEqual(sorted(root.names));
    expect(sorted(countNames(root, new Map())).length).toBeGreaterThan(0);
  });
});
