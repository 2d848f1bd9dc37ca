/**
 * `npm run mock:stateful [-- --port N] [--messages N] [--feature-level N]`: serves the stateful
 * mock on 127.0.0.1 and prints the base URL and the seeded credentials. Port 0 (the default)
 * picks a free port; `--messages` adds that many generated channel messages to the seed (load
 * tests); `--feature-level` serves as a server of that level (see StatefulMockOptions).
 */
import { createServer } from 'node:http';
import { levels } from '../../generated/operations.js';
import { createStatefulMock } from './index.js';

function parsePort(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--port' || a === '-p');
  const raw =
    i >= 0
      ? argv[i + 1]
      : (argv.find((a) => a.startsWith('--port='))?.slice(7) ?? process.env.PORT ?? '0');
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`mock:stateful: invalid port '${raw}'`);
    process.exit(2);
  }
  return port;
}

function parseMessages(argv: string[]): number {
  const i = argv.indexOf('--messages');
  const n = i >= 0 ? Number(argv[i + 1]) : 0;
  if (!Number.isInteger(n) || n < 0) {
    console.error(`mock:stateful: invalid --messages '${argv[i + 1]}'`);
    process.exit(2);
  }
  return n;
}

function parseFeatureLevel(argv: string[]): number | undefined {
  const i = argv.indexOf('--feature-level');
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--feature-level='))?.slice(16);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^[0-9]+$/.test(raw) || n > levels.newest) {
    console.error(
      `mock:stateful: invalid --feature-level '${raw}' (an integer from 0 to ${levels.newest}, the contract's newest)`,
    );
    process.exit(2);
  }
  return n;
}

const mock = createStatefulMock({
  seedOptions: { extraMessages: parseMessages(process.argv.slice(2)) },
  featureLevel: parseFeatureLevel(process.argv.slice(2)),
});
const server = createServer(mock.listener);
server.listen(parsePort(process.argv.slice(2)), '127.0.0.1', () => {
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
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
