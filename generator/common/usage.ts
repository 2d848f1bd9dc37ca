import { statSync } from 'node:fs';

/**
 * The contract a project keeps in its own repository: what `--contract` means when it is not
 * given (generate, scaffold, diff, preview).
 */
export const DEFAULT_CONTRACT = 'openapi/openapi.yaml';

/** A usage error as one line: what is wrong, and where the help is. */
export function usageLine(command: string, message: string): string {
  return `tms-gen ${command}: ${message} (see tms-gen ${command} --help)`;
}

/** A missing contract is the caller's mistake (a usage error, exit 2), not a broken contract. */
export function missingContract(command: string, contract: string): string | undefined {
  const problem = contractFileProblem(contract);
  return problem === undefined ? undefined : usageLine(command, problem);
}

/** missingContract's problem without the command: every command words it the same way. */
export function contractFileProblem(contract: string): string | undefined {
  try {
    statSync(contract);
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
    return `--contract ${contract}: no such file`;
  }
}

/** A server's listen failing for a reason of the machine (port taken, address not local), in one line. */
export function listenProblem(error: unknown, port: number): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return `port ${port} is in use (--port 0 picks a free one)`;
  if (code === 'EADDRNOTAVAIL') return `the address given with --host is not one of this machine's`;
  if (code === 'EACCES') return `port ${port} needs privileges (pick one above 1023)`;
  return undefined;
}
