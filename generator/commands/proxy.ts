/**
 * `tms-gen proxy --upstream URL`: a proxy in front of a live server that judges every request and
 * answer against the contract (contract-runner/proxy/), prints each violation as it happens and,
 * when stopped (Ctrl-C, SIGTERM), writes the runner's JUnit/JSON report and exits 1 if any.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  loadServedContract,
  parseServerArgs,
  servedValidators,
  type ServerArgs,
} from './server-options.js';
import { listenProblem, usageLine } from '../common/usage.js';

const HELP = `tms-gen proxy — check live traffic against the contract

Usage: tms-gen proxy --upstream <url> [--contract api.yaml] [options]

Point your app (or a test suite, or a browser) at the proxy instead of the server: every
request is forwarded unchanged and answered with the server's answer unchanged; both are
judged against the contract and each violation is printed as it happens.

  --upstream <url>        the live server, e.g. https://staging.example.com (required)
  --contract <file>       the document (default: the Team Messaging Service contract)
  --port <n>              port (default 4020; 0 picks a free one)
  --host <addr>           address to listen on (default 127.0.0.1)
  --feature-level <n>     judge against a server of this feature level (default: the newest)
  --report <file>         on exit, write FILE.json and FILE.xml (JUnit); with an extension,
                          that one (repeatable)
  --generated <dir>       take the validators from bindings you generated (tms-gen --out <dir>)
  --quiet                 print only violations
  --help                  this text

Judged: the request (an operation of the contract, credentials present, parameters and body
decoded and valid) and the answer (a documented status, JSON as labelled, the documented
shape and error codes, fitting the request: an invalid request must be refused).

Exit codes (when stopped): 0 no violation · 1 a violation, or an invalid contract · 2 usage error`;

/** Options of the proxy's own, beside the serving commands' (server-options.ts). */
const OPTIONS = {
  upstream: { type: 'string' },
  report: { type: 'string', multiple: true },
} as const;

interface ProxyArgs extends ServerArgs {
  upstream: URL;
  reports: string[];
}

export async function runProxy(argv: string[]): Promise<number> {
  const parsed = parseProxyArgs(argv);
  if (parsed === 'help') {
    console.log(HELP);
    return 0;
  }
  if (typeof parsed === 'string') {
    console.error(usageLine('proxy', parsed));
    return 2;
  }
  const loaded = await loadServedContract('proxy', parsed.contract);
  if (typeof loaded === 'number') return loaded;
  const { tables, model } = loaded;
  const level = parsed.featureLevel ?? tables.levels.newest;
  if (level > tables.levels.newest) {
    console.error(
      usageLine('proxy', `--feature-level: the contract's newest is ${tables.levels.newest}`),
    );
    return 2;
  }
  const validators = await servedValidators('proxy', parsed);
  if (typeof validators === 'number') return validators;
  const { createExchangeJudge } = await import('../../contract-runner/proxy/verdict.js');
  const { startProxy } = await import('../../contract-runner/proxy/server.js');
  const { createTrafficReport } = await import('../../contract-runner/proxy/traffic-report.js');
  const traffic = createTrafficReport(model, tables.operations, parsed.upstream.href, level);
  const judge = createExchangeJudge({
    ...tables,
    validators,
    errors: model.errorConventions,
    featureLevel: level,
  });
  const started = Date.now();
  let proxy;
  try {
    proxy = await startProxy({
      upstream: parsed.upstream,
      judge,
      onVerdict: (exchange, verdict) => {
        for (const line of traffic.add(exchange, verdict)) console.log(line);
      },
      port: parsed.port,
      host: parsed.host,
    });
  } catch (error) {
    const taken = listenProblem(error, parsed.port);
    if (taken === undefined) throw error;
    console.error(`tms-gen proxy: ${taken}`);
    return 1;
  }
  if (!parsed.quiet) {
    console.error(`Proxy of ${tables.title} at feature level ${level}`);
    console.error(`  listening    ${proxy.url}${tables.basePath}`);
    console.error(`  upstream     ${parsed.upstream.href}`);
    console.error(`Ctrl-C stops it and writes the report.`);
  } else console.error(proxy.url);
  await new Promise<void>((stopped) => {
    process.once('SIGINT', () => stopped());
    process.once('SIGTERM', () => stopped());
  });
  await proxy.stop();
  return finish(traffic, parsed, Date.now() - started);
}

async function finish(
  traffic: import('../../contract-runner/proxy/traffic-report.js').TrafficReport,
  args: ProxyArgs,
  durationMs: number,
): Promise<number> {
  const { formatTable, toJson, toJunitXml } = await import('../../contract-runner/report.js');
  const { reportFiles } = await import('../../contract-runner/cli.js');
  const report = traffic.report(durationMs);
  if (!args.quiet) console.log(formatTable(report));
  for (const { file, format } of reportFiles(args.reports)) {
    mkdirSync(dirname(resolve(file)), { recursive: true });
    writeFileSync(file, format === 'json' ? toJson(report) : toJunitXml(report));
    console.log(`report: ${file}`);
  }
  return traffic.violations() > 0 ? 1 : 0;
}

function parseProxyArgs(argv: string[]): ProxyArgs | 'help' | string {
  const parsed = parseServerArgs(argv, OPTIONS, 4020);
  if (typeof parsed === 'string') return parsed;
  const { server, values } = parsed;
  if (values.upstream === undefined) return '--upstream <url> is required';
  let upstream: URL;
  try {
    upstream = new URL(values.upstream);
  } catch {
    return `--upstream must be an http(s) URL, not '${values.upstream}'`;
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    return `--upstream must be an http(s) URL, not '${values.upstream}'`;
  return { ...server, upstream, reports: values.report ?? [] };
}
