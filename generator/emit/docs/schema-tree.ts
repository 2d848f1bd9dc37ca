/**
 * A schema as a tree of fields for the reference: name, type, required, description, enum
 * values with meanings, limits, feature-level badges, and a `#field-<path>` anchor per field.
 *
 * Big documents (GitHub's) nest named schemas hundreds deep. A `$ref` to a named schema is
 * therefore shown as a link to that schema's page and expanded only where asked (the top of a
 * schema page, the body of a response); anonymous objects are expanded in place up to a depth and
 * a row budget, past which the tree says what it left out.
 */
import type { ApiModel, JsonSchema } from '../../model/types.js';
import { propertiesOf, resolveSchema } from '../../model/lookup.js';
import { limitsOfNode } from '../../model/schema-facts.js';
import { type Badge, historyBadge, limitsText, valueText } from './badges.js';
import { fieldAnchor, type SiteLinks } from './links.js';

export interface EnumRow {
  value: string;
  meaning: string;
  badges: Badge[];
}

export interface SchemaNode {
  name?: string;
  anchor?: string;
  required?: boolean;
  /** markdown source of the description */
  /** type as text (`string`, `integer | null`, `array of`, `object`) */
  type: string;
  /** a named schema the type links to */
  typeName?: string;
  typeHref?: string;
  description: string;
  enumValues: EnumRow[];
  facts: string[];
  badges: Badge[];
  deprecated: boolean;
  children: SchemaNode[];
  variants: { label: string; href?: string; node?: SchemaNode }[];
  variantKind?: string;
  truncated?: string;
  /** names of this object's properties left out for the budget (the caller may continue elsewhere) */
  rest?: string[];
}

export interface TreeOptions {
  /** the model, through which `$ref`s are followed */
  model: ApiModel;
  links: SiteLinks;
  /** prefix of every field path in this tree (e.g. the response status) */
  prefix: string[];
  /** anchors already used on the page; new ones get a suffix instead of colliding */
  anchors: Set<string>;
  /** rows left for the whole tree (a long description counts as several); shared across the recursion */
  budget: { rows: number };
  /** page-relative path to the site root (`''` or `../`) */
  root: string;
  maxDepth?: number;
}

type Obj = Record<string, unknown>;

/**
 * The tree of `schema`. A top-level `$ref` is followed unless `expandRef` is false (the caller
 * asked for this schema's fields); `path` is where the tree's fields sit (a parameter's name).
 */
export function schemaTree(
  schema: JsonSchema | undefined,
  opts: TreeOptions,
  where: { expandRef?: boolean; path?: string[] } = {},
): SchemaNode {
  return describe(schema ?? {}, where.path ?? [], opts, where.expandRef ?? true, 0, []);
}

function describe(
  schema: unknown,
  path: string[],
  opts: TreeOptions,
  expandRef: boolean,
  depth: number,
  refStack: string[],
): SchemaNode {
  const node: SchemaNode = {
    type: 'any',
    description: '',
    enumValues: [],
    facts: [],
    badges: [],
    deprecated: false,
    children: [],
    variants: [],
  };
  if (typeof schema === 'boolean') {
    node.type = schema ? 'any' : 'nothing';
    return node;
  }
  if (!schema || typeof schema !== 'object') return node;
  let s = schema as Obj;
  // 3.1 allows siblings next to `$ref`: they describe this use of the schema and win.
  readAnnotations(s, node, opts);

  if (typeof s.$ref === 'string') {
    const ref = s.$ref;
    const named = opts.links.schemaOfRef(ref);
    if (named && (!expandRef || refStack.includes(ref))) {
      node.type = named;
      node.typeName = named;
      node.typeHref = opts.root + opts.links.schema(named);
      return node;
    }
    const target = resolveSchema(opts.model, s);
    if (!target) return node;
    refStack = [...refStack, ref];
    s = target;
    if (!node.description) node.description = asText(s.description) ?? '';
    if (node.badges.length === 0) readAnnotations(s, node, opts, true);
  }

  // `allOf: [$ref]` with nothing else is a wrapper that adds a description: show the target.
  if (Array.isArray(s.allOf) && s.allOf.length === 1 && !s.properties && !s.type) {
    const inner = describe(s.allOf[0], path, opts, expandRef, depth, refStack);
    return {
      ...inner,
      name: node.name,
      description: node.description || inner.description,
      badges: [...node.badges, ...inner.badges],
    };
  }

  node.type = typeLabel(s);
  readValueFacts(s, node, opts);

  const items =
    s.items && typeof s.items === 'object' && !Array.isArray(s.items)
      ? (s.items as Obj)
      : undefined;
  if (items) {
    const itemName =
      typeof items.$ref === 'string' ? opts.links.schemaOfRef(items.$ref) : undefined;
    if (itemName) {
      node.type = withNull(s, 'array of');
      node.typeName = itemName;
      node.typeHref = opts.root + opts.links.schema(itemName);
      return node;
    }
    const inner =
      typeof items.$ref === 'string' ? (resolveSchema(opts.model, items) ?? items) : items;
    node.type = withNull(s, `array of ${typeLabel(inner)}`);
    readValueFacts(inner, node, opts);
    expandObject(inner, node, path, opts, depth, refStack);
    return node;
  }
  expandObject(s, node, path, opts, depth, refStack);
  return node;
}

