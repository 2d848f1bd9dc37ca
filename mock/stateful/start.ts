/**
 * `npm run mock:stateful [-- --port N] [--messages N] [--feature-level N] [--cors-origins '*'|a,b] [--request-timeout-ms N]`:
 * serves the stateful mock on 127.0.0.1 and prints the base URL and the seeded credentials.
 * Port 0 (the default) picks a free port; `--messages` adds that many generated channel
 * messages to the seed (load tests); `--feature-level` serves as a server of that level (see
 * StatefulMockOptions). The server is the one every server of ours runs on
 * (runtime/server-node.ts): request timeouts, parser faults answered in the API's envelope.
 */
import { parseArgs } from 'node:util';
import { levels } from '../../generated/operations.js';
import { parseOrigins } from '../../runtime/pipeline-cors.js';
import { createHttpServer } from '../../generated/server.js';
import { createStatefulMock } from './index.js';

const USAGE =
  "npm run mock:stateful -- [--port 0] [--messages 0] [--feature-level N] [--cors-origins '*'|a,b] [--request-timeout-ms 30000]";

function cli() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: {
      port: { type: 'string', short: 'p', default: process.env.PORT ?? '0' },
      messages: { type: 'string', default: '0' },
      'feature-level': { type: 'string' },
      'cors-origins': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid port '${values.port}'`);
  const messages = Number(values.messages);
  if (!Number.isInteger(messages) || messages < 0)
    throw new Error(`invalid --messages '${values.messages}'`);
  const level = values['feature-level'];
  if (level !== undefined && (!/^[0-9]+$/.test(level) || Number(level) > levels.newest))
    throw new Error(
      `invalid --feature-level '${level}' (an integer from 0 to ${levels.newest}, the contract's newest)`,
    );
  const timeout = values['request-timeout-ms'];
  const requestTimeoutMs = timeout === undefined ? undefined : Number(timeout);
  if (
    requestTimeoutMs !== undefined &&
    !(Number.isInteger(requestTimeoutMs) && requestTimeoutMs > 0)
  )
    throw new Error(`--request-timeout-ms must be a positive number of milliseconds`);
  return {
    port,
    messages,
    featureLevel: level === undefined ? undefined : Number(level),
    origins: parseOrigins(values['cors-origins']),
    requestTimeoutMs,
  };
}

let options: ReturnType<typeof cli>;
try {
  options = cli();
} catch (error) {
  console.error(`mock:stateful: ${(error as Error).message}\nusage: ${USAGE}`);
  process.exit(2);
}

const mock = createStatefulMock({
  seedOptions: { extraMessages: options.messages },
  featureLevel: options.featureLevel,
  ...(options.origins ? { cors: { origins: options.origins } } : {}),
  ...(options.requestTimeoutMs ? { bodyTimeoutMs: options.requestTimeoutMs } : {}),
});
const server = createHttpServer(mock.listener, { requestTimeoutMs: options.requestTimeoutMs });
server.listen(options.port, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(
    `stateful mock listening on http://127.0.0.1:${port}/api/v1 (feature level ${mock.featureLevel})`,
  );
  console.log(
    'seeded credentials (Basic auth: email + API key; POST /fetch_api_key: email + password):',
  );
  for (const c of mock.credentials)
    console.log(
      `  ${c.role.padEnd(22)} ${c.email.padEnd(26)} password ${c.password.padEnd(22)} api key ${c.apiKey}`,
    );
  const origins = options.origins ?? '*';
  console.log(`CORS: ${origins === '*' ? 'any origin' : origins.join(', ')} (--cors-origins)`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
