/**
 * What the emitters cannot turn into working code, refused by the loader with a place instead
 * of failing later with none: too many operations or schemas (the limits), `$ref` chains that
 * loop without a schema in between, schemas whose type refers to itself where TypeScript cannot
 * follow (TS2502), and names that would be read as a member of Object.prototype.
 */
import type { ContractProblem } from '../common/contract-error.js';
import { HTTP_METHODS, operationCount } from '../common/http-methods.js';
import { childPointer, getAt, pointer } from '../common/pointer.js';
import { SCHEMA_MAPS } from '../schema/json-schema.js';
import { PROTOTYPE_KEYS, hasLoneSurrogate } from './document-shape.js';
import { limitHint, type LoadLimits } from './limits.js';
import { isObject } from '../../runtime/is-object.js';

type Json = Record<string, unknown>;

export function checkDocumentLimits(document: Json, limits: LoadLimits): ContractProblem[] {
  const problems: ContractProblem[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  const operations = operationCount(document);
  if (operations > limits.maxOperations)
    problems.push({
      pointer: '#/paths',
      message: `${operations} operations: more than the limit`,
      hint: limitHint('maxOperations', limits),
      source: 'limit',
    });
  const components = isObject(document.components) ? document.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const schemaCount = Object.keys(schemas).length;
  if (schemaCount > limits.maxSchemas)
    problems.push({
      pointer: '#/components/schemas',
      message: `${schemaCount} schemas: more than the limit`,
      hint: limitHint('maxSchemas', limits),
      source: 'limit',
    });
  if (problems.length > 0) return problems;
  const loops = refLoops(document);
  // A pure $ref loop is also a type loop; say it once, the clearer way.
  problems.push(
    ...loops,
    ...(loops.length > 0 ? [] : typeLoops(schemas)),
    ...names(document, paths),
  );
  return problems;
}

/** Every `{ $ref }` whose chain of refs comes back to itself before reaching a value. */
function refLoops(document: Json): ContractProblem[] {
  const problems: ContractProblem[] = [];
  const reported = new Set<string>();
  /** refs whose chain reaches a value: a chain met again stops there (GitHub's: ~100,000 refs to ~3,000 targets) */
  const resolves = new Set<string>();
  // The loop is named by its refs, so the walk needs no pointers of its own (cheap on 13 MB).
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const v of node) stack.push(v);
      continue;
    }
    if (!isObject(node)) continue;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      const chain: string[] = [];
      let value: unknown = node;
      let looped = false;
      while (isObject(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#')) {
        const ref: string = value.$ref;
        if (resolves.has(ref)) break;
        if (chain.includes(ref)) {
          looped = true;
          const loop = chain.slice(chain.indexOf(ref));
          const key = [...loop].sort().join(' ');
          if (!reported.has(key)) {
            reported.add(key);
            problems.push({
              pointer: loop[loop.length - 1],
              message: `circular $ref: ${[...loop, ref].join(' → ')} never reaches a value`,
              source: 'ref',
              clause:
                'OpenAPI Reference Object / JSON Reference: a reference is replaced by the value it points to',
            });
          }
          break;
        }
        chain.push(ref);
        try {
          value = getAt(document, ref);
        } catch {
          looped = true; // not a value: a malformed pointer, which the bundler reported
          break;
        }
      }
      if (!looped) for (const ref of chain) resolves.add(ref);
      continue;
    }
    for (const key of Object.keys(node)) {
      if (key.startsWith('x-') || key === 'example' || key === 'examples') continue;
      const value = node[key];
      if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
  return problems;
}

/**
 * openapi-typescript writes component schemas as members of one interface
 * (`components["schemas"]["A"]`). TypeScript resolves such a member eagerly through unions,
 * intersections and array element types, so `A: string | components["schemas"]["A"][]` is
 * TS2502 ("referenced directly or indirectly in its own type annotation"); only an object
 * type (`properties`, `additionalProperties`) defers it. A loop of component schemas through
 * eager positions only is refused here, naming the schemas.
 */
function typeLoops(schemas: Json): ContractProblem[] {
  return findTypeLoops(schemas).map((loop) => ({
    pointer: pointer('components', 'schemas', loop[0]),
    message: `schema${loop.length > 1 ? 's' : ''} ${loop.map((n) => `'${n}'`).join(' → ')} refer${loop.length > 1 ? '' : 's'} to ${loop.length > 1 ? 'each other' : 'itself'} through array items or a union without an object in between: the generated TypeScript cannot express that (TS2502)`,
    hint: 'wrap the recursion in an object property, e.g. { value: ... }',
    source: 'types',
  }));
}

