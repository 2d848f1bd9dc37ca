/**
 * How a sample's credentials travel, spelled once for every sample: curl's (curl.ts) and the
 * docs' fetch and Python samples (generator/emit/docs/code-samples.ts) turn these into their
 * own syntax (`-u`, `-H`, `-b`; a header list) but never decide the header, the `Bearer `
 * prefix or the cookie's `name=value` themselves. A scheme no stored credential can produce
 * (`other`) sends nothing.
 */
import type { CurlCredential } from './types.js';
import type { OutPair } from './urlencoded.js';

export type SentCredential =
  /** HTTP Basic `user:password`, before any encoding */
  | { in: 'basic'; value: string }
  | { in: 'header'; name: string; value: string }
  /** one cookie, `name=value` */
  | { in: 'cookie'; text: string }
  /** one more query pair, after the parameters */
  | { in: 'query'; pair: OutPair };

export function sentCredentials(credentials: readonly CurlCredential[]): SentCredential[] {
  return credentials.flatMap(({ send, value }): SentCredential[] => {
    if (send.type === 'basic') return [{ in: 'basic', value }];
    if (send.type === 'bearer')
      return [{ in: 'header', name: 'Authorization', value: `Bearer ${value}` }];
    if (send.type !== 'apiKey') return [];
    if (send.in === 'header') return [{ in: 'header', name: send.name, value }];
    if (send.in === 'cookie') return [{ in: 'cookie', text: `${send.name}=${value}` }];
    return [{ in: 'query', pair: { name: send.name, value } }];
  });
}
