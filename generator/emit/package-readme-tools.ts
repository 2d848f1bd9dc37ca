/**
 * The bindings README's sections on what other tools can use from the installed package: the
 * bundled contract (`openapi.json`, any contract) and, for our own API only, the stateful mock
 * package built from this repository's mock/stateful (`npm run pack:stateful-mock`).
 */

/** The stateful mock's package and the bindings it serves (mock/stateful/package/build.ts). */
export const STATEFUL_MOCK = {
  package: 'team-messaging-service-stateful-mock',
  serves: 'team-messaging-service-api',
} as const;

export function toolsReadme(name: string, contractFile: string | undefined): string[] {
  return [
    ...(contractFile ? contractSection(name, contractFile) : []),
    ...(name === STATEFUL_MOCK.serves ? statefulSection(name) : []),
  ];
}

function contractSection(name: string, file: string): string[] {
  return [
    '## The contract',
    '',
    `\`${name}/${file}\` is the OpenAPI document these bindings were generated from, bundled into`,
    'one JSON file (every `$ref` inside it): point any OpenAPI tool at the installed package.',
    '',
    '```sh',
    `npx @stoplight/prism-cli mock node_modules/${name}/${file}   # stock Prism on the installed contract`,
    '```',
    '',
    '```ts',
    `import contract from '${name}/${file}' with { type: 'json' };          // the document itself`,
    // (not `import.meta` + `.url`: the CLI's bundler rewrites that text in its sources)
    `const file = fileURLToPath(import.meta.resolve('${name}/${file}'));       // its path (node:url)`,
    '```',
    '',
  ];
}

function statefulSection(name: string): string[] {
  const pkg = STATEFUL_MOCK.package;
  return [
    '## The stateful mock',
    '',
    `\`${pkg}\` (its own tarball, \`npm run pack:stateful-mock\` in the toolkit) is an in-memory`,
    'implementation of every operation: a message you send comes back from `getMessages`. Install it',
    `beside \`${name}\` (its peer) and start it with one command, or run it inside MSW:`,
    '',
    '```sh',
    `npm install ./${name}-<version>.tgz ./${pkg}-<version>.tgz`,
    `npx ${pkg} --port 4010   # prints the base URL and the seeded users' credentials`,
    `npx ${pkg} --help        # --seed default|empty|busy|archived, --feature-level N, --cors-origins`,
    '```',
    '',
    '```ts',
    `import { createStatefulHandlers } from '${pkg}/msw';`,
    `import { setupServer } from 'msw/node';        // in a page: setupWorker from 'msw/browser'`,
    '',
    `const mock = createStatefulHandlers({ baseUrl: 'https://chat.example.com', seed: 'default' });`,
    'const server = setupServer(...mock.handlers);    // const worker = setupWorker(...mock.handlers)',
    'server.listen();                                 // await worker.start()',
    'const { email, apiKey } = mock.credentials[0];   // log in the client as a seeded user',
    'mock.reset();                                    // back to the seeded state between tests',
    '```',
    '',
    `In node, \`createStatefulMock()\` from \`${pkg}\` gives the same mock as a \`node:http\``,
    "listener. In a page, copy msw's worker script next to it first (`npx msw init public/ --save`). Each",
    "user's collections are capped (the mock package's README lists every limit): a full one",
    "answers the API's error envelope.",
    '',
  ];
}
