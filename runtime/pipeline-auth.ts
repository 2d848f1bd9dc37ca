/**
 * HTTP Basic credentials, read without node's Buffer so the pipeline runs in browsers and
 * service workers too.
 */

export interface Credentials {
  /** the Basic username: the user's (or bot's) email address */
  email: string;
  /** the Basic password: the API key */
  apiKey: string;
}

const BASIC = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i;
const utf8 = new TextDecoder('utf-8');

/**
 * Basic credentials from the Authorization header; `undefined` when absent, `null` when
 * malformed. Parsed on every request, on purpose: a library that servers embed keeps no
 * process-wide table of API keys (a base64 decode costs about a microsecond).
 */
export function parseBasicAuth(header: string | undefined): Credentials | null | undefined {
  if (header === undefined || header === '') return undefined;
  const match = BASIC.exec(header);
  if (!match) return null;
  const text = base64Text(match[1]);
  if (text === null) return null;
  const colon = text.indexOf(':');
  if (colon <= 0) return null;
  return { email: text.slice(0, colon), apiKey: text.slice(colon + 1) };
}

/** base64 (or base64url, padded or not) to UTF-8 text; null when it is not base64. */
function base64Text(encoded: string): string | null {
  let b64 = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (b64.length % 4 === 1) return null;
  b64 += '='.repeat((4 - (b64.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(b64);
  } catch {
    return null;
  }
  // ASCII (the usual case) needs no UTF-8 decoding.
  if (!/[\u0080-\u00ff]/.test(binary)) return binary;
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return utf8.decode(bytes);
}
