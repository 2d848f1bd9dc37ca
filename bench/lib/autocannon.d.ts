// autocannon ships no types; bench/lib/load.ts types the part of its API it uses.
declare module 'autocannon' {
  const autocannon: (options: Record<string, unknown>) => unknown;
  export default autocannon;
}
