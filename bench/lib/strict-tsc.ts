/**
 * `tsc --strict` over generated code as its users compile it (NodeNext, DOM and Node types):
 * the error lines, none when it type-checks. One config for the tests that compile outputs and
 * the breadth benchmark (which batches its own programs).
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TSC = resolve('node_modules', 'typescript', 'bin', 'tsc');

/**
 * Writes to `config` the tsconfig of a strict program of `files`. `skipLibCheck: false` checks
 * inside `.d.ts` files too (validators.d.ts); true only checks what the files use.
 */
export function writeStrictConfig(
  config: string,
  files: string[],
  opts: { skipLibCheck: boolean },
): void {
  writeFileSync(
    config,
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: ['node'],
          skipLibCheck: opts.skipLibCheck,
        },
        files,
      },
      null,
      2,
    ),
  );
}

/**
 * `config`: where the tsconfig goes. `skipLibCheck: false` checks inside `.d.ts` files too
 * (validators.d.ts); true only checks what the files use.
 */
export async function strictTypeErrors(
  files: string[],
  config: string,
  opts: { skipLibCheck: boolean },
): Promise<string[]> {
  writeStrictConfig(config, files, opts);
  try {
    await run(process.execPath, [TSC, '-p', config, '--pretty', 'false'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return [];
  } catch (error) {
    const out = String((error as { stdout?: string }).stdout ?? error);
    return out.split('\n').filter((l) => /error TS\d+/.test(l));
  }
}
