/**
 * The parts of generated/client.ts that only `paginate` and `retryPolicy` use: the paging table
 * (the model's `pagination` of each operation, parameters by their parameters-object keys), the
 * page and item types, and the table of operations safe to repeat. Each is its own export, so a
 * bundle that imports neither function carries none of them.
 */
import type { PagingInfo } from '../../runtime/client-paging.js';
import type { ApiModel, Operation } from '../model/types.js';
import { jsdoc, literal, propertyKey } from '../common/source.js';

/** The client runtime modules these lines import (paging only when an operation pages). */
export function pagingImports(model: ApiModel, runtimeImport: string): string[] {
  const paged = model.operations.some((op) => op.pagination);
  return [
    ...(paged
      ? [
          `import { walkPages, type PageItem, type PageIterable, type PageOptions, type PagingInfo } from ${literal(`${runtimeImport}/client-paging.js`)};`,
        ]
      : []),
    `import { createRetryPolicy, type RetryOptions, type RetryPolicy } from ${literal(`${runtimeImport}/client-retry.js`)};`,
  ];
}

/** `pagingTable`, `ApiPageItems`, `ApiPageParams`, `ApiPageOptions` and `paginate`. */
export function pagingLines(model: ApiModel): string[] {
  const paged = model.operations.filter((op) => op.pagination);
  if (paged.length === 0) return [];
  const name = (op: Operation) => literal(op.names.method);
  return [
    `/** How each paginated operation pages (the contract's \`x-pagination\`), by method; parameters by key. */`,
    `export const pagingTable: { readonly [M in PagedMethod]: PagingInfo } = {`,
    ...paged.map((op) => `  ${propertyKey(op.names.method)}: ${literal(runtimePaging(op))},`),
    `};`,
    '',
    `/** The type of one item of each paginated method's pages. */`,
    `export interface ApiPageItems {`,
    ...paged.map(
      (op) =>
        `  ${propertyKey(op.names.method)}: PageItem<ApiData[${name(op)}], ${literal(op.pagination!.items)}>;`,
    ),
    `}`,
    '',
    `/** The methods that page. */`,
    `export type PagedMethod = keyof ApiPageItems;`,
    '',
    `/** The parameters of a walk: the method's, less those the walk sets on each page. */`,
    `export interface ApiPageParams {`,
    ...paged.map((op) => {
      const set = controlledKeys(op);
      return `  ${propertyKey(op.names.method)}: ${set.length ? `Omit<ApiParams[${name(op)}], ${set.map(literal).join(' | ')}>` : `ApiParams[${name(op)}]`};`;
    }),
    `}`,
    '',
    `/** The options of a walk: the page size, the direction (anchor paging), and each call's options. */`,
    `export interface ApiPageOptions {`,
    ...paged.map(
      (op) =>
        `  ${propertyKey(op.names.method)}: ${op.pagination!.style === 'anchor' ? 'PageOptions' : "Omit<PageOptions, 'direction'>"} & CallOptions;`,
    ),
    `}`,
    '',
    jsdoc([
      'Walks a paginated operation page by page, as its contract says it pages: an async iterable of',
      'pages (`for await (const page of paginate(api, ...))`), `.items()` for the items one by one.',
      "Each request asks for at most the contract's limit; no item comes twice; the walk stops when",
      'the answer says the end was reached. A failed page throws an `ApiCallError` with the error value.',
      '',
      '@example',
      "for await (const m of paginate(api, 'getMessages', { narrow }, { direction: 'older' }).items()) show(m);",
    ]).trimEnd(),
    `export function paginate<M extends PagedMethod>(api: ApiClient, method: M, params: ApiPageParams[M], options: ApiPageOptions[M] = {}): PageIterable<ApiData[M], ApiPageItems[M]> {`,
    `  const { direction, pageSize, ...call } = options as PageOptions & CallOptions;`,
    `  const send = api[method] as unknown as (params: unknown, options: CallOptions) => Promise<CallResult<ApiData[M], string>>;`,
    `  return walkPages(pagingTable[method], method, (page) => send(page, call), params as Record<string, unknown>, { direction, pageSize });`,
    `}`,
    '',
  ];
}

/** `idempotentOperations` and `retryPolicy`. */
export function retryLines(model: ApiModel): string[] {
  return [
    `/** Whether each operation is safe to repeat (the contract's \`x-idempotent\`, else its method), by operationId. */`,
    `export const idempotentOperations: { readonly [operationId: string]: boolean } = {`,
    ...model.operations.map((op) => `  ${propertyKey(op.id)}: ${op.idempotent},`),
    `};`,
    '',
    jsdoc([
      "A retry policy for `createApiClient({ retry })` or one call's `{ retry }`: requests that got no",
      'answer, or 408/429/502/503/504, are sent again after exponential backoff with jitter or the',
      "answer's `Retry-After`, for the operations safe to repeat only (`idempotentOperations`).",
      '',
      '@example',
      'const api = createApiClient({ baseUrl, email, apiKey, retry: retryPolicy({ maxAttempts: 4, onRetry: console.log }) });',
    ]).trimEnd(),
    `export function retryPolicy(options: RetryOptions = {}): RetryPolicy {`,
    `  return createRetryPolicy(options, idempotentOperations);`,
    `}`,
    '',
  ];
}

/** The model's paging with parameters by their keys in the method's parameters object. */
function runtimePaging(op: Operation): PagingInfo {
  const { pointer: _at, ...info } = op.pagination!;
  const out: Record<string, unknown> = { ...info };
  for (const role of PARAMETER_ROLES)
    if (typeof out[role] === 'string') out[role] = keyOf(op, out[role] as string);
  return out as unknown as PagingInfo;
}

/** The members of a paging description that name a parameter. */
const PARAMETER_ROLES = [
  'anchor',
  'before',
  'after',
  'include',
  'cursor',
  'offset',
  'page',
  'size',
];

/** The parameters a walk sets itself on every page (the caller may still set where to start). */
function controlledKeys(op: Operation): string[] {
  const p = op.pagination! as unknown as Record<string, unknown>;
  const roles =
    p.style === 'anchor'
      ? ['before', 'after']
      : ['size', 'cursor'].filter((r) => p[r] !== undefined);
  return roles.map((r) => keyOf(op, p[r] as string));
}

function keyOf(op: Operation, field: string): string {
  return (
    op.names.fieldKeys.find((k) => k.field.name === field && k.field.in !== 'path')?.key ?? field
  );
}
