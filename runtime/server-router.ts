/**
 * Routing of the request listener: which operation a method and path name. Path templates are
 * matched by the wire model's path matchers (`compilePath`, built once per template); literal
 * segments win over parameters (`/messages/flags` before `/messages/{message_id}`), as every
 * OpenAPI router does.
 */
import type { OperationInfo } from './operation-info.js';
import { compilePath, routePart } from './wire.js';

export type Route =
  | { kind: 'found'; operation: OperationInfo; pathParams: Record<string, string> }
  /** the path is not under the base path (middleware passes it on) */
  | { kind: 'outside' }
  | { kind: 'no-path' }
  | { kind: 'no-method'; allowed: string[] };

export interface Router {
  match(method: string, path: string): Route;
}

export function createRouter(operations: OperationInfo[], basePath: string): Router {
  const base = basePath.replace(/\/+$/, '');
  // Exact templates in a map (the common case, one lookup); templated ones in specificity order.
  const literal = new Map<string, OperationInfo[]>();
  const templated: { template: string; ops: OperationInfo[] }[] = [];
  for (const op of operations) {
    // (a fragment in the template, `/links/{id}#share`, never reaches a server)
    const route = routePart(op.path);
    if (!route.includes('{')) {
      literal.set(route, [...(literal.get(route) ?? []), op]);
      continue;
    }
    const entry = templated.find((t) => t.template === route);
    if (entry) entry.ops.push(op);
    else templated.push({ template: route, ops: [op] });
  }
  const params = (t: string) => (t.match(/\{/g) ?? []).length;
  templated.sort(
    (a, b) => params(a.template) - params(b.template) || b.template.length - a.template.length,
  );
  const routes = templated.map(({ template, ops }) => matchersOf(template, ops));

  return {
    match(method, fullPath) {
      if (base !== '' && fullPath !== base && !fullPath.startsWith(base + '/'))
        return { kind: 'outside' };
      const path = fullPath.slice(base.length).replace(/(.)\/+$/, '$1') || '/';
      const upper = method.toUpperCase();
      const exact = literal.get(path);
      if (exact) return pick(exact, upper, {});
      for (const matchers of routes) {
        const route = matchTemplate(matchers, upper, path);
        if (route) return route;
      }
      return { kind: 'no-path' };
    },
  };
}

/** One template's operations, grouped by the path values they allow, a matcher per group. */
type TemplateMatchers = { ops: OperationInfo[]; match: ReturnType<typeof compilePath> }[];

/**
 * The matchers of a template's operations: operations whose path parameters allow the same
 * values (`values`, listed where two parameters meet in a segment) share one; a method that
 * allows other values gets its own, so each method is routed by what it allows.
 */
function matchersOf(template: string, ops: OperationInfo[]): TemplateMatchers {
  const groups = new Map<string, OperationInfo[]>();
  for (const op of ops) {
    const key = JSON.stringify(op.fields.filter((f) => f.in === 'path').map((f) => f.values));
    groups.set(key, [...(groups.get(key) ?? []), op]);
  }
  return [...groups.values()].map((group) => ({
    ops: group,
    match: compilePath(template, group[0].fields),
  }));
}

/**
 * The route of a path under one template: the method's operation where its values match;
 * a 405 naming the methods whose values match when the method's do not; undefined when none do.
 */
function matchTemplate(
  matchers: TemplateMatchers,
  method: string,
  path: string,
): Route | undefined {
  if (matchers.length === 1) {
    const found = matchers[0].match(path);
    return found ? pick(matchers[0].ops, method, found) : undefined;
  }
  const allowed: string[] = [];
  for (const { ops, match } of matchers) {
    const found = match(path);
    if (!found) continue;
    const route = pick(ops, method, found);
    if (route.kind === 'found') return route;
    allowed.push(...ops.map((op) => op.method));
  }
  return allowed.length > 0 ? { kind: 'no-method', allowed } : undefined;
}

function pick(ops: OperationInfo[], method: string, pathParams: Record<string, string>): Route {
  const operation = ops.find((op) => op.method === method);
  if (operation) return { kind: 'found', operation, pathParams };
  return { kind: 'no-method', allowed: ops.map((op) => op.method) };
}
