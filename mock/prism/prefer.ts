/**
 * The `Prefer` header Prism reads (`code=404, example=name, dynamic=true`), parsed and completed
 * by the front: an `example=` that names an error example gets the `code=` Prism needs to find
 * it, since Prism only looks for examples in the response whose status it is asked for.
 */

export interface Preference {
  code?: string;
  example?: string;
  dynamic?: string;
  /** any other `key=value` pair, passed on untouched */
  other: [string, string][];
}

export function parsePrefer(header: string | string[] | undefined): Preference {
  const text = Array.isArray(header) ? header.join(',') : header ?? '';
  const pref: Preference = { other: [] };
  for (const part of text.split(/[,;]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (key === 'code' || key === 'example' || key === 'dynamic') pref[key] = value;
    else if (key) pref.other.push([key, value]);
  }
  return pref;
}

export function formatPrefer(pref: Preference): string {
  const parts: string[] = [];
  if (pref.code !== undefined) parts.push(`code=${pref.code}`);
  if (pref.example !== undefined) parts.push(`example=${pref.example}`);
  if (pref.dynamic !== undefined) parts.push(`dynamic=${pref.dynamic}`);
  for (const [k, v] of pref.other) parts.push(`${k}=${v}`);
  return parts.join(', ');
}

export type PreferResolution = { ok: true; prefer: string | undefined } | { ok: false; message: string };

/**
 * Completes a preference for one operation. `examples` maps each example name of the operation's
 * responses to the status the mock serves it with (`x-mock-examples` of the Prism document).
 */
export function resolvePrefer(header: string | string[] | undefined, examples: Record<string, number>): PreferResolution {
  if (header === undefined || header === '') return { ok: true, prefer: undefined };
  const pref = parsePrefer(header);
  if (pref.code !== undefined && !/^[1-5]\d\d$/.test(pref.code)) {
    return { ok: false, message: `Prefer: code=${pref.code} is not an HTTP status` };
  }
  if (pref.example !== undefined) {
    const status = Object.hasOwn(examples, pref.example) ? examples[pref.example] : undefined;
    if (status === undefined) {
      const known = Object.keys(examples);
      return { ok: false, message: `Prefer: example=${pref.example}: the operation has no response example of that name (known: ${known.join(', ') || 'none'})` };
    }
    pref.code ??= String(status);
  }
  return { ok: true, prefer: formatPrefer(pref) };
}
