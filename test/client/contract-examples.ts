/**
 * Inputs and answers for every operation of the contract, taken from its examples through the
 * model: parameter examples (path, query, header) plus the first example of the request body,
 * flattened the way the generated client takes them; the first success example as the answer.
 */
import { loadContract } from '../../generator/load/index.js';
import type { Operation } from '../../generator/model/types.js';

export interface OperationCase {
  op: Operation;
  /** flattened parameters for `api[op.id](params)` */
  params: Record<string, unknown>;
  /** the first example of the first 2xx answer, if any */
  success?: unknown;
  /** error examples of the operation, by code: [status to answer with, body] */
  errors: { status: number; body: Record<string, unknown> }[];
}

export async function contractCases(file = 'openapi/openapi.yaml'): Promise<OperationCase[]> {
  const loaded = await loadContract(file);
  if (!loaded.ok)
    throw new Error(`${file} does not load: ${loaded.problems.map((p) => p.message).join('; ')}`);
  return loaded.contract.model.operations.map((op) => {
    const params: Record<string, unknown> = {};
    for (const p of op.parameters) {
      if (p.in !== 'body' && p.examples.length > 0) params[p.name] = p.examples[0].value;
    }
    const bodyExample = op.requestBody?.mediaTypes[0]?.examples[0]?.value;
    if (bodyExample && typeof bodyExample === 'object') Object.assign(params, bodyExample);
    const missing = op.parameters.filter(
      (p) =>
        p.required && params[p.name] === undefined && (p.in !== 'body' || op.requestBody?.required),
    );
    if (missing.length > 0)
      throw new Error(`${op.id}: no example for required ${missing.map((p) => p.name).join(', ')}`);
    const ok = op.responses.find((r) => /^2/.test(r.status));
    const success = ok?.mediaTypes[0]?.examples[0]?.value;
    const errors = op.responses
      .filter((r) => !/^2/.test(r.status))
      .flatMap((r) =>
        (r.mediaTypes[0]?.examples ?? []).map((e) => ({
          // `default` has no status in the description; any 4xx stands for it here.
          status: /^\d{3}$/.test(r.status) ? Number(r.status) : 400,
          body: e.value as Record<string, unknown>,
        })),
      );
    return { op, params, success, errors };
  });
}
