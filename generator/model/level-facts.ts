/**
 * Feature-level facts of schema nodes, wherever they are (component schemas, inline request and
 * response schemas, parameter schemas): when each property and each enum value was added or
 * removed. The validators read them to answer as a server of a given level; they are read here
 * so that nothing else goes back to `x-history` / `x-enum-history` in the raw document.
 */
import type { ContractProblem } from '../common/contract-error.js';
import { childPointer } from '../common/pointer.js';
import { readLifecycle, readHistory, lifecycleOf } from './lifecycle.js';
import { LEVEL_KEY } from './levels.js';
import { SCHEMA_MAPS, SCHEMA_VALUES } from './schema-sites.js';
import type { LevelWindow, SchemaLevelFacts } from './types.js';

/**
 * Facts by the pointer of the schema object that carries them (as written, `$ref`s not followed:
 * a shared schema has one entry however many places use it). Only schemas with a fact appear.
 * Problems in the history entries are the model's and the lint's to report elsewhere; here a
 * malformed entry simply carries no level.
 */
export function collectLevelFacts(
  document: Record<string, unknown>,
  /** the contract's newest feature level (model/levels.ts `newestLevel`), computed once */
  newest: number,
): Record<string, SchemaLevelFacts> {
  const facts: Record<string, SchemaLevelFacts> = {};
  const ignored: ContractProblem[] = [];
  const seen = new Set<unknown>();

  // A schema's pointer is a chain to its parent's, spelled out only for a schema with a fact:
  // most schemas of a big document have none (GitHub's: ~100,000 schema objects).
  type At = string | { up: At; keys: (string | number)[] };
  const spell = (at: At): string =>
    typeof at === 'string' ? at : childPointer(spell(at.up), ...at.keys);
  const schema = (node: unknown, place: At, depth: number): void => {
    if (!node || typeof node !== 'object' || Array.isArray(node) || seen.has(node) || depth > 64)
      return;
    seen.add(node);
    const s = node as Record<string, unknown>;
    let spelled: string | undefined;
    const pointer = () => (spelled ??= spell(place));
    const entry: SchemaLevelFacts = {};
    if (s.properties && typeof s.properties === 'object') {
      for (const [name, prop] of Object.entries(s.properties as Record<string, unknown>)) {
        if (!prop || typeof prop !== 'object') continue;
        const p = prop as Record<string, unknown>;
        // No history and not removed: no window (windowOf), so nothing to read.
        if (p[LEVEL_KEY.history] === undefined && p[LEVEL_KEY.removed] !== true) continue;
        const window = windowOf(
          readLifecycle(p, childPointer(pointer(), 'properties', name), ignored),
          p[LEVEL_KEY.removed] === true,
          newest,
        );
        if (window) (entry.properties ??= {})[name] = window;
      }
    }
    const histories = s[LEVEL_KEY.enumHistory];
    if (Array.isArray(s.enum) && histories && typeof histories === 'object') {
      for (const value of s.enum) {
        if (!Object.hasOwn(histories, String(value))) continue; // `constructor` is a value too
        const raw = (histories as Record<string, unknown>)[String(value)];
        if (raw === undefined) continue;
        const history = readHistory(
          raw,
          childPointer(pointer(), LEVEL_KEY.enumHistory, String(value)),
          ignored,
        );
        const window = windowOf(lifecycleOf(history), false, newest);
        if (window) (entry.enum ??= []).push({ value, ...window });
      }
    }
    if (entry.properties || entry.enum) facts[pointer()] = entry;
    // Places are made only for objects (a schema is one): most values of a big document are not.
    for (const key of SCHEMA_MAPS) {
      const map = s[key];
      if (!map || typeof map !== 'object') continue;
      for (const [name, child] of Object.entries(map as Record<string, unknown>))
        if (child && typeof child === 'object')
          schema(child, { up: place, keys: [key, name] }, depth + 1);
    }
    for (const key of SCHEMA_VALUES) {
      const value = s[key];
      if (!value || typeof value !== 'object') continue;
      if (Array.isArray(value))
        value.forEach((v, i) => {
          if (v && typeof v === 'object') schema(v, { up: place, keys: [key, i] }, depth + 1);
        });
      else schema(value, { up: place, keys: [key] }, depth + 1);
    }
  };

  // Outside schemas: find every `schema` (parameters, media types) and `components/schemas`.
  const walk = (node: unknown, at: string, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 32) return;
    if (Array.isArray(node))
      return node.forEach((v, i) => {
        if (v && typeof v === 'object') walk(v, childPointer(at, i), depth + 1);
      });
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'examples' || key === 'example' || key.startsWith('x-')) continue;
      if (!value || typeof value !== 'object') continue;
      const here = childPointer(at, key);
      if (key === 'schema') schema(value, here, 0);
      else if (key === 'schemas' && at === '#/components' && value && typeof value === 'object')
        for (const [name, s] of Object.entries(value)) schema(s, childPointer(here, name), 0);
      else walk(value, here, depth + 1);
    }
  };
  walk(document, '#', 0);
  return facts;
}

/**
 * The window of levels in which an item exists; undefined when the contract records none.
 * A removal the description dates nowhere counts from `newest`, the highest level the contract
 * records (the rule of model/levels.ts: a server of today no longer has it).
 */
export function windowOf(
  lifecycle: {
    addedIn?: number;
    removedIn?: number;
    history: { change: string; level: number | null }[];
  },
  xRemoved: boolean,
  newest: number,
): LevelWindow | undefined {
  const removedUnknown =
    lifecycle.removedIn === undefined &&
    (xRemoved || lifecycle.history.some((h) => h.change === 'removed'));
  if (lifecycle.addedIn === undefined && lifecycle.removedIn === undefined && !removedUnknown)
    return undefined;
  const window: LevelWindow = {};
  if (lifecycle.addedIn !== undefined) window.addedIn = lifecycle.addedIn;
  if (lifecycle.removedIn !== undefined) window.removedIn = lifecycle.removedIn;
  else if (removedUnknown) window.removedIn = newest;
  return window;
}
