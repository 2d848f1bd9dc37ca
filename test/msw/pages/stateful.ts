/** Browser page: the stateful mock in a service worker; send a message, read it back. */
import { setupWorker } from 'msw/browser';
import { createApiClient } from '../../../generated/client.js';
import { createStatefulHandlers } from '../../../mock/stateful/msw.js';

async function run() {
  const mock = createStatefulHandlers({ baseUrl: location.origin });
  const worker = setupWorker(...mock.handlers);
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  const maya = mock.credentials.find((c) => c.email === 'maya@example.com')!;
  const api = createApiClient({ baseUrl: location.origin, email: maya.email, apiKey: maya.apiKey });
  const content = `from the page ${Math.random()}`;
  const sent = await api.sendMessage({ type: 'channel', to: 'general', topic: 'browser', content });
  if (sent.error) return { ok: false, error: sent.error.msg };
  const page = await api.getMessages({
    anchor: 'newest',
    num_before: 1,
    num_after: 0,
    apply_markdown: false,
  });
  const back = page.data?.messages[0];
  return { ok: true, content, sentId: sent.data.id, readId: back?.id, readContent: back?.content };
}

(window as unknown as { outcome: Promise<unknown> }).outcome = run().catch((e) => ({
  ok: false,
  error: String(e),
}));
