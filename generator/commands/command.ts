/**
 * One subcommand of `tms-gen`: a name, a line for the overview, and a `run` that parses its own
 * arguments (printing its own `--help`) and returns the exit code: 0 ok, 1 a finding (an
 * invalid contract, a violation, a difference), 2 a usage error (one line on stderr).
 */
export interface Command {
  name: string;
  /** one line for `tms-gen --help` */
  summary: string;
  run(argv: string[]): Promise<number>;
}
