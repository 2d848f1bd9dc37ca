/**
 * The listener's router on a path whose methods allow different values for a parameter that
 * meets another in one segment (`/{page}{extension}`, healthcare.gov's shape): each method is
 * routed by its own values, not by those of the first method of the path.
 */
import { describe, expect, it } from 'vitest';
import { createRouter } from '../../runtime/server-router.js';
import type { OperationInfo } from '../../runtime/operation-info.js';

const op = (operationId: string, method: string, extensions: string[]) =>
  ({
    operationId,
    method,
    path: '/pages/{page}{extension}',
    fields: [
      { name: 'page', in: 'path', required: true, encoding: 'plain', types: ['string'] },
      {
        name: 'extension',
        in: 'path',
        required: true,
        encoding: 'plain',
        types: ['string'],
        values: extensions,
      },
    ],
    auth: 'none',
    errorCodes: [],
    statuses: [],
  }) as unknown as OperationInfo;

describe('a path whose methods allow different path values', () => {
  const router = createRouter(
    [op('readPage', 'GET', ['.json', '.html']), op('writePage', 'PUT', ['.md'])],
    '/api',
  );

  it('routes each method by the values it allows', () => {
    expect(router.match('GET', '/api/pages/about.json')).toMatchObject({
      kind: 'found',
      operation: { operationId: 'readPage' },
      pathParams: { page: 'about', extension: '.json' },
    });
    expect(router.match('PUT', '/api/pages/about.md')).toMatchObject({
      kind: 'found',
      operation: { operationId: 'writePage' },
      pathParams: { page: 'about', extension: '.md' },
    });
  });

  it('allows, in a 405, only the methods whose values the path carries', () => {
    expect(router.match('GET', '/api/pages/about.md')).toEqual({
      kind: 'no-method',
      allowed: ['PUT'],
    });
    expect(router.match('DELETE', '/api/pages/about.html')).toEqual({
      kind: 'no-method',
      allowed: ['GET'],
    });
  });

  it('answers no path when no method allows the value', () => {
    expect(router.match('GET', '/api/pages/about.txt')).toEqual({ kind: 'no-path' });
  });
});
