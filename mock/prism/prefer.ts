/**
 * The `Prefer` header Prism reads (`code=404, example=name, dynamic=true, seed=x`), parsed,
 * checked and completed by the front for the in-process engine (prism-engine.ts): an
 * `example=` that names an error example gets the `code=` Prism needs to find it, since Prism
 * only looks for examples in the response whose status it is asked for.
 */
import type { MockPreference } from './prism-engine.js';

export interface Preference {
  code?: string;
  example?: string;
  dynamic?: string;
  seed?: string;
  /** any other `key=value` pair (Prism ignores them, and so does the mock) */
  other: [string, string][];
}

export function parsePrefer(header: string | string[] | undefined): Preference {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const pref: Preference = { other: [] };
  for (const part of text.split(/[,;]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (key === 'code' || key === 'example' || key === 'dynamic' || key === 'seed')
      pref[key] = value;
    else if (key) pref.other.push([key, value]);
  }
  return pref;
}

export type PreferResolution =
  { ok: true; preference: MockPreference } | { ok: false; message: string };

/**
 * Checks and completes a preference for one operation. `examples` maps each example name of the
 * operation's responses to the status the mock serves it with (`x-mock-examples` of the Prism
 * document). The checks are Prism's own (a three-digit code, a boolean `dynamic`), made here so
 * that a bad header gets the API's 400 envelope with a message naming it.
 */
export function resolvePrefer(
  header: string | string[] | undefined,
  examples: Record<string, number>,
): PreferResolution {
  if (header === undefined || header === '') return { ok: true, preference: {} };
  const pref = parsePrefer(header);
  if (pref.code !== undefined && !/^[1-5]\d\d$/.test(pref.code)) {
    return { ok: false, message: `Prefer: code=${pref.code} is not an HTTP status` };
  }
  if (pref.dynamic !== undefined && pref.dynamic !== 'true' && pref.dynamic !== 'false') {
    return { ok: false, message: `Prefer: dynamic=${pref.dynamic} must be true or false` };
  }
  if (pref.example !== undefined) {
    const status = Object.hasOwn(examples, pref.example) ? examples[pref.example] : undefined;
    if (status === undefined) {
      const known = Object.keys(examples);
      return {
        ok: false,
        message: `Prefer: example=${pref.example}: the operation has no response example of that name (known: ${known.join(', ') || 'none'})`,
      };
    }
    pref.code ??= String(status);
  }
  return {
    ok: true,
    preference: {
      ...(pref.code !== undefined ? { code: Number(pref.code) } : {}),
      ...(pref.example !== undefined ? { exampleKey: pref.example } : {}),
      ...(pref.dynamic !== undefined ? { dynamic: pref.dynamic === 'true' } : {}),
      ...(pref.seed !== undefined ? { seed: pref.seed } : {}),
    },
  };
}
