/**
 * The shape checks every file passes before anything walks it recursively: nesting depth, the
 * number of values once YAML aliases are expanded (an alias bomb is a few hundred bytes that
 * expand to a billion values), alias uses, alias cycles, YAML merge keys, and keys that would
 * rewrite or shadow Object.prototype in the libraries downstream. Iterative, so a hostile depth
 * cannot overflow the stack; shared (aliased) values are counted once per use without being
 * walked twice.
 */
import { limitHint, type LoadLimits } from './limits.js';

export interface ShapeProblem {
  /** pointer segments within the file */
  segments: string[];
  message: string;
  hint?: string;
  clause?: string;
  /** which check: `limit` unless said otherwise */
  source?: 'limit' | 'yaml' | 'model';
}

/**
 * Keys that are members of Object.prototype. `__proto__` set by assignment changes an object's
 * prototype instead of adding a key; the others are called as functions by openapi-typescript's
 * resolver (`type.properties[name]` finds `Object.prototype.valueOf`), which then crashes.
 * `constructor` and `toString` are handled downstream and are allowed.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'valueOf',
]);

/** A UTF-16 surrogate half without its partner: JSON text can spell one (`"\\ud800"`), Unicode has none. */
export function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

interface Frame {
  node: object;
  keys: string[];
  next: number;
  /** values under this node so far, itself included */
  total: number;
  segment: string;
}

export function checkShape(data: unknown, limits: LoadLimits, yaml: boolean): ShapeProblem[] {
  if (data === null || typeof data !== 'object') return [];
  const sizeOf = new Map<object, number>();
  const open = new Set<object>();
  const frames: Frame[] = [];
  let aliases = 0;
  const path = (extra?: string) => [
    ...frames.slice(1).map((f) => f.segment),
    ...(extra === undefined ? [] : [extra]),
  ];
  const fail = (problem: ShapeProblem): ShapeProblem[] => [problem];

  const enter = (node: object, segment: string): ShapeProblem[] | undefined => {
    if (frames.length >= limits.maxDepth) {
      return fail({
        segments: path(segment),
        message: `nested deeper than ${limits.maxDepth} levels`,
        hint: limitHint('maxDepth', limits),
      });
    }
    open.add(node);
    frames.push({ node, keys: Object.keys(node), next: 0, total: 1, segment });
    return undefined;
  };

  const first = enter(data, '');
  if (first) return first;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    if (frame.next >= frame.keys.length) {
      frames.pop();
      open.delete(frame.node);
      sizeOf.set(frame.node, frame.total);
      if (frames.length > 0) frames[frames.length - 1].total += frame.total;
      if (frame.total > limits.maxNodes)
        return fail({
          segments: path(),
          message: `the document holds more than ${limits.maxNodes} values${aliases > 0 ? ' once its YAML aliases are expanded' : ''}`,
          hint: limitHint('maxNodes', limits),
        });
      continue;
    }
    const key = frame.keys[frame.next++];
    if (!Array.isArray(frame.node)) {
      if (yaml && key === '<<')
        return fail({
          segments: path(key),
          message:
            "YAML merge key '<<' is not supported: it belongs to YAML 1.1, and OpenAPI documents are YAML 1.2 (where '<<' is an ordinary key)",
          hint: 'write the merged keys out',
          source: 'yaml',
          clause: 'YAML 1.2.2 §10.3 Core Schema (no merge type)',
        });
      if (hasLoneSurrogate(key))
        return fail({
          segments: path(key),
          message:
            'the key holds a lone UTF-16 surrogate (not a Unicode character): it cannot name anything in a URI or a generated file',
          clause: 'RFC 8259 §8.2 (unpaired surrogates); RFC 3987 §2.2 (IRI characters)',
          source: 'model',
        });
      if (PROTOTYPE_KEYS.has(key))
        return fail({
          segments: path(key),
          message: `the key '${key}' is a member of Object.prototype: tms-gen refuses it (the JavaScript tools downstream would read it as that member)`,
          hint: 'rename it',
          source: 'model',
        });
    }
    const value = (frame.node as Record<string, unknown>)[key];
    if (value === null || typeof value !== 'object') {
      frame.total += 1;
      continue;
    }
    const known = sizeOf.get(value);
    if (known !== undefined || open.has(value)) {
      aliases += 1;
      if (open.has(value))
        return fail({
          segments: path(key),
          message: 'a YAML alias refers to a node that contains it (an infinite document)',
          source: 'yaml',
          clause: 'YAML 1.2.2 §7.1 Alias Nodes',
        });
      if (aliases > limits.maxYamlAliases)
        return fail({
          segments: path(key),
          message: `more than ${limits.maxYamlAliases} YAML alias uses`,
          hint: limitHint('maxYamlAliases', limits),
        });
      frame.total += known!;
      if (frame.total > limits.maxNodes)
        return fail({
          segments: path(key),
          message: `the document holds more than ${limits.maxNodes} values once its YAML aliases are expanded (this alias adds ${known})`,
          hint: limitHint('maxNodes', limits),
        });
      continue;
    }
    const deeper = enter(value, key);
    if (deeper) return deeper;
  }
  return [];
}
