/**
 * generated/query.ts, the bindings' `./query` entry: query factories for TanStack Query, one
 * member per client method (`createQueries(api).getMessages.queryOptions(params)`). The
 * behaviour is runtime/query.ts's; this file is names and types: each method's parameters, data
 * and error codes (the client's `ApiParams`, `ApiData`, `ApiErrorCodes`), and which factories it
 * has: reads (GET, HEAD) get query options, paginated reads (`x-pagination`) infinite ones too,
 * the rest mutation options. Its own entry point, so the client's bundle does not carry it.
 *
 * Facts it would declare to the run (core29's emitter facts): reads the model without
 * descriptions (names, methods, pagination); imports the client's and the runtime's output;
 * cheap, main lane.
 */
import type { Operation } from '../../model/types.js';
import { banner, commentText, literal, propertyKey } from '../../common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from '../emitter.js';

/** Operations whose answers a query caches: the safe methods that carry data. */
const isRead = (op: Operation) => op.method === 'get' || op.method === 'head';

export const queryEmitter: Emitter = {
  name: 'query',
  root: 'code',
  needs: ['client'],
  reads: 'withoutOperationDescriptions',
  schedule: { loadsTypeScript: true },
  emit(ctx: EmitContext): GeneratedFile[] {
    const ops = ctx.model.operations;
    const rt = ctx.runtimeImport;
    const paged = ops.some((op) => op.pagination);
    const reads = ops.filter(isRead);
    const writes = ops.filter((op) => !isRead(op));
    const types = (op: Operation) => {
      const m = literal(op.names.method);
      return `${m}, ApiParams[${m}], ApiData[${m}], ApiErrorCodes[${m}]`;
    };
    const member = (op: Operation) => {
      const m = literal(op.names.method);
      if (!isRead(op)) return `WriteMutation<${types(op)}>`;
      const read = `ReadQuery<${types(op)}>`;
      return op.pagination
        ? `${read} & InfiniteRead<${types(op)}, Omit<ApiPageOptions[${m}], keyof CallOptions>>`
        : read;
    };
    const lines = [
      banner(ctx.model.sourceFile, ctx.command).trimEnd(),
      `import type { ApiClient, ApiData, ApiErrorCodes, ApiParams${paged ? ', ApiPageOptions' : ''}, CallOptions } from './client.js';`,
      ...(paged ? [`import { pagingTable } from './client.js';`] : []),
      `import { createQueryFactories, type InfiniteRead, type ReadQuery, type WriteMutation } from ${literal(`${rt}/query.js`)};`,
      '',
      `export type { ApiInfiniteQueryKey, ApiInfiniteQueryOptions, ApiMutationOptions, ApiQueryKey, ApiQueryOptions, PageParam } from ${literal(`${rt}/query.js`)};`,
      `export { ApiCallError } from ${literal(`${rt}/client-paging.js`)};`,
      '',
      `/** The query factories of each client method: query options for reads, infinite ones for paginated reads, mutation options for writes. */`,
      `export interface ApiQueries {`,
      ...ops.map((op) => `  ${propertyKey(op.names.method)}: ${member(op)};`),
      `}`,
      '',
      `/** The first element of every key, unless \`createQueries\` is given another \`scope\`. */`,
      `export const defaultScope = ${literal(ctx.model.info.title)};`,
      '',
      `/**`,
      ` * Query factories of ${commentText(ctx.model.info.title)} for TanStack Query, calling \`api\`. \`scope\` heads every key`,
      ` * (give each client of another server its own). Depends on \`@tanstack/query-core\`'s types only.`,
      ` *`,
      ` * @example`,
      ` * const q = createQueries(api);`,
      ` * const page = await queryClient.fetchQuery(q.getMessages.queryOptions({ anchor: 'newest', num_before: 50, num_after: 0 }));`,
      ` */`,
      `export function createQueries(api: ApiClient, options: { scope?: string } = {}): ApiQueries {`,
      `  const table = {`,
      `    reads: ${literal(reads.map((op) => op.names.method))},`,
      `    writes: ${literal(writes.map((op) => op.names.method))},`,
      `    paging: ${paged ? 'pagingTable' : '{}'},`,
      `  };`,
      `  return createQueryFactories(api, table, options.scope ?? defaultScope) as unknown as ApiQueries;`,
      `}`,
      '',
    ];
    return [{ path: 'query.ts', contents: lines.join('\n') }];
  },
};
