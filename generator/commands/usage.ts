/** A usage error as one line: what is wrong, and where the help is. */
export function usageLine(command: string, message: string): string {
  return `tms-gen ${command}: ${message} (see tms-gen ${command} --help)`;
}
