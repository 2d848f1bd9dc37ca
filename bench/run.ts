/**
 * `npm run bench`: runs every benchmark module of this folder in turn, each in its own process
 * (so one subject's warm caches and JIT state do not flatter the next). One module per subject;
 * each writes its own `bench/results/<subject>.md`. `npm run bench -- validators` runs one.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = dirname(fileURLToPath(import.meta.url));
const { values, positionals: wanted } = parseArgs({
  options: { help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
});
if (values.help) {
  console.log(
    'npm run bench [-- <subject>...]   subjects: the .ts modules of bench/ (all when none)',
  );
  process.exit(0);
}
const modules = readdirSync(HERE)
  .filter((f) => /\.ts$/.test(f) && f !== 'run.ts' && !f.endsWith('.d.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(basename(f, '.ts')))
  .sort();

let failed = 0;
for (const file of modules) {
  console.log(`\n== bench/${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(HERE, file)], {
    stdio: 'inherit',
    cwd: join(HERE, '..'),
  });
  if (result.status !== 0) {
    failed++;
    console.error(`bench/${file} failed (exit ${result.status})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