function expandObject(
  s: Obj,
  node: SchemaNode,
  path: string[],
  opts: TreeOptions,
  depth: number,
  refStack: string[],
): void {
  const maxDepth = opts.maxDepth ?? 8;
  const { properties, required } = propertiesOf(opts.model, s);
  const names = Object.keys(properties);
  const variants = (
    Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined
  ) as unknown[] | undefined;
  if ((names.length > 0 || variants) && depth >= maxDepth) {
    node.truncated = 'Nested too deep to show here.';
    return;
  }
  for (const name of names) {
    if (opts.budget.rows <= 0) {
      node.rest = names.slice(names.indexOf(name));
      node.truncated = `${node.rest.length} more field(s) not shown here.`;
      break;
    }
    const childPath = [...path, name];
    const child = describe(properties[name], childPath, opts, false, depth + 1, refStack);
    // A row's cost grows with its text, so the budget bounds the page's size, not only its rows.
    opts.budget.rows -= 1 + Math.floor(child.description.length / 250);
    child.name = name;
    child.required = required.has(name);
    child.anchor = uniqueAnchor(fieldAnchor([...opts.prefix, ...childPath]), opts.anchors);
    node.children.push(child);
  }
  const extra = s.additionalProperties;
  if (extra && typeof extra === 'object' && opts.budget.rows > 0) {
    opts.budget.rows--;
    const childPath = [...path, '{key}'];
    const child = describe(extra, childPath, opts, false, depth + 1, refStack);
    child.name = '{any key}';
    child.anchor = uniqueAnchor(fieldAnchor([...opts.prefix, ...childPath]), opts.anchors);
    node.children.push(child);
  }
  if (variants) {
    node.variantKind = Array.isArray(s.oneOf) ? 'One of' : 'Any of';
    variants.forEach((v, i) => {
      const vs = (v && typeof v === 'object' ? v : {}) as Obj;
      const named = typeof vs.$ref === 'string' ? opts.links.schemaOfRef(vs.$ref) : undefined;
      if (named) {
        node.variants.push({ label: named, href: opts.root + opts.links.schema(named) });
        return;
      }
      const resolved = (typeof vs.$ref === 'string' ? resolveSchema(opts.model, vs) : vs) ?? {};
      const title = typeof resolved.title === 'string' ? resolved.title : `Option ${i + 1}`;
      const inner = describe(resolved, path, opts, false, depth + 1, refStack);
      const hasMore =
        inner.children.length > 0 ||
        inner.variants.length > 0 ||
        inner.enumValues.length > 0 ||
        inner.description !== '';
      node.variants.push({
        label: `${title}: ${inner.type}${inner.typeName ? ' ' + inner.typeName : ''}`,
        href: inner.typeHref,
        node: hasMore ? inner : undefined,
      });
    });
  }
}

