/**
 * `npm run mock:stateful [-- --port N] [--messages N] [--feature-level N]`: serves the stateful
 * mock on 127.0.0.1 and prints the base URL and the seeded credentials. Port 0 (the default)
 * picks a free port; `--messages` adds that many generated channel messages to the seed (load
 * tests); `--feature-level` serves as a server of that level (see StatefulMockOptions).
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { levels } from '../../generated/operations.js';
import { createStatefulMock } from './index.js';

function parseCli(argv: string[]): {
  port: number;
  messages: number;
  featureLevel: number | undefined;
} {
  let values: { port?: string; messages?: string; 'feature-level'?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', short: 'p' },
        messages: { type: 'string' },
        'feature-level': { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`mock:stateful: ${(error as Error).message}`);
    process.exit(2);
  }
  const rawPort = values.port ?? process.env.PORT ?? '0';
  const port = Number(rawPort);
  if (rawPort === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`mock:stateful: invalid port '${rawPort}'`);
    process.exit(2);
  }
  const messages = Number(values.messages ?? 0);
  if (!Number.isInteger(messages) || messages < 0) {
    console.error(`mock:stateful: invalid --messages '${values.messages}'`);
    process.exit(2);
  }
  const raw = values['feature-level'];
  if (raw !== undefined && (!/^[0-9]+$/.test(raw) || Number(raw) > levels.newest)) {
    console.error(
      `mock:stateful: invalid --feature-level '${raw}' (an integer from 0 to ${levels.newest}, the contract's newest)`,
    );
    process.exit(2);
  }
  return { port, messages, featureLevel: raw === undefined ? undefined : Number(raw) };
}

const cli = parseCli(process.argv.slice(2));
const mock = createStatefulMock({
  seedOptions: { extraMessages: cli.messages },
  featureLevel: cli.featureLevel,
});
const server = createServer(mock.listener);
server.listen(cli.port, '127.0.0.1', () => {
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
