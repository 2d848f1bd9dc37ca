/**
 * The changelog: every feature-level annotation of the contract, grouped by level, newest
 * first. Sources: operations, parameters and their enum values (the model's lifecycles),
 * named schemas, the properties and enum values inside schemas (`x-history` and
 * `x-enum-history`, found by walking the schemas, since the model keeps only top-level
 * lifecycles), and the error catalogue.
 */
import type { ApiModel, FeatureChange } from '../../model/types.js';
import { errorAnchor, fieldAnchor, levelAnchor, paramAnchor, type SiteLinks } from './links.js';

export interface ChangeEntry {
  kind: string;
  subject: string;
  context: string;
  href: string;
  change: string;
  note: string;
}

export interface ChangeLevel {
  label: string;
  anchor: string;
  level: number | null;
  entries: ChangeEntry[];
}

type Obj = Record<string, unknown>;
const KIND_ORDER = ['operation', 'parameter', 'enum value', 'schema', 'field', 'error code'];

export function buildChangelog(model: ApiModel, links: SiteLinks): ChangeLevel[] {
  const raw: { level: number | null; entry: ChangeEntry }[] = [];
  const add = (h: FeatureChange, e: Omit<ChangeEntry, 'change' | 'note'>) =>
    raw.push({ level: h.level, entry: { ...e, change: h.change, note: h.note } });

  for (const op of model.operations) {
    const href = links.operation(op.id);
    const name = `${op.method.toUpperCase()} ${op.path}`;
    for (const h of op.lifecycle.history)
      add(h, { kind: 'operation', subject: name, context: op.id, href });
    for (const p of op.parameters) {
      const at = `${href}#${paramAnchor(p.name)}`;
      for (const h of p.lifecycle.history)
        add(h, { kind: 'parameter', subject: p.name, context: `${op.id} (${p.in})`, href: at });
      // Enum values of a named schema are listed once, under that schema, by the walk below.
      const viaNamedSchema =
        typeof (p.schema as Obj)?.$ref === 'string' &&
        links.schemaOfRef((p.schema as Obj).$ref as string);
      if (viaNamedSchema) continue;
      for (const v of p.enum ?? []) {
        for (const h of v.lifecycle.history)
          add(h, {
            kind: 'enum value',
            subject: JSON.stringify(v.value),
            context: `${p.name} of ${op.id}`,
            href: at,
          });
      }
    }
    // Properties inside inline response and JSON-body schemas (named ones are walked once below).
    for (const r of op.responses) {
      const schema = r.representative?.schema;
      if (schema)
        walkSchema(schema, [], (path, h) =>
          add(h.entry, {
            kind: h.kind,
            subject: h.subject(path),
            context: `response ${r.status} of ${op.id}`,
            href: `${href}#${fieldAnchor([r.status, ...path])}`,
          }),
        );
    }
    if (op.requestBody && op.requestBody.kind !== 'form') {
      const schema = op.requestBody.representative?.schema;
      if (schema)
        walkSchema(schema, [], (path, h) =>
          add(h.entry, {
            kind: h.kind,
            subject: h.subject(path),
            context: `request body of ${op.id}`,
            href: `${href}#${fieldAnchor(['body', ...path])}`,
          }),
        );
    }
  }
  for (const s of model.schemas) {
    const href = links.schema(s.name);
    for (const h of s.lifecycle.history)
      add(h, { kind: 'schema', subject: s.name, context: '', href });
    walkSchema(
      s.schema,
      [],
      (path, h) =>
        add(h.entry, {
          kind: h.kind,
          subject: h.subject(path),
          context: s.name,
          href: path.length > 0 ? `${href}#${fieldAnchor(path)}` : href,
        }),
      true,
    );
  }
  for (const e of model.errorCodes) {
    for (const h of e.lifecycle.history)
      add(h, {
        kind: 'error code',
        subject: e.code,
        context: '',
        href: `errors.html#${errorAnchor(e.code)}`,
      });
  }

  const byLevel = new Map<number | null, ChangeEntry[]>();
  const seen = new Set<string>();
  for (const { level, entry } of raw) {
    const key = JSON.stringify([
      level,
      entry.kind,
      entry.subject,
      entry.context,
      entry.change,
      entry.note,
    ]);
    if (seen.has(key)) continue;
    seen.add(key);
    if (!byLevel.has(level)) byLevel.set(level, []);
    byLevel.get(level)!.push(entry);
  }
  const levels = [...byLevel.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : b - a));
  return levels.map((level) => ({
    level,
    label: level === null ? 'Level not stated' : `Feature level ${level}`,
    anchor: levelAnchor(level),
    entries: byLevel
      .get(level)!
      .sort(
        (a, b) =>
          KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
          a.subject.localeCompare(b.subject) ||
          a.context.localeCompare(b.context),
      ),
  }));
}

interface Found {
  kind: 'field' | 'enum value';
  entry: FeatureChange;
  subject(path: string[]): string;
}

/**
 * Every `x-history` on a property and every `x-enum-history` entry inside `schema`, without
 * following `$ref`s (each named schema is walked once, on its own). `skipRootHistory`: the
 * root's own `x-history` is the schema's lifecycle, already listed.
 */
function walkSchema(
  schema: unknown,
  path: string[],
  visit: (path: string[], found: Found) => void,
  skipRootHistory = false,
  depth = 0,
): void {
  if (!schema || typeof schema !== 'object' || depth > 24) return;
  const s = schema as Obj;
  if (!(skipRootHistory && depth === 0) && path.length > 0) {
    for (const h of entries(s['x-history']))
      visit(path, { kind: 'field', entry: h, subject: (p) => p.join('.') });
  }
  const enumHistory = s['x-enum-history'];
  if (enumHistory && typeof enumHistory === 'object') {
    for (const [value, list] of Object.entries(enumHistory as Obj)) {
      for (const h of entries(list))
        visit(path, {
          kind: 'enum value',
          entry: h,
          subject: (p) => `${JSON.stringify(value)}${p.length > 0 ? ` of ${p.join('.')}` : ''}`,
        });
    }
  }
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, prop] of Object.entries(s.properties as Obj))
      walkSchema(prop, [...path, name], visit, false, depth + 1);
  }
  for (const key of ['items', 'additionalProperties', 'not']) {
    if (s[key] && typeof s[key] === 'object') walkSchema(s[key], path, visit, false, depth + 1);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    if (Array.isArray(s[key]))
      for (const m of s[key] as unknown[]) walkSchema(m, path, visit, true, depth + 1);
  }
}

function entries(v: unknown): FeatureChange[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter(
      (e): e is Obj =>
        !!e &&
        typeof e === 'object' &&
        typeof (e as Obj).change === 'string' &&
        typeof (e as Obj).note === 'string',
    )
    .map((e) => ({
      level: typeof e.level === 'number' ? e.level : null,
      change: e.change as FeatureChange['change'],
      note: e.note as string,
    }));
}
