/**
 * What a generate is asked to do (parsed by generator/cli.ts) and what it answers. Shared by
 * the CLI, the run and the subcommands that take the same options (scaffold).
 */
import type { LoadLimits } from '../load/index.js';

export interface CliOptions {
  command: 'generate' | 'scaffold';
  contract: string;
  out: string;
  docs: string;
  only?: string[];
  runtime?: string;
  check: boolean;
  watch: boolean;
  quiet: boolean;
  /** the output cache's folder (generator/cache/); `noCache` turns it off */
  cacheDir?: string;
  noCache?: boolean;
  /** `scaffold --dir`: where the starter handlers go */
  dir?: string;
  /** `scaffold --server`: the module the starters import (default: `<out>/server.js`, relative) */
  server?: string;
  /** no `--contract` was given (`contract` is the default) */
  contractDefaulted?: boolean;
  /** loader limits given on the command line (`--max-depth`, `--ref-root`, ...) */
  limits?: Partial<LoadLimits>;
  /** `--lenient`: tms-gen's own rules become warnings (load/lenient.ts) */
  lenient?: boolean;
  /** `--try-it-server <url>`: where the reference's try-it sends requests */
  tryItServer?: string;
}

export class UsageError extends Error {}

export interface RunResult {
  exitCode: 0 | 1;
  /** the report, or the problems (exit 1); `--quiet` keeps only the problems */
  lines: string[];
  /** `warning: …` lines, each once: shown whatever `--quiet` says (report.ts, printRun) */
  warnings?: string[];
  /**
   * The contract's files the run read (absolute): the document and every file its `$ref`s
   * reach; for an invalid contract, the document and the files its problems are in. Absent
   * when an emitter refused the contract. The watch (watch.ts) watches these.
   */
  contractFiles?: string[];
  /**
   * The stamp of each of `contractFiles` the loader read, taken as it read it
   * (common/file-stamp.ts): a watch reruns for an edit made after the read. Absent for a file
   * the run did not read itself (a model from the snapshot, a file named by a problem).
   */
  contractStamps?: Record<string, string>;
}
