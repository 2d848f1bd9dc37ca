/**
 * `x-tagGroups` (a vendor extension Redoc introduced and many documents carry): named sections
 * of tags, the reference's sidebar headings. Entries that are not `{ name, tags: [...] }` are
 * left out: an extension shapes the presentation, it never refuses a document.
 */
import type { TagGroup } from './types.js';

export function readTagGroups(raw: unknown): TagGroup[] {
  if (!Array.isArray(raw)) return [];
  const out: TagGroup[] = [];
  for (const entry of raw) {
    if (!entry || typeof entry !== 'object') continue;
    const { name, tags } = entry as { name?: unknown; tags?: unknown };
    if (typeof name !== 'string' || !Array.isArray(tags)) continue;
    out.push({ name, tags: tags.filter((t): t is string => typeof t === 'string') });
  }
  return out;
}
