/**
 * File names and anchors of the reference. Every page is at depth 0 (`index.html`) or 1
 * (`operations/x.html`), and every link is relative, so the site works from any static host and
 * from file://. Anchors are stable: `#param-<name>`, `#field-<path>`, `#error-<code>`.
 */
import { unescapeSegment } from '../../common/pointer.js';
import type { Operation } from '../../model/types.js';

/** Characters kept verbatim in a file name or an anchor; everything else is escaped. */
const KEEP = /[A-Za-z0-9_.-]/;

/**
 * A name as it appears in an id or a file name: safe characters verbatim, others as `~hex~`.
 * Injective, so two different names never share an anchor.
 */
export function anchorPart(name: string): string {
  let out = '';
  for (const ch of name) out += KEEP.test(ch) ? ch : `~${ch.codePointAt(0)!.toString(16)}~`;
  return out === '' ? '~' : out;
}

/**
 * Unique file stems for a list of names. Case-insensitive file systems (macOS, Windows) would
 * merge `GetAccount` and `getAccount`, so uniqueness is checked on the lower-cased stem.
 */
export function uniqueStems(names: string[]): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const name of names) {
    if (out.has(name)) continue;
    const base = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'item';
    let stem = base;
    for (let i = 2; taken.has(stem.toLowerCase()); i++) stem = `${base}-${i}`;
    taken.add(stem.toLowerCase());
    out.set(name, stem);
  }
  return out;
}

/** The group (page in the sidebar) an operation belongs to: its first tag, else its first path segment. */
export function groupOf(op: Operation): string {
  if (op.tags.length > 0) return op.tags[0];
  const first = op.path.split('/').find((s) => s !== '' && !s.startsWith('{'));
  return first ?? 'other';
}

export function paramAnchor(name: string): string {
  return `param-${anchorPart(name)}`;
}

export function fieldAnchor(path: string[]): string {
  return `field-${path.map(anchorPart).join('.')}`;
}

export function errorAnchor(code: string): string {
  return `error-${anchorPart(code)}`;
}

export function levelAnchor(level: number | null): string {
  return level === null ? 'level-unstated' : `level-${level}`;
}

/** Everything that knows where a page is: one per run, shared by all page builders. */
export interface SiteLinks {
  operation(id: string): string;
  schema(name: string): string;
  group(name: string): string;
  /** schema name from a `$ref`, when it points at a named component schema */
  schemaOfRef(ref: string): string | undefined;
}

export function createSiteLinks(operationIds: string[], schemaNames: string[], groups: string[]): SiteLinks {
  const ops = uniqueStems(operationIds);
  const schemas = uniqueStems(schemaNames);
  const groupStems = uniqueStems(groups);
  const known = new Set(schemaNames);
  return {
    operation: (id) => `operations/${ops.get(id) ?? anchorPart(id)}.html`,
    schema: (name) => `schemas/${schemas.get(name) ?? anchorPart(name)}.html`,
    group: (name) => `groups/${groupStems.get(name) ?? anchorPart(name)}.html`,
    schemaOfRef(ref) {
      const m = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
      if (!m) return undefined;
      const name = unescapeSegment(m[1]);
      return known.has(name) ? name : undefined;
    },
  };
}
