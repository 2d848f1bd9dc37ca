/**
 * Valid requests of the scenarios go through the generated client (generated/client.ts), so
 * the gate also proves the client against the server; a fetch that keeps a copy of the raw
 * answer is handed to it, since the checks judge the status and body as sent.
 *
 * The method of an operation is read from what the generated code exposes, never recomputed
 * from the operationId: the client's names table (`methodNames`, operationId → method, as the
 * model named them) when the generated client exports it, else the client's own key equal to
 * the operationId.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiModel } from '../generator/model/types.js';
import { clientAuthOf } from './credentials.js';
import {
  answerOf,
  fetchFailure,
  type Answer,
  type PlannedRequest,
  type Transport,
} from './request.js';

type Method = (params: Record<string, unknown>) => Promise<unknown>;

export interface ClientModule {
  createApiClient(options: Record<string, unknown>): unknown;
  /** operationId → client method, as the generator named it */
  methodNames?: Record<string, string>;
}

export interface GeneratedCode {
  client: ClientModule;
  /** operationId → client method name, when the generated code has the table */
  methodNames?: Record<string, string>;
  /**
   * operationId → the parameter a body that is not a form goes in (the model's `names.bodyKey`,
   * which the generated client's methods take; `body` unless an operation has a field so named)
   */
  bodyKeys?: Record<string, string>;
}

/** Each operation's client parameter for a body that is not a form (the model's names). */
export function bodyKeysOf(model: Pick<ApiModel, 'operations'>): Record<string, string> {
  return Object.fromEntries(
    model.operations.flatMap((op) =>
      op.names.bodyKey === undefined ? [] : [[op.id, op.names.bodyKey]],
    ),
  );
}

/** The generated client of `generatedDir`, or undefined when it has not been generated. */
export async function loadGeneratedClient(
  generatedDir: string,
): Promise<GeneratedCode | undefined> {
  if (!existsSync(resolve(generatedDir, 'client.ts'))) return undefined;
  const client = (await import(
    pathToFileURL(resolve(generatedDir, 'client.js')).href
  )) as ClientModule;
  const names = client.methodNames;
  return { client, methodNames: names && typeof names === 'object' ? names : undefined };
}

/**
 * A sender for valid requests: one client call each, with the request's credentials given to
 * the client by scheme (HTTP Basic alone as the client's `email` + `apiKey` options, its names
 * for the pair whatever the contract calls it).
 */
export function sendThroughClient(code: GeneratedCode) {
  return async function sendValid(request: PlannedRequest, transport: Transport): Promise<Answer> {
    const started = performance.now();
    let seen: Answer | undefined;
    let failure: string | undefined;
    const recording = async (
      input: Request | string | URL,
      init?: RequestInit,
    ): Promise<Response> => {
      const req = input instanceof Request && init === undefined ? input : new Request(input, init);
      const body = req.body ? await req.clone().text() : '';
      transport.onSend?.(
        `${req.method} ${req.url} ${body} ${req.headers.get('authorization') ?? ''}`,
      );
      try {
        const response = await fetch(req, { signal: AbortSignal.timeout(transport.timeoutMs) });
        seen = answerOf(response, await response.clone().text(), 0);
        return response;
      } catch (error) {
        failure = fetchFailure(error, transport.timeoutMs);
        throw error;
      }
    };
    const auth = request.auth;
    try {
      const api = code.client.createApiClient({
        baseUrl: transport.baseUrl,
        ...(auth.kind === 'basic' ? { email: auth.user, apiKey: auth.password } : {}),
        ...(auth.kind === 'schemes' ? { auth: clientAuthOf(auth.items) } : {}),
        fetch: recording,
        featureLevelPolicy: 'ignore',
        onNotice: () => {},
        onIgnoredParameters: () => {},
      }) as Record<string, Method>;
      const id = request.op.operationId;
      const name = code.methodNames?.[id] ?? id;
      const method = api[name];
      if (typeof method !== 'function')
        return { failure: `the generated client exposes no method for ${id}`, ms: 0 };
      const { path, query, body } = request.input;
      const whole = request.op.body !== undefined && request.op.body.kind !== 'form';
      await method(
        whole
          ? { ...path, ...query, [code.bodyKeys?.[id] ?? 'body']: body }
          : { ...path, ...query, ...body },
      );
    } catch (error) {
      failure ??= `the generated client refused the call: ${(error as Error)?.message ?? String(error)}`;
    }
    const ms = Math.round(performance.now() - started);
    if (seen) {
      const answer = { ...seen, ms };
      transport.observe?.(request, answer);
      return answer;
    }
    return { failure: failure ?? 'the generated client sent nothing', ms };
  };
}
