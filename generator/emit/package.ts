/**
 * The bindings as an installable package. Runs after the code emitters, on their files: every
 * TypeScript file gets its ESM JavaScript and `.d.ts` beside it, the runtime (wire model, client
 * core, server listener) is compiled the same way into `runtime/` of the output, and a
 * `package.json` and README make the folder something `npm pack` turns into a tarball an app
 * installs. The bindings therefore import only `./runtime/…` and openapi-fetch: never a path
 * back into the toolkit, and never a runtime other than the one they were generated with.
 *
 * The `.ts` sources stay in the output (the repository's own code and TypeScript apps that
 * generate into their source tree compile them); the package's `files` leaves them out, so an
 * installed package offers exactly one `.js` and one `.d.ts` per module.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiModel } from '../model/types.js';
import type { Emitter, GeneratedFile } from './emitter.js';
import { banner } from '../common/source.js';
import { bindingsReadme } from './package-readme.js';
import { compiledRuntime, readCompiledRuntime } from '../compile/package-runtime.js';
import { CONTRACT_FILE } from './contract/index.js';

/** The toolkit's root: its package.json and runtime/ (two levels up from generator/emit/). */
import { packageName } from '../model/artifact-names.js';

// decided in the model (model/artifact-names.ts); named here too for the package's callers
export { packageName };

const TOOLKIT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The import specifier of the runtime copied into the output, as generated code writes it. */
export const RUNTIME_IMPORT = './runtime';

/**
 * The subpaths an app imports, each from one module of the output (when that module exists).
 * `bundled`: the module bundlers take instead (the `module` condition, which esbuild, webpack and
 * Rollup apply and Node does not): the validators' index loads modules on demand with Node's
 * `require`, which a bundle cannot follow, so a bundle takes the index that imports them all.
 */
const SUBPATHS: { subpath: string; module: string; bundled?: string }[] = [
  { subpath: '.', module: 'client' },
  { subpath: './client', module: 'client' },
  { subpath: './types', module: 'types' },
  { subpath: './validators', module: 'validators', bundled: 'validators/bundle' },
  { subpath: './server', module: 'server' },
  { subpath: './operations', module: 'operations' },
  { subpath: './msw', module: 'msw' },
  { subpath: './msw-tldts', module: 'msw-tldts' },
  { subpath: './query', module: 'query' },
  { subpath: './mcp', module: 'mcp' },
];

/**
 * The runtime compiled into `runtime/` of the output, unless `--runtime` points elsewhere. The
 * CLI's launcher compiles it once per runtime change, beside the CLI bundle (TMS_GEN_RUNTIME);
 * without one (the CLI imported by a test) it is compiled here.
 */
export const runtimeEmitter: Emitter = {
  name: 'runtime',
  root: 'code',
  // every code output imports the runtime copied beside it
  joins: 'code',
  reads: 'withoutOperationDescriptions',
  schedule: { rank: 7 },
  emit: (ctx) => {
    if (ctx.runtimeImport !== RUNTIME_IMPORT) return [];
    const prebuilt = process.env.TMS_GEN_RUNTIME;
    return prebuilt ? readCompiledRuntime(prebuilt) : compiledRuntime(TOOLKIT_ROOT);
  },
};

/** package.json and README.md of a complete code output (`files`: every code file written). */
export function packageFiles(
  model: ApiModel,
  files: GeneratedFile[],
  command: string,
): GeneratedFile[] {
  const toolkit = toolkitManifest();
  const present = new Set(
    files.filter((f) => f.path.endsWith('.js')).map((f) => f.path.slice(0, -3)),
  );
  const contract = files.some((f) => f.path === CONTRACT_FILE);
  const manifest = bindingsManifest(model, toolkit, { present, contract }, command);
  return [
    { path: 'package.json', contents: JSON.stringify(manifest, null, 2) + '\n' },
    {
      path: 'README.md',
      contents: bindingsReadme({
        model,
        name: manifest.name,
        modules: new Set([...present].map((m) => m.replace(/\/index$/, ''))),
        contractFile: contract ? CONTRACT_FILE : undefined,
        command,
        toolkit: `${toolkit.name}@${toolkit.version}`,
      }),
    },
  ];
}

