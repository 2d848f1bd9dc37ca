import { loadContract } from './generator/load.js';
import { readdirSync } from 'node:fs';
const files = [...readdirSync('test/fixtures/broken').filter(f=>/\.(ya?ml|json)$/.test(f)).map(f=>'test/fixtures/broken/'+f), 'test/fixtures/broken/split/root.yaml', ...readdirSync('test/fixtures/hostile').filter(f=>/\.(ya?ml|json)$/.test(f)).map(f=>'test/fixtures/hostile/'+f)];
for (const f of files) {
  const r = await loadContract(f);
  if (r.ok) { for (const w of r.contract.warnings ?? []) if (!w.clause) console.log('WARN-NOCLAUSE', f, w.message); continue; }
  for (const p of r.problems) console.log(p.clause ? 'ok ' : 'NOCLAUSE', f, p.source, '|', p.message.slice(0,90), '|', (p.clause??'').slice(0,80));
}
