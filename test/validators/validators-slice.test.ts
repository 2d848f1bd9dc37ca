/**
 * The validators' slice of the model (validator-targets.ts, `validatorsSlice`) is what a worker
 * that only makes the validators is sent on a large document, as a structured clone. The
 * emitter's files from it must be the files from the whole model, byte for byte: a field the
 * emitter starts to read and the slice leaves out shows up here. Documents: ours (feature levels,
 * removed parameters, form bodies), an alias fixture, and breadth documents of other shapes.
 */
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../generator/emit/emitter.js';
import { validatorsSlice } from '../../generator/emit/validator-targets.js';
import { validatorsEmitter } from '../../generator/emit/validators.js';
import type { ApiModel } from '../../generator/model/types.js';
import { emitContext } from '../emit-context.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { loadModel } from './harness.js';

const documents = [
  'openapi/openapi.yaml',
  'test/fixtures/validators/ref-alias.yaml',
  // each one must be there when the folder is (a missing one fails the test, not shrinks it)
  ...(haveShared('the validators slice on breadth documents', 'specs', 'breadth')
    ? ['dracoon.team.json', 'here.com__tracking.json', 'slack.com__openai.json'].map((f) =>
        sharedPath('specs', 'breadth', f),
      )
    : []),
];

async function emit(model: ApiModel): Promise<GeneratedFile[]> {
  const warnings: string[] = [];
  const files = await validatorsEmitter.emit({
    ...emitContext(model),
    warn: (m) => warnings.push(m),
  });
  return [...files, { path: '#warnings', contents: warnings.join('\n') }];
}

describe('the validators from their slice of the model', () => {
  it.each(documents)(
    'are the validators from the whole model: %s',
    async (file) => {
      const model = await loadModel(file);
      const slice = structuredClone(validatorsSlice(model));
      // the slice is smaller than the model (else there is no point sending it)
      expect(serialize(slice).length).toBeLessThan(serialize(model).length);
      const whole = await emit(model);
      const sliced = await emit(slice);
      expect(sliced.map((f) => f.path)).toEqual(whole.map((f) => f.path));
      for (let i = 0; i < whole.length; i++) expect(sliced[i].contents).toBe(whole[i].contents);
    },
    120_000,
  );
});