interface ToolkitManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function toolkitManifest(): ToolkitManifest {
  return JSON.parse(readFileSync(join(TOOLKIT_ROOT, 'package.json'), 'utf8')) as ToolkitManifest;
}

function bindingsManifest(
  model: ApiModel,
  toolkit: ToolkitManifest,
  { present, contract }: { present: Set<string>; contract: boolean },
  command: string,
) {
  const exports: Record<string, Record<string, string> | string> = {};
  for (const { subpath, module, bundled } of SUBPATHS) {
    // A module is a file (`validators.js`) or a folder with an index (`validators/index.js`).
    const file = [module, `${module}/index`].find((m) => present.has(m));
    if (!file) continue;
    exports[subpath] = {
      types: `./${file}.d.ts`,
      ...(bundled && present.has(bundled) ? { module: `./${bundled}.js` } : {}),
      default: `./${file}.js`,
    };
  }
  // The bundled contract, for tools pointed at the installed package (stock Prism, Schemathesis).
  if (contract) exports[`./${CONTRACT_FILE}`] = `./${CONTRACT_FILE}`;
  exports['./package.json'] = './package.json';
  const { info } = model;
  const name = packageName(info.title);
  const mcp = present.has('mcp');
  return {
    // npm keeps keys named `//` as comments.
    '//': banner(model.sourceFile, command).slice(3).trimEnd(),
    name,
    version: packageVersion(info.version),
    description: `Generated bindings of ${info.title} ${info.version}: typed client, types, validators and server stubs`,
    type: 'module',
    sideEffects: false,
    main: present.has('client') ? './client.js' : undefined,
    types: present.has('client') ? './client.d.ts' : undefined,
    exports,
    // Only the compiled modules: the .ts sources beside them are for the repository's own use.
    files: [
      '*.js',
      '*.d.ts',
      ...(contract ? [CONTRACT_FILE] : []),
      'runtime/',
      'validators/',
      'README.md',
      ...(mcp ? [MCP_TABLE] : []),
    ],
    // The MCP server command (mcp-server.js), named after the package.
    ...(mcp ? { bin: { [`${name}-mcp`]: './mcp-server.js' } } : {}),
    engines: { node: '>=20.19' },
    dependencies: { 'openapi-fetch': toolkit.dependencies?.['openapi-fetch'] ?? '^0.17.0' },
    ...optionalPeers(toolkit, present),
    tmsGen: {
      generator: `${toolkit.name}@${toolkit.version}`,
      contract: model.sourceFile,
      contractVersion: info.version,
      openapi: model.openapiVersion,
    },
  };
}

/** The MCP server's tool table (emit/mcp/), read by `mcp.js` at run time. */
const MCP_TABLE = 'mcp-tools.json';

/**
 * Peer dependencies of the entries that need a library the client does not, each optional: an
 * app that never imports the entry need not install it. The MSW handlers (./msw) need msw; the
 * query factories (./query) TanStack Query (its v5 option types, tested with 5.108); the MCP
 * server (./mcp and its command) the official MCP SDK.
 */
function optionalPeers(toolkit: ToolkitManifest, present: Set<string>) {
  const peers: Record<string, string> = {};
  if (present.has('msw')) peers.msw = toolkit.dependencies?.msw ?? '^2.15.0';
  if (present.has('query')) peers['@tanstack/query-core'] = '^5.108.0';
  if (present.has('mcp'))
    peers['@modelcontextprotocol/sdk'] =
      toolkit.devDependencies?.['@modelcontextprotocol/sdk'] ?? '^1.32.0';
  const names = Object.keys(peers);
  if (names.length === 0) return {};
  return {
    peerDependencies: peers,
    peerDependenciesMeta: Object.fromEntries(names.map((n) => [n, { optional: true }])),
  };
}

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** `info.version` when it is semver; `1` and `1.2` are completed; anything else is `0.0.0-<text>`. */
export function packageVersion(version: string): string {
  const v = version.trim().replace(/^v(?=\d)/, '');
  if (SEMVER.test(v)) return v;
  if (/^\d+$/.test(v)) return `${v}.0.0`;
  if (/^\d+\.\d+$/.test(v)) return `${v}.0`;
  const tag = v.replace(/[^0-9A-Za-z.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return tag ? `0.0.0-${tag}` : '0.0.0';
}
