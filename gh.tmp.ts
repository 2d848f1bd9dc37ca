import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadContract } from './generator/load.js';
import { validatorsEmitter } from './generator/emit/validators.js';
const l = await loadContract(process.argv[2], { skipSchemaCheck: true });
if (!l.ok) throw new Error('bad');
const t0 = performance.now();
const files = await validatorsEmitter.emit({ model: l.contract.model, outDir: '', docsDir: '', runtimeImport: '', command: 'x', warn: () => {} } as never);
console.log('emit ms', Math.round(performance.now() - t0), 'files', files.length);
const dir = process.argv[3];
rmSync(dir, { recursive: true, force: true });
let bytes = 0;
for (const f of files) { mkdirSync(dirname(join(dir, f.path)), { recursive: true }); writeFileSync(join(dir, f.path), f.contents); if (f.path.endsWith('.js')) bytes += Buffer.byteLength(f.contents); }
console.log('js MB', (bytes / 1048576).toFixed(2), 'rss MB', Math.round(process.memoryUsage().rss / 1048576));
