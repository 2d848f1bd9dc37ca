/**
 * The stateful mock stores what it is sent, so it bounds the strings it accepts where the
 * description gives no limit (MAX_STORED_STRING_LENGTH, listed in the README): one character
 * past it is refused with the 400 envelope naming the parameter, and nothing is stored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_STORED_STRING_LENGTH } from '../../mock/stateful/index.js';
import { MAYA, startMock, type MockRun } from './helpers.js';

let run: MockRun | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

describe('stored strings are bounded', () => {
  it('a snippet title at the limit is stored; one past it, or 1 MB, is refused and not stored', async () => {
    run = await startMock();
    const maya = run.as(MAYA);
    const before = run.mock.state.snippets.size;
    const atLimit = await maya.createSavedSnippet({
      title: 't'.repeat(MAX_STORED_STRING_LENGTH),
      content: 'c',
    });
    expect(atLimit.error).toBeUndefined();
    expect(run.mock.state.snippets.size).toBe(before + 1);
    for (const length of [MAX_STORED_STRING_LENGTH + 1, 1_000_000]) {
      const refused = await maya.createSavedSnippet({ title: 't'.repeat(length), content: 'c' });
      expect(refused.error?.status).toBe(400);
      expect(refused.error?.code).toBe('BAD_REQUEST');
      expect(refused.error?.msg).toBe(
        `Invalid request: \`title\` is longer than ${MAX_STORED_STRING_LENGTH} characters (Unicode code points; this server's limit) (in body)`,
      );
    }
    expect(run.mock.state.snippets.size).toBe(before + 1);
  });

  it('code points are counted, as every limit of the mock counts them', async () => {
    run = await startMock();
    const maya = run.as(MAYA);
    // 20,000 emoji: 40,000 UTF-16 code units, 20,000 code points.
    const ok = await maya.createSavedSnippet({
      title: '😀'.repeat(MAX_STORED_STRING_LENGTH),
      content: 'c',
    });
    expect(ok.error).toBeUndefined();
    const refused = await maya.createSavedSnippet({
      title: '😀'.repeat(MAX_STORED_STRING_LENGTH + 1),
      content: 'c',
    });
    expect(refused.error?.code).toBe('BAD_REQUEST');
  });

  it('strings nested in JSON-encoded parameters count too', async () => {
    run = await startMock();
    const long = 'x'.repeat(MAX_STORED_STRING_LENGTH + 1);
    const r = await run.as(MAYA).sendMessage({ type: 'direct', to: [long], content: 'hello' });
    expect(r.error?.status).toBe(400);
    expect(r.error?.msg).toMatch(/`to` is longer than 20000 characters/);
  });
});
