// runtime/server-router.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
import { matchPath } from './wire.js';
export function createRouter(operations, basePath) {
    const base = basePath.replace(/\/+$/, '');
    // Exact templates in a map (the common case, one lookup); templated ones in specificity order.
    const literal = new Map();
    const templated = [];
    for (const op of operations) {
        if (!op.path.includes('{')) {
            literal.set(op.path, [...(literal.get(op.path) ?? []), op]);
            continue;
        }
        const entry = templated.find((t) => t.template === op.path);
        if (entry)
            entry.ops.push(op);
        else
            templated.push({ template: op.path, ops: [op] });
    }
    const params = (t) => (t.match(/\{/g) ?? []).length;
    templated.sort((a, b) => params(a.template) - params(b.template) || b.template.length - a.template.length);
    return {
        match(method, fullPath) {
            if (base !== '' && fullPath !== base && !fullPath.startsWith(base + '/'))
                return { kind: 'outside' };
            const path = fullPath.slice(base.length).replace(/(.)\/+$/, '$1') || '/';
            const upper = method.toUpperCase();
            const exact = literal.get(path);
            if (exact)
                return pick(exact, upper, {});
            for (const { template, ops } of templated) {
                const found = matchPath(template, path);
                if (found)
                    return pick(ops, upper, found);
            }
            return { kind: 'no-path' };
        },
    };
}
function pick(ops, method, pathParams) {
    const operation = ops.find((op) => op.method === method);
    if (operation)
        return { kind: 'found', operation, pathParams };
    return { kind: 'no-method', allowed: ops.map((op) => op.method) };
}
