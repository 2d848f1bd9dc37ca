/**
 * Runs Spectral with the project's ruleset (.spectral.yaml) on one contract, through the
 * programmatic API (no child process: about a second faster per run and no output parsing).
 * The ruleset is bundled once per call of `createContractLinter` and reused for every file.
 *
 * Spectral lints the contract as our loader bundles it (one document, internal refs only), not
 * the split source files: on files that `$ref` each other in a loop (paths → root components →
 * schemas), Spectral's own resolver skips some checks at random from run to run. Findings are
 * mapped back to the source file and line through the bundle.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRuntime from '@stoplight/spectral-runtime';
import { bundleContract } from '../load/bundle.js';
import { pointer as jsonPointer } from '../common/pointer.js';
import { loadRulesetFile } from './ruleset.js';

// CommonJS packages: their named exports are read off the default export.
const { Spectral, Document, Ruleset } = spectralCore;
const { fetch } = spectralRuntime;
const { Json } = spectralParsers;

export type LintSeverity = 'error' | 'warning' | 'info' | 'hint';

export interface LintFinding {
  /** rule name, e.g. `tms-history-shape` or `oas3-valid-media-example` */
  code: string;
  message: string;
  severity: LintSeverity;
  /** JSON pointer inside `file` (`#/paths/~1messages/post`) */
  pointer: string;
  /** the file the finding is in (the root or a file it $refs), absolute */
  file: string;
  /** 1-based line */
  line: number;
}

export type ContractLinter = (file: string) => Promise<LintFinding[]>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_RULESET = path.join(root, '.spectral.yaml');
const SEVERITIES: LintSeverity[] = ['error', 'warning', 'info', 'hint'];

/** JSON pointer of a path, escaping `~` and `/` (RFC 6901). */
export function toPointer(segments: ReadonlyArray<string | number>): string {
  return jsonPointer(...segments);
}

/** How a ruleset file is read: ours (ruleset.ts), or Spectral's ruleset bundler (an optional peer). */
export type RulesetReader = 'own' | 'bundler';

/** Loads the ruleset once; the returned function lints one file. */
export async function createContractLinter(
  rulesetFile: string = DEFAULT_RULESET,
  reader: RulesetReader = 'own',
): Promise<ContractLinter> {
  const ruleset = await loadRuleset(path.resolve(rulesetFile), reader);
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  return async (file: string) => {
    const absolute = path.resolve(file);
    const bundled = bundleContract(absolute);
    if (!bundled.ok) {
      // The loader reports these in full; here only that linting could not start.
      return bundled.problems.map((p) => ({
        code: 'bundle',
        message: p.message,
        severity: 'error' as const,
        pointer: p.pointer,
        file: path.resolve(p.file ?? absolute),
        line: p.line ?? 1,
      }));
    }
    const { bundle } = bundled;
    const document = new Document(JSON.stringify(bundle.document, null, 1), Json, absolute);
    const results = await spectral.run(document);
    // A part inlined at two places (both form media types ref one schema) is one finding.
    const seen = new Set<string>();
    return results
      .map((r) => {
        const pointer = toPointer(r.path);
        const at = bundle.locate(pointer);
        return {
          code: String(r.code),
          message: r.message,
          severity: SEVERITIES[r.severity] ?? 'error',
          pointer: at?.pointer ?? pointer,
          file: at ? path.resolve(at.file) : absolute,
          line: at?.line ?? 1,
        };
      })
      .filter((f) => {
        const key = `${f.code}\0${f.file}\0${f.line}\0${f.pointer}\0${f.message}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  };
}

/** Lints one file with the project's ruleset. */
export async function lintContract(
  file: string,
  rulesetFile: string = DEFAULT_RULESET,
): Promise<LintFinding[]> {
  return (await createContractLinter(rulesetFile))(file);
}

/**
 * The ruleset as Spectral runs it: read by ruleset.ts, or, for what only the bundler reads (a
 * JavaScript ruleset, `extends` of a package or URL), by the bundler when the app installed it.
 */
async function loadRuleset(file: string, reader: RulesetReader) {
  const own = reader === 'own' ? await loadRulesetFile(file) : undefined;
  if (own?.ok)
    return new Ruleset(own.definition as never, { severity: 'recommended', source: file });
  type WithLoader = typeof import('@stoplight/spectral-ruleset-bundler/with-loader');
  let loaded: WithLoader | { default: WithLoader };
  try {
    loaded = await import('@stoplight/spectral-ruleset-bundler/with-loader');
  } catch (error) {
    if (!String((error as Error)?.message).includes('spectral-ruleset-bundler')) throw error;
    throw new Error(
      `${file}: ${own?.needsBundler ?? 'this ruleset'} needs Spectral's ruleset bundler (npm install --save-dev @stoplight/spectral-ruleset-bundler)`,
      { cause: error },
    );
  }
  // CommonJS: its exports come as named ones, or on the default export, by loader.
  const bundler = 'bundleAndLoadRuleset' in loaded ? loaded : loaded.default;
  return bundler.bundleAndLoadRuleset(file, { fs, fetch });
}
