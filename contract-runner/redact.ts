/**
 * Keeping the user's secrets out of reports (they end up in CI artifacts): a value is replaced
 * by its placeholder only where it was sent whole — a credential, or a parameter or body value
 * equal to a secret (the password POST /fetch_api_key sends) — and in messages only where it
 * is quoted whole (`expected "KEY"`). Never as a substring of other text: with `--api-key x`,
 * a URL's port or a topic with an x in it stays as it was.
 */
import type { PlannedRequest } from './planned-request.js';

/** secret → placeholder */
export type Secrets = Record<string, string>;

function leaves(value: unknown, secrets: Secrets): unknown {
  if (typeof value === 'string') return Object.hasOwn(secrets, value) ? secrets[value] : value;
  if (Array.isArray(value)) return value.map((v) => leaves(v, secrets));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, leaves(v, secrets)]));
  return value;
}

/** The request with every value that is a secret, whole, replaced by its placeholder. */
export function redactRequest(request: PlannedRequest, secrets: Secrets): PlannedRequest {
  const put = (text: string) => (Object.hasOwn(secrets, text) ? secrets[text] : text);
  const auth = request.auth;
  const input = request.input;
  return {
    ...request,
    input: {
      path: leaves(input.path, secrets) as Record<string, unknown>,
      query: leaves(input.query, secrets) as Record<string, unknown>,
      body: leaves(input.body, secrets) as Record<string, unknown>,
    },
    auth:
      auth.kind === 'basic'
        ? { ...auth, password: put(auth.password) }
        : auth.kind === 'schemes'
          ? { ...auth, items: auth.items.map((i) => ({ ...i, value: put(i.value) })) }
          : auth,
  };
}

/** A message with every secret that appears quoted whole (`"KEY"`) replaced by its placeholder. */
export function redactMessage(message: string, secrets: Secrets): string {
  let out = message;
  for (const [secret, placeholder] of Object.entries(secrets))
    if (secret) out = out.split(JSON.stringify(secret)).join(placeholder);
  return out;
}
