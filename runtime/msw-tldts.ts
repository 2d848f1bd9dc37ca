/**
 * An alias target for `tldts` in a page's bundle (`alias: { tldts: '<bindings>/msw-tldts' }`),
 * for the smallest page that runs the MSW handlers. msw's browser side keeps a cookie store
 * (tough-cookie), and tough-cookie asks tldts for a host's registrable domain, which brings the
 * whole Public Suffix List (about 46 KB gzipped, half of msw's weight in a page). This answers
 * without the list: the last two labels, `null` for IP addresses and single labels. The only
 * difference is in msw's emulated cookies of mocked responses (never the browser's own): a
 * mocked `Set-Cookie` with `Domain=co.uk` is kept instead of refused, and hosts under one
 * public suffix of more than one label (`a.github.io`, `b.github.io`) share mocked cookies.
 * The handlers of this package set no cookies.
 */

/** tough-cookie's one use of tldts: `getDomain(host, options)` (options ignored: no list to consult). */
export function getDomain(hostname: string, _options?: unknown): string | null {
  const host = String(hostname).toLowerCase().replace(/\.$/, '');
  if (host === '' || host.startsWith('[') || host.includes(':')) return null; // IPv6
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return null; // IPv4
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  return labels.slice(-2).join('.');
}
