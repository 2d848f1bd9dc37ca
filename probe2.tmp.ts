import { _ } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { loadContract } from './generator/load.js';
import { validatorSchemaRoot } from './generator/emit/validators.js';
import { createAjv, findUnknownFormats } from './generator/schema/ajv.js';
import { stripAnnotations } from './generator/schema/strip-annotations.js';
const standalone = ((standaloneModule as any).default ?? standaloneModule) as any;
const l = await loadContract('/work/shared/specs/big/github-api.github.com.json', { skipSchemaCheck: true });
if (!l.ok) throw 1;
const model = l.contract.model;
const { root, targets } = validatorSchemaRoot(model);
const slim = { ...root.root, $defs: Object.fromEntries(Object.entries(root.root.$defs).map(([k, v]) => [k, stripAnnotations(v)])) };
const unknownFormats = findUnknownFormats(slim, createAjv({ dialect: model.dialect }));
const keys = Object.values(targets.named).filter((_, i) => i % 8 === 0);
for (const [label, extra] of [['allErrors', {}], ['firstError', { allErrors: false }]] as const) {
  const ajv = createAjv({ dialect: model.dialect, unknownFormats, code: { source: true, esm: true, lines: true, formats: _`formats` }, ...(extra as any) });
  if ((extra as any).messages === false) (ajv.opts as any).messages = false;
  ajv.addSchema(slim);
  const refs = Object.fromEntries(keys.map((k, i) => [`s${i}`, root.refOf(k)]));
  const code = standalone(ajv, refs);
  console.log(label, keys.length, (code.length / 1048576).toFixed(2), 'MB', 'msg', (code.match(/,message:"[^"]*"/g) ?? []).join('').length);
}
