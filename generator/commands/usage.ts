import { statSync } from 'node:fs';

/** A usage error as one line: what is wrong, and where the help is. */
export function usageLine(command: string, message: string): string {
  return `tms-gen ${command}: ${message} (see tms-gen ${command} --help)`;
}

/** A missing contract is the caller's mistake (a usage error, exit 2), not a broken contract. */
export function missingContract(command: string, contract: string): string | undefined {
  try {
    statSync(contract);
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
    return usageLine(command, `--contract ${contract}: no such file`);
  }
}
