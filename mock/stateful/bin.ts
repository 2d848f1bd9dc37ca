#!/usr/bin/env node
/**
 * The bin of the stateful mock's package: `npx team-messaging-service-stateful-mock --port 4010`.
 * The same command line as `npm run mock:stateful` in the repository (cli.ts).
 */
import { runStatefulCli } from './cli.js';

await runStatefulCli(process.argv.slice(2), 'team-messaging-service-stateful-mock');
