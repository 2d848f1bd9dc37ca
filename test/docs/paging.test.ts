/**
 * The "Paging and retries" callout of the reference's operation pages (generator/emit/docs/
 * paging.ts): our GET /messages shows its anchor paging with the contract's limits and the call
 * that walks it; POST /messages says it is never retried; contract text is escaped.
 */
import { describe, expect, it } from 'vitest';
import { pagingHtml } from '../../generator/emit/docs/paging.js';
import type { Operation } from '../../generator/model/types.js';
import { loadOrThrow } from '../load-contract.js';

describe('paging and retries on an operation page', async () => {
  const contract = await loadOrThrow();
  const op = (id: string) => contract.model.operations.find((o) => o.id === id)!;

  it('GET /messages: anchor paging, its limits, the walking call, retried', () => {
    const html = pagingHtml(op('getMessages'));
    expect(html).toContain('<code>num_before</code> older and <code>num_after</code> newer');
    expect(html).toContain('At most 5000 items a request, 1000 recommended');
    expect(html).toContain('paginate(api, <t-s>"getMessages"</t-s>');
    expect(html).toContain('Safe to repeat');
  });

  it('POST /messages: never retried, no paging', () => {
    const html = pagingHtml(op('sendMessage'));
    expect(html).toContain('Not safe to repeat');
    expect(html).not.toContain('paginate');
  });

  it('escapes the names a contract gives', () => {
    const hostile = {
      ...op('getMessages'),
      pagination: {
        style: 'cursor',
        items: ['<b>'],
        cursor: '<img src=x>',
        next: ['"><script>'],
        pointer: '#',
      },
    } as Operation;
    const html = pagingHtml(hostile);
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(html).toContain('<code>&lt;img');
  });
});
