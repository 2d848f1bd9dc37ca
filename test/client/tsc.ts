/** `tsc --strict` (TypeScript 5.9 of the project) on client files, for the client's type tests. */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TSC = join('node_modules', 'typescript', 'bin', 'tsc');
const FLAGS = [
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
];

/** The `file(line,col): error TSxxxx` lines of compiling `file` alone; [] when it compiles. */
export async function typeErrors(file: string): Promise<string[]> {
  return programErrors([file]);
}

/**
 * Compiles `files` as one program (one tsc start, the generated client read once, instead of
 * one program per file): the error lines, each under the file it is in (resolved path); an
 * error of no file, or of a file not in `files`, is under '' (the program does not compile).
 */
export async function typeErrorsByFile(files: string[]): Promise<Map<string, string[]>> {
  const byFile = new Map<string, string[]>([
    ['', []],
    ...files.map((f) => [resolve(f), []] as [string, string[]]),
  ]);
  for (const line of await programErrors(files)) {
    const at = /^(.+?)\(\d+,\d+\): error TS/.exec(line)?.[1];
    (byFile.get(at ? resolve(at) : '') ?? byFile.get('')!).push(line);
  }
  return byFile;
}

async function programErrors(files: string[]): Promise<string[]> {
  try {
    await run(process.execPath, [TSC, ...FLAGS, ...files], { maxBuffer: 16 * 1024 * 1024 });
    return [];
  } catch (error) {
    const out = String((error as { stdout?: string }).stdout ?? error);
    const lines = out.split('\n').filter((l) => /error TS\d+/.test(l));
    return lines.length > 0 ? lines : [out];
  }
}
