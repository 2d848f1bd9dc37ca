/**
 * File names and anchors of the reference. Every page is at depth 0 (`index.html`) or 1
 * (`operations/x.html`), and every link is relative, so the site works from any static host and
 * from file://. Anchors are stable: `#param-<name>`, `#field-<path>`, `#error-<code>`.
 */
import { unescapeSegment } from '../../common/pointer.js';
import { fileStems } from '../../model/file-names.js';
import type { ApiModel } from '../../model/types.js';

/** Characters kept verbatim in an anchor; everything else is escaped (file names: model/file-names.ts). */
const KEEP = /[A-Za-z0-9_.-]/;
const ALL_KEPT = /^[A-Za-z0-9_.-]+$/;

/**
 * A name as it appears in an id: safe characters verbatim, others as `~hex~`.
 * Injective, so two different names never share an anchor.
 */
export function anchorPart(name: string): string {
  // most names need no escape: one test instead of a walk per character (GitHub's reference
  // makes ~100,000 anchors)
  if (ALL_KEPT.test(name)) return name;
  let out = '';
  for (const ch of name) out += KEEP.test(ch) ? ch : `~${ch.codePointAt(0)!.toString(16)}~`;
  return out === '' ? '~' : out;
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

/**
 * Page paths from the file stems the model decided (model/file-names.ts); a name the model does
 * not know (a stale link) gets a stem from the same function.
 */
export function createSiteLinks(model: Pick<ApiModel, 'operations' | 'schemas'>): SiteLinks {
  const ops = new Map(model.operations.map((o) => [o.id, o.names.file]));
  const schemas = new Map(model.schemas.map((s) => [s.name, s.file]));
  const groups = new Map(model.operations.map((o) => [o.names.group, o.names.groupFile]));
  const stem = (known: Map<string, string>, name: string) =>
    known.get(name) ?? fileStems([name]).get(name)!;
  return {
    operation: (id) => `operations/${stem(ops, id)}.html`,
    schema: (name) => `schemas/${stem(schemas, name)}.html`,
    group: (name) => `groups/${stem(groups, name)}.html`,
    schemaOfRef(ref) {
      const m = /^#\/components\/schemas\/([^/]+)$/.exec(ref);
      if (!m) return undefined;
      const name = unescapeSegment(m[1]);
      return schemas.has(name) ? name : undefined;
    },
  };
}
