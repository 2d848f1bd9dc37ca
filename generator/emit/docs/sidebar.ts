/**
 * The sidebar: operations grouped by tag (the model's `names.group`), in the contract's order,
 * as data for the layout (a small site) or for nav.js (a big one, one shared script).
 */
import { scriptJson } from '../../common/source.js';
import type { ApiModel, Operation } from '../../model/types.js';
import { lifecycleBadges } from './badges.js';
import type { NavGroupView } from './html/layout.js';
import type { SiteLinks } from './links.js';
import { groupTitle, summaryText } from './operation-page.js';

/** One group of the sidebar (a tag) and its operations. */
export interface OperationGroup {
  name: string;
  description: string;
  ops: Operation[];
  /** the `x-tagGroups` section the group is listed under, when the document has sections */
  section?: string;
}

/** Heading of the groups no `x-tagGroups` section names. */
const OTHER_SECTION = 'Other operations';

export function groupOperations(model: ApiModel): OperationGroup[] {
  const byName = new Map<string, Operation[]>();
  for (const op of model.operations) {
    const g = op.names.group;
    if (!byName.has(g)) byName.set(g, []);
    byName.get(g)!.push(op);
  }
  // Declared tags first, in the contract's order; then the rest by name.
  const declared = model.tags.map((t) => t.name).filter((n) => byName.has(n));
  const rest = [...byName.keys()].filter((n) => !declared.includes(n)).sort();
  const groups = [...declared, ...rest].map((name) => ({
    name,
    description: model.tags.find((t) => t.name === name)?.description ?? '',
    ops: byName.get(name)!,
  }));
  return model.tagGroups.length > 0 ? inSections(groups, model.tagGroups) : groups;
}

/**
 * The groups in the order of the document's sections (`x-tagGroups`), each marked with its
 * section; a group no section names is listed last, under "Other operations", never hidden.
 */
function inSections(groups: OperationGroup[], sections: ApiModel['tagGroups']): OperationGroup[] {
  const out: OperationGroup[] = [];
  const placed = new Set<string>();
  for (const section of sections)
    for (const tag of section.tags) {
      const g = groups.find((x) => x.name === tag);
      if (!g || placed.has(tag)) continue;
      placed.add(tag);
      out.push({ ...g, section: section.name });
    }
  for (const g of groups) if (!placed.has(g.name)) out.push({ ...g, section: OTHER_SECTION });
  return out;
}

/** Where a page is in the site: the sidebar marks it. */
export interface NavPlace {
  root: string;
  group?: string;
  op?: string;
}

/** The sidebar's groups as the layout shows them on a small site (every group open). */
export function navGroupViews(
  groups: OperationGroup[],
  links: SiteLinks,
  place: NavPlace,
): NavGroupView[] {
  const { root } = place;
  return groups.map((g): NavGroupView => ({
    name: g.name,
    section: g.section,
    title: groupTitle(g.name),
    href: root + links.group(g.name),
    current: place.group === g.name,
    open: true,
    more: 0,
    ops: g.ops.map((op) => ({
      label: summaryText(op.summary) || op.id,
      method: op.method.toUpperCase(),
      href: root + links.operation(op.id),
      current: place.op === op.id,
      badges: lifecycleBadges(op.lifecycle),
      deprecated: op.lifecycle.deprecated,
    })),
  }));
}

/**
 * The sidebar of a big site as data, `[group title, group href, [[method, label, href, flags]],
 * group name, section?]` with hrefs from the site root; assets/site.js builds the list with DOM methods (text only).
 * One script cached by the browser instead of the list repeated on every page.
 */
export function navScript(groups: OperationGroup[], links: SiteLinks, bannerLine: string): string {
  const data = groups.map((g) => {
    const group = [
      groupTitle(g.name),
      links.group(g.name),
      g.ops.map((op) => navRow(op, links)),
      g.name,
    ];
    return g.section === undefined ? group : [...group, g.section];
  });
  return `${bannerLine}self.TMS_NAV = ${scriptJson(data)};\n`;
}

/** One operation of nav.js: method, label, href, deprecated, and its levels when it has some. */
function navRow(op: Operation, links: SiteLinks): (string | number)[] {
  const row: (string | number)[] = [
    op.method.toUpperCase(),
    summaryText(op.summary) || op.id,
    links.operation(op.id),
    op.lifecycle.deprecated ? 1 : 0,
  ];
  if (op.lifecycle.addedIn !== undefined || op.lifecycle.removedIn !== undefined)
    row.push(op.lifecycle.addedIn ?? 0, op.lifecycle.removedIn ?? 0);
  return row;
}
