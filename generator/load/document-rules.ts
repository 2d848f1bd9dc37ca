/**
 * Checks of the bundled document that swagger-parser does not make, each citing the clause it
 * enforces. These are warnings, and say whether the document breaks a MUST (it is invalid) or
 * a SHOULD, or is legal but unusable: real documents break these MUSTs (Zulip's own names a
 * `basicAuth` scheme it declares as `BasicAuth`) and the emitters still produce working code
 * from them, so refusing would only lose the rest of the document.
 */
import { specClause } from './clauses.js';
import type { ContractProblem } from '../common/contract-error.js';
import { HTTP_METHODS } from '../common/http-methods.js';
import { childPointer, getAt, pointer } from '../common/pointer.js';
import { isObject } from '../../runtime/is-object.js';

type Json = Record<string, unknown>;

export interface RuleFindings {
  /** refusals; none of the rules here refuses today (see above), the loader still honours them */
  problems: ContractProblem[];
  /** pointer + message; the loader adds file and line */
  warnings: ContractProblem[];
}

/** The specification's own words, by section of the document's version (load/clauses.ts). */
const clause = specClause;

/** A `$ref` (internal, after bundling) followed to its target, at most a few hops. */
function resolve(document: Json, value: unknown): unknown {
  for (let hops = 0; hops < 16 && isObject(value) && typeof value.$ref === 'string'; hops++) {
    if (!value.$ref.startsWith('#/')) return undefined;
    value = getAt(document, value.$ref);
  }
  return value;
}

export function checkDocumentRules(document: Json): RuleFindings {
  const found: RuleFindings = { problems: [], warnings: [] };
  const version = String(document.openapi ?? '');
  checkSecurity(document, version, found);
  checkPaths(document, version, found);
  dedupeEnums(document, found);
  return found;
}

function checkSecurity(document: Json, version: string, found: RuleFindings): void {
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const words = clause(
    version,
    'security-requirement-object',
    'each name MUST correspond to a security scheme declared in the Security Schemes under the Components Object',
  );
  const check = (list: unknown, at: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((requirement, i) => {
      if (!isObject(requirement)) return;
      for (const name of Object.keys(requirement)) {
        if (Object.prototype.hasOwnProperty.call(schemes, name)) continue;
        found.warnings.push({
          pointer: childPointer(at, i, name),
          message: `not valid OpenAPI: security scheme '${name}' is not declared in #/components/securitySchemes (the generated code knows nothing of it)`,
          source: 'openapi',
          clause: words,
        });
      }
    });
  };
  check(document.security, pointer('security'));
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS)
      if (isObject(item[method]))
        check(item[method].security, pointer('paths', path, method, 'security'));
  }
}

function checkPaths(document: Json, version: string, found: RuleFindings): void {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const itemPtr = pointer('paths', path);
    if (/[?#]/.test(path)) {
      found.warnings.push({
        pointer: itemPtr,
        message: `the path '${path}' holds '${path.includes('?') ? '?' : '#'}': a query string or fragment is not part of a path, and no client can call it as written`,
        source: 'openapi',
        clause: clause(
          version,
          'paths-object',
          'the field name is a relative path; query parameters are declared as parameters, not written into the path',
        ),
      });
    }
    const item = resolve(document, rawItem);
    if (!isObject(item)) continue;
    const templates = new Set([...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]));
    // Each parameter's pointer is made only for a warning (this runs for every operation).
    const pathParams = (list: unknown, listAt: (string | number)[]) =>
      (Array.isArray(list) ? list : []).flatMap((p, i) => {
        const param = resolve(document, p);
        return isObject(param) && param.in === 'path' && typeof param.name === 'string'
          ? [{ name: param.name, at: [...listAt, i, 'name'] }]
          : [];
      });
    const shared = pathParams(item.parameters, ['parameters']);
    const operations = HTTP_METHODS.filter((m) => isObject(item[m]));
    for (const method of operations.length > 0 ? operations : [undefined]) {
      const own = method
        ? pathParams((item[method] as Json).parameters, [method, 'parameters'])
        : [];
      const declared = [...shared, ...own];
      for (const p of declared) {
        if (templates.has(p.name)) continue;
        found.warnings.push({
          pointer: childPointer(itemPtr, ...p.at),
          message: `not valid OpenAPI: path parameter '${p.name}' has no {${p.name}} in the path '${path}' (clients send it nowhere)`,
          source: 'openapi',
          clause: clause(
            version,
            'parameter-object',
            'if in is "path", the name field MUST correspond to a template expression occurring within the path field',
          ),
        });
      }
      if (!method) continue;
      for (const name of templates) {
        if (declared.some((p) => p.name === name)) continue;
        found.warnings.push({
          pointer: childPointer(itemPtr, method),
          message: `not valid OpenAPI: the path '${path}' has {${name}} but ${method.toUpperCase()} declares no path parameter '${name}' (clients send the braces as written)`,
          source: 'openapi',
          clause: clause(
            version,
            'path-templating',
            'each template expression in the path MUST correspond to a path parameter included in the Path Item itself and/or in each of its Operations',
          ),
        });
      }
    }
  }
  dedupeProblems(found.warnings);
}

function dedupeProblems(problems: ContractProblem[]): void {
  const seen = new Set<string>();
  for (let i = problems.length - 1; i >= 0; i--) {
    const key = problems[i].pointer + '\0' + problems[i].message;
    if (seen.has(key)) problems.splice(i, 1);
    else seen.add(key);
  }
}

/**
 * Duplicate `enum` items: JSON Schema says the items SHOULD be unique (draft Wright-00 §5.20,
 * 2020-12 Validation §6.1.2), so a duplicate is a warning, and the copy is dropped (the set of
 * allowed values is the same) so that the strict compile downstream accepts the schema.
 */
function dedupeEnums(document: Json, found: RuleFindings): void {
  // Pointers are built only for a warning: a link to the parent per node is cheap, a string is not.
  interface Step {
    node: unknown;
    parent?: Step;
    key?: string;
  }
  const pointerOf = (step: Step, last: string) => {
    const keys = [last];
    for (let s: Step | undefined = step; s?.key !== undefined; s = s.parent) keys.unshift(s.key);
    return pointer(...keys);
  };
  const stack: Step[] = [{ node: document }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { node } = step;
    if (Array.isArray(node)) {
      node.forEach((v, i) => {
        if (v !== null && typeof v === 'object')
          stack.push({ node: v, parent: step, key: String(i) });
      });
      continue;
    }
    if (!isObject(node)) continue;
    for (const key of Object.keys(node)) {
      const value = node[key];
      // Example and default values are data, not schemas: an `enum` key there means nothing.
      if (
        key === 'example' ||
        key === 'examples' ||
        key === 'default' ||
        key === 'const' ||
        key.startsWith('x-')
      )
        continue;
      if (key === 'enum' && Array.isArray(value)) {
        const seen = new Set<string>();
        const unique = value.filter((v) => {
          const k = JSON.stringify(v);
          if (seen.has(k)) return false;
          seen.add(k);
          return true;
        });
        if (unique.length < value.length) {
          const twice = value.length - unique.length;
          found.warnings.push({
            pointer: pointerOf(step, key),
            message: `enum lists ${twice} value${twice === 1 ? '' : 's'} twice; the copies are ignored`,
            source: 'schema',
            clause:
              'JSON Schema: enum items SHOULD be unique (Wright-00 §5.20; 2020-12 Validation §6.1.2)',
          });
          node[key] = unique;
        }
        continue;
      }
      if (value !== null && typeof value === 'object')
        stack.push({ node: value, parent: step, key });
    }
  }
}
