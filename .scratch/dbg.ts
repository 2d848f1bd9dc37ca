import { loadContract } from '../generator/load.js';
import { emitters } from '../generator/emit/index.js';
const r = await loadContract(process.argv[2]);
if (!r.ok) { console.log(r.problems); process.exit(1); }
for (const e of emitters) {
  if (process.argv[3] && e.name !== process.argv[3]) continue;
  try { await e.emit({ model: r.contract.model, outDir: 'o', docsDir: 'd', runtimeImport: '../runtime', command: 'x', warn: (m) => console.log('warn', m) }); console.log('ok', e.name); }
  catch (err) { console.log('FAIL', e.name, (err as Error).stack?.split('\n').slice(0, 6).join('\n')); }
}
