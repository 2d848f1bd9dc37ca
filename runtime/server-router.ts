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
  const routes = templated.map(({ template, ops }) => ({
    ops,
    match: compilePath(template, ops[0].fields),
  }));

  return {
    match(method, fullPath) {
      if (base !== '' && fullPath !== base && !fullPath.startsWith(base + '/'))
        return { kind: 'outside' };
      const path = fullPath.slice(base.length).replace(/(.)\/+$/, '$1') || '/';
      const upper = method.toUpperCase();
      const exact = literal.get(path);
      if (exact) return pick(exact, upper, {});
      for (const { match, ops } of routes) {
        const found = match(path);
        if (found) return pick(ops, upper, found);
      }
      return { kind: 'no-path' };
    },
  };
}

function pick(ops: OperationInfo[], method: string, pathParams: Record<string, string>): Route {
  const operation = ops.find((op) => op.method === method);
  if (operation) return { kind: 'found', operation, pathParams };
  return { kind: 'no-method', allowed: ops.map((op) => op.method) };
}
