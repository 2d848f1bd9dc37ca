/**
 * The loader's resource limits. Contract text is untrusted: a 664-byte YAML alias bomb, a
 * `$ref` to `/dev/zero` or a schema nested 100,000 levels must end in a clear refusal with a
 * location, not in gigabytes of memory or a stack overflow. The defaults admit the largest real
 * documents we know (Microsoft Graph beta: 47 MB, 22,361 operations; real nesting depth stays
 * under 30) with room to spare; each limit has a CLI option to raise or lower it.
 */

export interface LoadLimits {
  /** bytes of one file, and of all the contract's files together */
  maxDocumentBytes: number;
  /** nesting depth of objects and arrays in any file (and through inlined external refs) */
  maxDepth: number;
  /** values in the document once YAML aliases are expanded (a scalar, object or array is one) */
  maxNodes: number;
  /** YAML alias uses (`*name`) in one file */
  maxYamlAliases: number;
  maxOperations: number;
  /** entries of `components.schemas` */
  maxSchemas: number;
  /**
   * Folders a `$ref` may read from besides the root document's own folder (absolute paths).
   * Nothing outside them is ever opened; remote URLs are never fetched.
   */
  refRoots: string[];
}

export const DEFAULT_LIMITS: Readonly<LoadLimits> = Object.freeze({
  maxDocumentBytes: 64 * 1024 * 1024,
  maxDepth: 256,
  maxNodes: 20_000_000,
  maxYamlAliases: 10_000,
  maxOperations: 50_000,
  maxSchemas: 50_000,
  refRoots: [],
});

export type NumericLimit = Exclude<keyof LoadLimits, 'refRoots'>;

/** The CLI option of each numeric limit, named in every refusal so the reader knows the way out. */
export const LIMIT_OPTIONS: Readonly<Record<NumericLimit, string>> = Object.freeze({
  maxDocumentBytes: '--max-document-bytes',
  maxDepth: '--max-depth',
  maxNodes: '--max-nodes',
  maxYamlAliases: '--max-yaml-aliases',
  maxOperations: '--max-operations',
  maxSchemas: '--max-schemas',
});

/** `(limit 256; --max-depth <n> changes it)` */
export function limitHint(limit: NumericLimit, limits: LoadLimits): string {
  return `limit ${limits[limit]}; ${LIMIT_OPTIONS[limit]} <n> changes it`;
}

/** Limits with the caller's overrides; undefined fields keep their defaults. */
export function resolveLimits(overrides: Partial<LoadLimits> = {}): LoadLimits {
  const out: LoadLimits = { ...DEFAULT_LIMITS, refRoots: [...DEFAULT_LIMITS.refRoots] };
  for (const key of Object.keys(LIMIT_OPTIONS) as NumericLimit[]) {
    const value = overrides[key];
    if (value !== undefined) out[key] = value;
  }
  if (overrides.refRoots) out.refRoots = [...overrides.refRoots];
  return out;
}

/** Parses `--max-depth 300` style values: a positive integer, with an optional k/m suffix (×1024). */
export function parseLimitValue(text: string): number | undefined {
  const m = /^(\d+)([kKmM]?)$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]) * (m[2] === '' ? 1 : m[2].toLowerCase() === 'k' ? 1024 : 1024 * 1024);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
