/**
 * TypeScript sources → ESM JavaScript plus `.d.ts`, file by file, for the bindings package and
 * the runtime copied into it. Each file is compiled on its own (transpileModule for the code,
 * transpileDeclaration — TypeScript's isolated-declarations emit — for the types), so the output
 * depends only on the file's text and the compiler version: no program, no type check, no
 * lib files read, and byte-identical from run to run. That needs every export to carry its
 * type explicitly; a file that does not is reported with its line, never emitted half-typed.
 */
import { createRequire } from 'node:module';

type TS = typeof import('typescript');

/** Loaded on first use, through require's cache (openapi-typescript has usually loaded it). */
function typescript(): TS {
  return createRequire(import.meta.url)('typescript') as TS;
}

export interface CompiledFile {
  js: string;
  dts: string;
}

/** Why a file cannot be compiled on its own: `file:line: message`. */
export class IsolatedCompileError extends Error {}

/**
 * `fileName` is only used in messages. `banner` (one comment line, with its newline) heads both
 * outputs when the source's own first line is not a comment the compiler kept.
 */
export function compileIsolated(source: string, fileName: string, banner = ''): CompiledFile {
  const ts = typescript();
  const compilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    newLine: ts.NewLineKind.LineFeed,
    declaration: true,
    removeComments: false,
  };
  const dts = ts.transpileDeclaration(source, {
    fileName,
    compilerOptions,
    reportDiagnostics: true,
  });
  const problems = dts.diagnostics ?? [];
  if (problems.length > 0) {
    const lines = problems.slice(0, 5).map((d) => {
      const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0;
      return `${fileName}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    throw new IsolatedCompileError(
      `cannot write declarations file by file (every export needs an explicit type): ${lines.join('; ')}`,
    );
  }
  const js = ts.transpileModule(source, { fileName, compilerOptions, reportDiagnostics: false });
  return { js: headed(js.outputText, banner), dts: headed(dts.outputText, banner) };
}

function headed(text: string, banner: string): string {
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return banner && !body.startsWith(banner) ? banner + body : body;
}
