/** The stateful mock package's README: how an app starts it and uses it, from the installed tarballs. */
export function statefulMockReadme(bindings: string, pkg: string): string {
  return `# ${pkg}

The stateful mock of the Team Messaging Service API: every operation of the contract implemented
in memory, so a message you send comes back from \`GET /messages\`, a flag you set is set, and an
event queue receives the events. It answers through the same generated listener, validators and
error envelope as the bindings \`${bindings}\` (its peer dependency: install both).

\`\`\`sh
npm install ./${bindings}-<version>.tgz ./${pkg}-<version>.tgz
\`\`\`

## As a server, one command

\`\`\`sh
npx ${pkg} --port 4010
\`\`\`

It listens on 127.0.0.1 and prints the base URL (\`http://127.0.0.1:4010/api/v1\`) and the seeded
users' credentials (HTTP Basic: email and API key). Options: \`--port\` (default \`$PORT\`, else a
free port), \`--seed default|empty|busy|archived\`, \`--messages N\` (more generated messages in
the default seed), \`--feature-level N\` (serve as an older server), \`--cors-origins\`,
\`--request-timeout-ms\`; \`--help\` says each. A usage error prints one line and exits 2.

## As MSW handlers, in tests and in pages

\`\`\`ts
import { createStatefulHandlers } from '${pkg}/msw';
import { setupServer } from 'msw/node';          // in a page: import { setupWorker } from 'msw/browser'
import { createApiClient } from '${bindings}';

const mock = createStatefulHandlers({ baseUrl: 'https://chat.example.com', seed: 'default' });
const server = setupServer(...mock.handlers);     // const worker = setupWorker(...mock.handlers)
server.listen();                                  // await worker.start()
const { email, apiKey } = mock.credentials[0];
const api = createApiClient({ baseUrl: 'https://chat.example.com', email, apiKey });
mock.reset();                                     // back to the seeded state
\`\`\`

msw (2.x) is an optional peer: install it for this entry. In a page, serve msw's worker script
from your site's root (\`npx msw init public/\`).

## In node, as a listener

\`\`\`ts
import { createServer } from 'node:http';
import { createStatefulMock } from '${pkg}';

const mock = createStatefulMock();
createServer(mock.listener).listen(4010, '127.0.0.1');
\`\`\`
`;
}