function typeLabel(s: Obj): string {
  let types: string[] = [];
  if (typeof s.type === 'string') types = [s.type];
  else if (Array.isArray(s.type)) types = s.type.map(String);
  else if ('const' in s) return `constant ${valueText(s.const)}`;
  else if (Array.isArray(s.enum))
    types = [
      ...new Set(
        s.enum.map((v) =>
          v === null
            ? 'null'
            : Array.isArray(v)
              ? 'array'
              : typeof v === 'number' && Number.isInteger(v)
                ? 'integer'
                : typeof v,
        ),
      ),
    ];
  else if (s.properties || s.additionalProperties) types = ['object'];
  else if (s.items) types = ['array'];
  else if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf))
    types = [Array.isArray(s.oneOf) ? 'one of' : 'any of'];
  else if (Array.isArray(s.allOf)) types = ['object'];
  if (s.nullable === true && !types.includes('null')) types.push('null');
  if (types.length === 0) return 'any';
  return types.join(' | ');
}

function withNull(s: Obj, label: string): string {
  const nullable = s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
  return nullable ? `${label} (or null)` : label;
}

/** Description and lifecycle of the node as written at this place (the `$ref` site or the schema). */
function readAnnotations(s: Obj, node: SchemaNode, opts: TreeOptions, fromTarget = false): void {
  if (!fromTarget && typeof s.description === 'string') node.description = s.description;
  const history = Array.isArray(s['x-history']) ? s['x-history'] : [];
  for (const h of history) {
    const e = (h ?? {}) as Obj;
    if (typeof e.change === 'string' && typeof e.note === 'string') {
      node.badges.push(
        historyBadge({
          level: typeof e.level === 'number' ? e.level : null,
          change: e.change as never,
          note: e.note,
        }),
      );
    }
  }
  if (s.deprecated === true || s['x-removed'] === true) {
    node.deprecated = true;
    if (!node.badges.some((b) => b.kind === 'deprecated' || b.kind === 'removed')) {
      const instead =
        typeof s['x-replaced-by'] === 'string' ? ` Use ${s['x-replaced-by']} instead.` : '';
      node.badges.push({
        kind: s['x-removed'] === true ? 'removed' : 'deprecated',
        label: s['x-removed'] === true ? 'Removed' : 'Deprecated',
        note: `${s['x-removed'] === true ? 'Removed' : 'Deprecated'}.${instead}`,
      });
    }
  }
}

function readValueFacts(s: Obj, node: SchemaNode, _opts: TreeOptions): void {
  if (typeof s.format === 'string') pushFact(node, `format: ${s.format}`);
  if (s.default !== undefined) pushFact(node, `default: ${valueText(s.default)}`);
  for (const l of limitsText(limitsOfNode(s))) pushFact(node, l);
  if (typeof s.pattern === 'string') pushFact(node, `pattern: ${s.pattern}`);
  if (s.readOnly === true) pushFact(node, 'read-only');
  if (s.writeOnly === true) pushFact(node, 'write-only');
  if (typeof s['x-replaced-by'] === 'string') pushFact(node, `replaced by: ${s['x-replaced-by']}`);
  if (Array.isArray(s.enum) && node.enumValues.length === 0) node.enumValues = enumRows(s);
}

function pushFact(node: SchemaNode, fact: string): void {
  if (!node.facts.includes(fact)) node.facts.push(fact);
}

/** Enum values with `x-enum-meanings` and `x-enum-history` (keys are the values as text). */
export function enumRows(s: Obj): EnumRow[] {
  const meanings = (s['x-enum-meanings'] ?? {}) as Obj;
  const history = (s['x-enum-history'] ?? {}) as Obj;
  return (s.enum as unknown[]).map((v) => {
    const key = String(v);
    const entries = Array.isArray(history[key]) ? (history[key] as Obj[]) : [];
    return {
      value: valueText(v),
      meaning: asText(meanings[key]) ?? '',
      badges: entries
        .filter((e) => typeof e?.change === 'string' && typeof e?.note === 'string')
        .map((e) =>
          historyBadge({
            level: typeof e.level === 'number' ? e.level : null,
            change: e.change as never,
            note: e.note as string,
          }),
        ),
    };
  });
}

function uniqueAnchor(anchor: string, taken: Set<string>): string {
  let out = anchor;
  for (let i = 2; taken.has(out); i++) out = `${anchor}-${i}`;
  taken.add(out);
  return out;
}

function asText(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
