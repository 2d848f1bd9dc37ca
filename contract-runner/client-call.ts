/**
 * Valid requests through the generated client (generated/client.ts): one method call per
 * request, with a fetch that keeps a copy of the raw answer, since the checks judge the status
 * and body as sent, not the client's reading of them.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OperationInfo } from '../runtime/operation-info.js';
import type { RequestInput } from './cases.js';
import type { HttpResult, SendContext } from './send.js';

type Method = (
  params: Record<string, unknown>,
  options?: { timeoutMs?: number },
) => Promise<{ error?: { msg?: string } }>;

export interface ClientModule {
  createApiClient(options: Record<string, unknown>): unknown;
  /** operationId → client method, as the generator named it */
  methodNames: Record<string, string>;
}

/** The generated client module of `generatedDir`, or undefined when it has not been generated. */
export async function loadClientModule(generatedDir: string): Promise<ClientModule | undefined> {
  const file = resolve(generatedDir, 'client.ts');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(resolve(generatedDir, 'client.js')).href)) as ClientModule;
}

export function callThroughClient(module: ClientModule) {
  return async function callValid(
    op: OperationInfo,
    input: RequestInput,
    ctx: SendContext,
  ): Promise<HttpResult> {
    let seen: HttpResult | undefined;
    const recording = async (request: Request): Promise<Response> => {
      const response = await (ctx.fetch ?? fetch)(request);
      const text = await response.clone().text();
      seen = {
        request: { method: request.method, url: request.url },
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        text,
      };
      return response;
    };
    const fallback = { method: op.method, url: `${ctx.baseUrl}${op.path}` };
    try {
      const api = module.createApiClient({
        baseUrl: ctx.baseUrl,
        ...(ctx.credentials
          ? { email: ctx.credentials.email, apiKey: ctx.credentials.apiKey }
          : {}),
        fetch: recording,
        timeoutMs: ctx.timeoutMs,
        featureLevelPolicy: 'ignore',
        onNotice: () => {},
        onIgnoredParameters: () => {},
      }) as Record<string, Method>;
      const method = api[module.methodNames[op.operationId]];
      if (typeof method !== 'function')
        return {
          request: fallback,
          failure: `the generated client has no method for ${op.operationId}`,
        };
      const result = await method({ ...input.path, ...input.query, ...input.body });
      return (
        seen ?? {
          request: fallback,
          failure: `the client sent nothing: ${result.error?.msg ?? 'no error given'}`,
        }
      );
    } catch (error) {
      return {
        request: fallback,
        failure: `the generated client refused the call: ${(error as Error)?.message ?? String(error)}`,
      };
    }
  };
}