/** The loops of component schemas through eager positions only, each by its schemas' names. */
export function findTypeLoops(schemas: Json): string[][] {
  const eager = new Map<string, Set<string>>();
  const prefix = '#/components/schemas/';
  for (const [name, schema] of Object.entries(schemas)) {
    const out = new Set<string>();
    const stack: unknown[] = [schema];
    while (stack.length > 0) {
      const node = stack.pop();
      if (Array.isArray(node)) {
        stack.push(...node);
        continue;
      }
      if (!isObject(node)) continue;
      if (typeof node.$ref === 'string' && node.$ref.startsWith(prefix)) {
        const target = node.$ref.slice(prefix.length);
        if (!target.includes('/'))
          out.add(decodeURIComponentSafe(target).replace(/~1/g, '/').replace(/~0/g, '~'));
      }
      for (const [key, value] of Object.entries(node)) {
        // Object members defer the reference; everything else is resolved eagerly.
        if (
          SCHEMA_MAPS.has(key) ||
          key === 'additionalProperties' ||
          key === 'unevaluatedProperties'
        )
          continue;
        if (['allOf', 'anyOf', 'oneOf', 'items', 'prefixItems', 'not'].includes(key))
          stack.push(value);
      }
    }
    eager.set(name, out);
  }
  const loops: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const inLoop = new Set<string>();
  // Iterative DFS; a back edge marks every schema on the stack from its target onwards.
  for (const start of eager.keys()) {
    if (state.has(start)) continue;
    const stack: { name: string; next: string[] }[] = [
      { name: start, next: [...(eager.get(start) ?? [])] },
    ];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const to = top.next.pop();
      if (to === undefined) {
        state.set(top.name, 'done');
        stack.pop();
        continue;
      }
      if (!eager.has(to)) continue;
      if (state.get(to) === 'open') {
        const from = stack.findIndex((f) => f.name === to);
        const loop = stack.slice(from).map((f) => f.name);
        if (!loop.some((n) => inLoop.has(n))) {
          loop.forEach((n) => inLoop.add(n));
          loops.push(loop);
        }
        continue;
      }
      if (!state.has(to)) {
        state.set(to, 'open');
        stack.push({ name: to, next: [...(eager.get(to) ?? [])] });
      }
    }
  }
  return loops;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** operationIds and parameter names become keys of generated objects and of decoded requests. */
function names(document: Json, paths: Json): ContractProblem[] {
  const problems: ContractProblem[] = [];
  // `at` makes the pointer, for a problem only: this runs for every parameter and operation.
  const check = (at: () => string, what: string, name: string) => {
    if (PROTOTYPE_KEYS.has(name))
      problems.push({
        pointer: at(),
        message: `the ${what} '${name}' is a member of Object.prototype: tms-gen refuses it (generated objects keyed by it would read that member)`,
        hint: 'rename it',
        source: 'model',
      });
    else if (hasLoneSurrogate(name))
      problems.push({
        pointer: at(),
        message: `the ${what} holds a lone UTF-16 surrogate (not a Unicode character): it cannot name anything in a URI or a generated file`,
        source: 'model',
        clause: 'RFC 8259 §8.2 (unpaired surrogates); RFC 3987 §2.2 (IRI characters)',
      });
  };
  const params = (list: unknown, at: () => string) => {
    if (!Array.isArray(list)) return;
    list.forEach((p, i) => {
      if (isObject(p) && typeof p.name === 'string')
        check(() => childPointer(at(), i, 'name'), 'parameter name', p.name);
    });
  };
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    params(item.parameters, () => pointer('paths', path, 'parameters'));
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      if (typeof op.operationId === 'string')
        check(() => pointer('paths', path, method, 'operationId'), 'operationId', op.operationId);
      params(op.parameters, () => pointer('paths', path, method, 'parameters'));
    }
  }
  const components = isObject(document.components) ? document.components : {};
  for (const [name, p] of Object.entries(
    isObject(components.parameters) ? components.parameters : {},
  ))
    if (isObject(p) && typeof p.name === 'string')
      check(() => pointer('components', 'parameters', name, 'name'), 'parameter name', p.name);
  return problems;
}
