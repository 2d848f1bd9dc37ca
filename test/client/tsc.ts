/** `tsc --strict` (TypeScript 5.9 of the project) on one file, for the client's type tests. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TSC = join('node_modules', 'typescript', 'bin', 'tsc');

/** The `file(line,col): error TSxxxx` lines of compiling `file` alone; [] when it compiles. */
export async function typeErrors(file: string): Promise<string[]> {
  const args = [
    '--strict',
    '--noEmit',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--target',
    'es2022',
    '--skipLibCheck',
    '--lib',
    'es2023,dom',
    '--types',
    'node',
    file,
  ];
  try {
    await run(process.execPath, [TSC, ...args], { maxBuffer: 16 * 1024 * 1024 });
    return [];
  } catch (error) {
    const out = String((error as { stdout?: string }).stdout ?? error);
    const lines = out.split('\n').filter((l) => /error TS\d+/.test(l));
    return lines.length > 0 ? lines : [out];
  }
}
