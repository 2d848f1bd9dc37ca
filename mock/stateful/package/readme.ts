/** The stateful mock package's README: how an app starts it and uses it, from the installed tarballs. */
import { CAPS } from '../caps.js';
import { LIMITS, MAX_MESSAGES_PER_FETCH, STATUS_TEXT_MAX } from '../limits.js';
import { MAX_STORED_STRING_LENGTH } from '../core.js';

const n = (value: number) => value.toLocaleString('en-US');

/** Every limit the mock enforces, as a Markdown table (the numbers are the mock's constants). */
export function limitsTable(): string {
  const rows: [string, number, string][] = [
    ['message content', LIMITS.max_message_length, 'characters (Unicode code points)'],
    ['topic, channel name', LIMITS.max_topic_length, 'characters'],
    ['channel description', LIMITS.max_stream_description_length, 'characters'],
    ['status text', STATUS_TEXT_MAX, 'characters'],
    ['any other string parameter', MAX_STORED_STRING_LENGTH, 'characters'],
    ['messages per GET /messages', MAX_MESSAGES_PER_FETCH, ''],
    ['messages sent through the API', CAPS.messagesPerSender, 'per user'],
    ['saved snippets', CAPS.savedSnippetsPerUser, 'per user'],
    ['push device tokens', CAPS.pushTokensPerUser, 'per user'],
    ['topic visibility policies', CAPS.topicPoliciesPerUser, 'per user (0 clears one)'],
    ['live event queues', CAPS.eventQueuesPerUser, 'per user (idle ones go after 10 minutes)'],
    [
      'unread events in a queue',
      CAPS.eventsPerQueue,
      'past it the queue is discarded: BAD_EVENT_QUEUE_ID, register again',
    ],
    ['linkifiers', CAPS.linkifiersPerRealm, 'per organization'],
  ];
  return [
    '| limit | value | |',
    '|---|---:|---|',
    ...rows.map(([what, value, unit]) => `| ${what} | ${n(value)} | ${unit} |`),
  ].join('\n');
}

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

const mock = createStatefulMock({ seed: 'empty' });   // a preset's name, or a function filling the state
createServer(mock.listener).listen(4010, '127.0.0.1');
\`\`\`

## Limits

The description gives most lengths to the register answer and no counts at all; these are the
values the mock advertises and enforces. Past any of them a request is refused with 400
\`BAD_REQUEST\` in the API's error envelope and nothing is stored.

${limitsTable()}
`;
}
