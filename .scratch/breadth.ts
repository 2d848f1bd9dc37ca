import { readdirSync } from 'node:fs';
import { loadContract } from '../generator/load.js';
import { formatProblem } from '../generator/contract-error.js';
const dir = '/work/shared/specs/breadth';
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
let refused = 0;
for (const f of files) {
  const r = await loadContract(`${dir}/${f}`, { skipSchemaCheck: false });
  if (!r.ok) { refused++; console.log('REFUSED', f, r.problems.length, formatProblem(r.problems[0]).slice(0, 260)); }
  else if (r.contract.warnings.length) console.log('WARN', f, r.contract.warnings.length, r.contract.warnings[0].slice(0, 200));
}
console.log('refused', refused, 'of', files.length);
