/**
 * Names of generated artifacts that more than one emitter needs: decided once here, so no
 * emitter imports another emitter to learn them.
 */
import type { Operation } from './types.js';

/** npm's rules: lower case, URL-safe, no leading dot or underscore, at most 214 characters. */
export function packageName(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  if (slug === '') return 'api-bindings';
  return /(^|-)api($|-)/.test(slug) ? slug : `${slug}-api`;
}

/**
 * `ops/<file>`: the operation's module, named by the model (`op.names.file`: bounded and
 * case-insensitively unique). Exported: the MSW handlers load each operation's module by this path.
 */
export function operationModule(op: Pick<Operation, 'names'>): string {
  return `ops/${op.names.file}`;
}
