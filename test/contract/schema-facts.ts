/**
 * Small readers of a dereferenced OpenAPI document, for the inventory cross-check: what a schema
 * admits, which properties and enum values it has, where its extensions sit. They look through
 * allOf/anyOf/oneOf because the contract may compose (envelope + payload, integer | keyword).
 */
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The schema itself and the branches of its compositions, depth first, each once. */
export function schemaParts(schema: unknown): Json[] {
  const parts: Json[] = [];
  const seen = new Set<unknown>();
  const visit = (s: unknown) => {
    if (!isObject(s) || seen.has(s)) return;
    seen.add(s);
    parts.push(s);
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const branches = s[key];
      if (Array.isArray(branches)) branches.forEach(visit);
    }
  };
  visit(schema);
  return parts;
}

/** Properties of a schema, merged over its compositions (first definition wins). */
export function propertiesOf(schema: unknown): Map<string, Json> {
  const props = new Map<string, Json>();
  for (const part of schemaParts(schema)) {
    if (!isObject(part.properties)) continue;
    for (const [name, value] of Object.entries(part.properties)) {
      if (!props.has(name) && isObject(value)) props.set(name, value);
    }
  }
  return props;
}

/** Names required by the schema or any allOf part (anyOf/oneOf branches do not make a field required). */
export function requiredOf(schema: unknown): Set<string> {
  const required = new Set<string>();
  const visit = (s: unknown) => {
    if (!isObject(s)) return;
    if (Array.isArray(s.required))
      s.required.forEach((n) => typeof n === 'string' && required.add(n));
    if (Array.isArray(s.allOf)) s.allOf.forEach(visit);
  };
  visit(schema);
  return required;
}

/** The `items` schema of an array schema, looking into union branches. */
export function itemsOf(schema: unknown): Json | undefined {
  for (const part of schemaParts(schema)) {
    if (isObject(part.items)) return part.items;
  }
  return undefined;
}

const typeOfValue = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/** JSON types a schema admits; `undefined` when it does not constrain the type at all. */
export function admittedTypes(schema: unknown): Set<string> | undefined {
  const types = new Set<string>();
  let constrained = false;
  for (const part of schemaParts(schema)) {
    const t = part.type;
    if (typeof t === 'string') {
      types.add(t);
      constrained = true;
    }
    if (Array.isArray(t)) {
      t.forEach((x) => types.add(String(x)));
      constrained = true;
    }
    if (Array.isArray(part.enum)) {
      part.enum.forEach((v) => types.add(typeOfValue(v)));
      constrained = true;
    }
    if ('const' in part) {
      types.add(typeOfValue(part.const));
      constrained = true;
    }
    if (part.nullable === true) types.add('null');
  }
  if (types.has('number')) types.add('integer');
  return constrained ? types : undefined;
}

/** Enum members of a schema and its union branches (`const` counts as a one-member enum). */
export function enumMembersOf(schema: unknown): unknown[] | undefined {
  let found = false;
  const members: unknown[] = [];
  for (const part of schemaParts(schema)) {
    if (Array.isArray(part.enum)) {
      found = true;
      members.push(...part.enum);
    }
    if ('const' in part) {
      found = true;
      members.push(part.const);
    }
  }
  return found ? members : undefined;
}

/** A value of an `x-` extension found on the schema or a union branch (first wins). */
export function extensionOf(schema: unknown, name: string): unknown {
  for (const part of schemaParts(schema)) if (part[name] !== undefined) return part[name];
  return undefined;
}

/** Every x-history list found on the given objects and their schema parts. */
export function historiesOf(...holders: unknown[]): Json[] {
  const entries: Json[] = [];
  for (const holder of holders) {
    for (const part of schemaParts(holder)) {
      const h = part['x-history'];
      if (Array.isArray(h)) entries.push(...h.filter(isObject));
    }
  }
  return entries;
}

/** x-enum-history entries for one enum member (key is the member as text). */
export function enumHistoryOf(schema: unknown, member: unknown): Json[] {
  const key = typeof member === 'string' ? member : JSON.stringify(member);
  const entries: Json[] = [];
  for (const part of schemaParts(schema)) {
    const map = part['x-enum-history'];
    if (isObject(map) && Array.isArray(map[key]))
      entries.push(...(map[key] as unknown[]).filter(isObject));
  }
  return entries;
}

/** x-enum-meanings for one enum member. */
export function enumMeaningOf(schema: unknown, member: unknown): string | undefined {
  const key = typeof member === 'string' ? member : JSON.stringify(member);
  for (const part of schemaParts(schema)) {
    const map = part['x-enum-meanings'];
    if (isObject(map) && typeof map[key] === 'string') return map[key] as string;
  }
  return undefined;
}

/** Every x-history and x-enum-history entry anywhere below `node` (cycle-safe). */
export function allHistoryEntriesBelow(node: unknown): Json[] {
  const entries: Json[] = [];
  const seen = new Set<unknown>();
  const visit = (n: unknown) => {
    if (n === null || typeof n !== 'object' || seen.has(n)) return;
    seen.add(n);
    if (Array.isArray(n)) {
      n.forEach(visit);
      return;
    }
    const obj = n as Json;
    if (Array.isArray(obj['x-history']))
      entries.push(...(obj['x-history'] as unknown[]).filter(isObject));
    if (isObject(obj['x-enum-history'])) {
      for (const list of Object.values(obj['x-enum-history']))
        if (Array.isArray(list)) entries.push(...list.filter(isObject));
    }
    for (const [key, child] of Object.entries(obj))
      if (!key.startsWith('x-') && key !== 'example' && key !== 'examples') visit(child);
  };
  visit(node);
  return entries;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
