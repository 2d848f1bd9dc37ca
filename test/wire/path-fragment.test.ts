/**
 * Path templates with a fragment, as Box's document tells operations of one path apart
 * (`/web_links/{id}#add_shared_link`): no URL carries the fragment to a server, so the client
 * leaves it out and the router matches without it.
 */
import { describe, expect, it } from 'vitest';
import { fillPath, matchPath } from '../../runtime/wire.js';
import { createRouter } from '../../runtime/server-router.js';
import type { OperationInfo } from '../../runtime/operation-info.js';

const op = (operationId: string, method: string, path: string) =>
  ({
    operationId,
    method,
    path,
    fields: [],
    auth: 'none',
    errorCodes: [],
    statuses: [],
  }) as unknown as OperationInfo;

describe('a fragment in a path template', () => {
  it('is not sent, and does not stop the path from matching', () => {
    expect(fillPath('/web_links/{id}#add_shared_link', { id: 'a b' })).toBe('/web_links/a%20b');
    expect(matchPath('/web_links/{id}#add_shared_link', '/web_links/a%20b')).toEqual({ id: 'a b' });
  });

  it('routes literal and templated paths by what a request carries', () => {
    const router = createRouter(
      [op('share', 'PUT', '/web_links/{id}#add_shared_link'), op('list', 'GET', '/links#all')],
      '/2.0',
    );
    expect(router.match('PUT', '/2.0/web_links/7')).toMatchObject({
      kind: 'found',
      operation: { operationId: 'share' },
      pathParams: { id: '7' },
    });
    expect(router.match('GET', '/2.0/links')).toMatchObject({
      kind: 'found',
      operation: { operationId: 'list' },
    });
  });
});
