/**
 * The app files of the stateful mock's package check (stateful-mock.test.ts): a node script with
 * the stateful MSW handlers in msw/node, a page with them in a service worker, both with the
 * typed client, and a planted type error the package's types must catch.
 */

/** The round trip on the handlers: send, read back, reset, read again; resolves to one JSON object. */
function roundTrip(pkg: string, mock: string, start: string): string {
  return `
import { createApiClient } from '${pkg}';
import { createStatefulHandlers, type StatefulHandlers } from '${mock}/msw';
import type { components } from '${pkg}/types';

export async function roundTrip(baseUrl: string, where: string) {
  const mock: StatefulHandlers = createStatefulHandlers({ baseUrl, seed: 'default' });
  ${start}
  const maya = mock.credentials.find((c) => c.email === 'maya@example.com')!;
  const api = createApiClient({
    baseUrl, email: maya.email, apiKey: maya.apiKey, onNotice: () => {}, onIgnoredParameters: () => {},
  });
  const content = 'sent ' + where + ' at ' + Date.now();
  const sent = await api.sendMessage({ type: 'channel', to: 'general', topic: where, content });
  if (sent.error) throw new Error('sendMessage: ' + sent.error.kind + ' ' + sent.error.msg);
  const newest = () =>
    api.getMessages({ anchor: 'newest', num_before: 1, num_after: 0, apply_markdown: false });
  const read = await newest();
  if (read.error) throw new Error('getMessages: ' + read.error.msg);
  const back: components['schemas']['Message'] | undefined = read.data.messages[0];
  mock.reset();
  const after = await newest();
  return {
    sentId: sent.data.id,
    readId: back?.id,
    readContent: back?.content,
    content,
    newestAfterReset: after.data?.messages[0]?.id,
  };
}
`;
}

export function statefulApp(pkg: string, mock: string): Record<string, string> {
  return {
    'package.json': JSON.stringify({
      name: 'stateful-mock-check-app',
      private: true,
      type: 'module',
    }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        // the packages' types are checked where the app uses them (checking every .d.ts of msw
        // and node as well took a minute on a loaded machine)
        skipLibCheck: true,
        types: ['node'],
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        rootDir: '.',
        outDir: 'dist',
      },
      include: ['src', 'planted'],
    }),
    'src/node-round-trip.ts': roundTrip(
      pkg,
      mock,
      `const { setupServer } = await import('msw/node');
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });`,
    ),
    'src/page-round-trip.ts': roundTrip(
      pkg,
      mock,
      `const { setupWorker } = await import('msw/browser');
  await setupWorker(...mock.handlers).start({ quiet: true, onUnhandledRequest: 'bypass' });`,
    ),
    'src/node-main.ts': `
import { roundTrip } from './node-round-trip.js';
console.log(JSON.stringify(await roundTrip('https://chat.example.test', 'msw-node')));
process.exit(0);
`,
    'src/page.ts': `
import { roundTrip } from './page-round-trip.js';
const w = window as unknown as { __result: unknown };
roundTrip(location.origin, 'page').then(
  (result) => { w.__result = result; },
  (error: unknown) => { w.__result = { error: String(error) }; },
);
`,
    // A seed preset the package does not have: its types must refuse it.
    'planted/planted.ts': `
import { createStatefulHandlers } from '${mock}/msw';
export const wrong = createStatefulHandlers({ seed: 'no-such-preset' });
`,
    'site/index.html':
      '<!doctype html><html><head><meta charset="utf-8"><title>stateful mock in a page</title>' +
      '<script type="module" src="page.js"></script></head><body></body></html>',
  };
}
