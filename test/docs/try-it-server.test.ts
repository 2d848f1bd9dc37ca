/** Where the reference's try-it sends requests (issue 30): given, declared, or the mock. */
import { describe, expect, it } from 'vitest';
import { tryItServerOf } from '../../generator/emit/docs/index.js';
import type { ApiModel } from '../../generator/model/types.js';

const withServers = (...servers: { url: string; basePath: string }[]) =>
  ({ servers: servers.map((s) => ({ ...s, variables: {} })) }) as unknown as ApiModel;

describe('the try-it server', () => {
  it('is the document’s first server when it names a real address', () => {
    const model = withServers({ url: 'https://api.up.com.au/api/v1', basePath: '/api/v1' });
    expect(tryItServerOf(model, undefined)).toBe('https://api.up.com.au/api/v1');
  });

  it('is the one given at generate time, whatever the document says', () => {
    const model = withServers({ url: 'https://api.up.com.au/api/v1', basePath: '/api/v1' });
    expect(tryItServerOf(model, 'https://sandbox.up.test/v1/')).toBe('https://sandbox.up.test/v1');
  });

  it('is the local mock when none is declared, or only a placeholder (RFC 2606) or template', () => {
    expect(tryItServerOf(withServers(), undefined)).toBe('http://127.0.0.1:4010');
    const placeholder = withServers({
      url: 'https://chat.example.com/api/v1',
      basePath: '/api/v1',
    });
    expect(tryItServerOf(placeholder, undefined)).toBe('http://127.0.0.1:4010/api/v1');
    const template = withServers({ url: 'https://{region}.api.io/v2', basePath: '/v2' });
    expect(tryItServerOf(template, undefined)).toBe('http://127.0.0.1:4010/v2');
  });
});
