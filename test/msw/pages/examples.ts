/** Browser page: the generated example handlers in a service worker, and a typed override. */
import { setupWorker } from 'msw/browser';
import { createApiClient } from '../../../generated/client.js';
import { createExampleHandlers, override } from '../../../generated/msw.js';

async function run() {
  const worker = setupWorker(...createExampleHandlers({ baseUrl: location.origin }));
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  const api = createApiClient({ baseUrl: location.origin, email: 'page@example.com', apiKey: 'k' });
  const message = { type: 'channel', to: 'general', topic: 'browser', content: 'hi' } as const;
  const fromExample = await api.sendMessage(message);
  worker.use(
    override('sendMessage', () => ({ status: 200, body: { result: 'success', msg: '', id: 777 } })),
  );
  const overridden = await api.sendMessage(message);
  const read = await api.getMessage({ message_id: 42 });
  return {
    exampleId: fromExample.data?.id,
    overriddenId: overridden.data?.id,
    readOk: read.error === undefined,
  };
}

(window as unknown as { outcome: Promise<unknown> }).outcome = run().catch((e) => ({
  error: String(e),
}));
