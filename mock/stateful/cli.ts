/**
 * The stateful mock's command line, one module for both ways it is started: `npm run
 * mock:stateful -- …` in this repository (start.ts) and `npx team-messaging-service-stateful-mock
 * …` from the installed package (bin.ts). Parses, starts the mock on 127.0.0.1, prints the base
 * URL and the seeded credentials, and stops on SIGINT/SIGTERM. The server is the one every server
 * of ours runs on (the bindings' `createHttpServer`): request timeouts, parser faults answered in
 * the API's envelope.
 */
import type { Server } from 'node:http';
import { parseArgs } from 'node:util';
import { levels } from '../../generated/operations.js';
import { createHttpServer } from '../../generated/server.js';
import { createStatefulMock } from './index.js';
import { PRESETS, type PresetName } from './presets.js';

const OPTIONS_USAGE =
  "[--port 0] [--seed default|empty|busy|archived] [--messages 0] [--feature-level N] [--cors-origins '*'|a,b] [--request-timeout-ms 30000]";

const HELP = `Serves the stateful mock of the Team Messaging Service API on 127.0.0.1: every operation
implemented in memory (a sent message comes back from GET /messages), seeded with an
organization whose credentials are printed at start.

  --port N                 port to listen on (default $PORT, else 0: a free port)
  --seed NAME              seed preset: ${Object.keys(PRESETS).join(', ')} (default: default)
  --messages N             N more generated channel messages in the default seed (load tests)
  --feature-level N        serve as a server of that feature level (0 to ${levels.newest}; default ${levels.newest})
  --cors-origins LIST      '*' (default) or comma-separated origins allowed to call from a page
  --request-timeout-ms N   answer 408 to a request not received within N ms (default 30000)
  -h, --help               this text`;

export interface StatefulCliOptions {
  port: number;
  seed: PresetName;
  messages: number;
  featureLevel?: number;
  origins?: '*' | string[];
  requestTimeoutMs?: number;
}

/** Origins from the command line: `*`, or a comma-separated list (`null` for pages opened from disk). */
function parseOrigins(text: string | undefined): '*' | string[] | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '*') return '*';
  return text
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

function wholeNumber(text: string, what: string, min = 0): number {
  const n = Number(text);
  if (!/^[0-9]+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min)
    throw new Error(`invalid ${what} '${text}'`);
  return n;
}

/** The options, or a thrown Error whose message is the one line to print (usage: exit 2). */
export function parseStatefulCli(args: string[]): StatefulCliOptions | 'help' {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      port: { type: 'string', short: 'p', default: process.env.PORT ?? '0' },
      seed: { type: 'string', default: 'default' },
      messages: { type: 'string', default: '0' },
      'feature-level': { type: 'string' },
      'cors-origins': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const port = wholeNumber(values.port, '--port');
  if (port > 65535) throw new Error(`invalid --port '${values.port}' (0 to 65535)`);
  if (!Object.hasOwn(PRESETS, values.seed))
    throw new Error(`unknown --seed '${values.seed}' (one of ${Object.keys(PRESETS).join(', ')})`);
  const seed = values.seed as PresetName;
  const messages = wholeNumber(values.messages, '--messages');
  if (messages > 0 && seed !== 'default')
    throw new Error(`--messages adds to the default seed, not to --seed ${seed}`);
  const level = values['feature-level'];
  const featureLevel = level === undefined ? undefined : wholeNumber(level, '--feature-level');
  if (featureLevel !== undefined && featureLevel > levels.newest)
    throw new Error(
      `invalid --feature-level '${level}' (an integer from 0 to ${levels.newest}, the contract's newest)`,
    );
  const timeout = values['request-timeout-ms'];
  const requestTimeoutMs =
    timeout === undefined ? undefined : wholeNumber(timeout, '--request-timeout-ms', 1);
  return {
    port,
    seed,
    messages,
    featureLevel,
    origins: parseOrigins(values['cors-origins']),
    requestTimeoutMs,
  };
}

/** Starts the mock as the options say; resolves once it listens, with the server (to close). */
export function startStatefulMock(
  options: StatefulCliOptions,
  print: (line: string) => void = console.log,
): Promise<Server> {
  const mock = createStatefulMock({
    ...(options.seed === 'default'
      ? { seedOptions: { extraMessages: options.messages } }
      : { seed: options.seed }),
    featureLevel: options.featureLevel,
    ...(options.origins ? { cors: { origins: options.origins } } : {}),
    ...(options.requestTimeoutMs ? { bodyTimeoutMs: options.requestTimeoutMs } : {}),
  });
  const server = createHttpServer(mock.listener, { requestTimeoutMs: options.requestTimeoutMs });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      print(
        `stateful mock listening on http://127.0.0.1:${port}/api/v1 (feature level ${mock.featureLevel}, seed ${options.seed})`,
      );
      print(
        'seeded credentials (Basic auth: email + API key; POST /fetch_api_key: email + password):',
      );
      for (const c of mock.credentials)
        print(
          `  ${c.role.padEnd(22)} ${c.email.padEnd(26)} password ${c.password.padEnd(22)} api key ${c.apiKey}`,
        );
      const origins = options.origins ?? '*';
      print(`CORS: ${origins === '*' ? 'any origin' : origins.join(', ')} (--cors-origins)`);
      resolve(server);
    });
  });
}

/**
 * The whole command: `program` is how the user started it (for the usage line). Usage errors
 * print one line and exit 2; a port in use exits 1 with one line; never a stack trace.
 */
export async function runStatefulCli(args: string[], program: string): Promise<void> {
  let options: StatefulCliOptions | 'help';
  try {
    options = parseStatefulCli(args);
  } catch (error) {
    console.error(`${program}: ${(error as Error).message}\nusage: ${program} ${OPTIONS_USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(`usage: ${program} ${OPTIONS_USAGE}\n\n${HELP}`);
    return;
  }
  let server: Server;
  try {
    server = await startStatefulMock(options);
  } catch (error) {
    console.error(
      `${program}: cannot listen on 127.0.0.1:${options.port}: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
