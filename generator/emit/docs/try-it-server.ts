/** Where the reference's try-it sends requests (`--try-it-server`, the document's servers, the mock). */
import type { ApiModel } from '../../model/types.js';
import { resolvedUrl } from './overview.js';

/** Where try-it sends requests unless the reader picks another server: `npm run mock`. */
const TRY_IT_SERVER = 'http://127.0.0.1:4010';

/** Hosts RFC 2606 reserves for examples: no server answers there. */
function placeholderHost(url: string): boolean {
  const host = /^https?:\/\/([^/:]+)/.exec(url)?.[1]?.toLowerCase() ?? '';
  return /(^|\.)(example\.(com|net|org)|[a-z0-9-]+\.(test|example|invalid))$/.test(host);
}

/**
 * Where try-it sends requests: the one given at generate time; else the document's first server
 * when it names an http(s) address that is not a placeholder (`example.com`: RFC 2606), so
 * published references try against it; else the local mock (`tms-gen mock`, port 4010) at the
 * document's base path.
 */
export function tryItServerOf(model: ApiModel, given: string | undefined): string {
  if (given) return given.replace(/\/+$/, '');
  const declared = model.servers[0] ? resolvedUrl(model.servers[0]) : '';
  if (/^https?:\/\/[^{}\s]+$/.test(declared) && !placeholderHost(declared)) return declared;
  return `${TRY_IT_SERVER}${model.servers[0]?.basePath ?? ''}`;
}
