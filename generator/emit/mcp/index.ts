/**
 * The bindings' MCP server (`./mcp` and the `<package>-mcp` command): every operation as a tool
 * of the Model Context Protocol, calling the API through the generated client. Three files:
 * `mcp-tools.json` (the tool table: names, descriptions, schemas and the facts
 * model/agent-tools.ts decided), `mcp.ts` (the entry: the runtime's server bound to the table
 * and `createApiClient`) and `mcp-server.js` (the command). The behaviour is runtime/mcp/'s.
 *
 * Facts it would declare to the run: reads the whole model (descriptions are tool
 * descriptions); imports the client's and the runtime's output.
 */
import { agentFacts, type AgentFacts } from '../../model/agent-tools.js';
import type { ApiModel } from '../../model/types.js';
import { banner, literal, toolText } from '../../common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from '../emitter.js';
import { toolDescription } from './describe.js';
import { toolSchemas, type ObjectSchema } from './schemas.js';
import { packageName } from '../../model/artifact-names.js';

/**
 * The entry's own URL, spelled so that the CLI bundle's rewrite of this source's `import.meta`
 * URL (bin/build.js) leaves the generated text alone.
 */
const IMPORT_META_URL = ['import', 'meta', 'url'].join('.');

export const mcpEmitter: Emitter = {
  name: 'mcp',
  root: 'code',
  needs: ['client'],
  schedule: { loadsTypeScript: true },
  async emit(ctx: EmitContext): Promise<GeneratedFile[]> {
    const facts = agentFacts(ctx.model);
    const table = toolTable(ctx.model, facts, await schemaPart(ctx, facts));
    return [
      {
        path: 'mcp-tools.json',
        contents: JSON.stringify({ '//': jsonBanner(ctx), ...table }) + '\n',
      },
      { path: 'mcp.ts', contents: entry(ctx) },
      { path: 'mcp-server.js', contents: command(ctx) },
    ];
  },
};

/** The banner as a JSON file holds it: a `//` key (as npm keeps one in package.json). */
function jsonBanner(ctx: EmitContext): string {
  return banner(ctx.model.sourceFile, ctx.command).slice(3).trimEnd();
}

/**
 * The table's schemas: each tool's input and output schema (null: none) and the `$defs` they
 * reach. The costly part of the table (the contract's schemas converted, each result's size
 * bounded) and none of it shows an operation's own description.
 */
export interface SchemaPart {
  inputs: ObjectSchema[];
  outputs: (ObjectSchema | null)[];
  defs: Record<string, unknown>;
}

function toolSchemaPart(model: ApiModel, facts: AgentFacts): SchemaPart {
  const schemas = toolSchemas(model);
  const bounded = boundedOutputs(schemas.defs);
  const inputs = model.operations.map((op, i) => schemas.input(op, facts.tools[i]));
  const outputs = model.operations.map((op) => bounded(schemas.output(op)) ?? null);
  return { inputs, outputs, defs: reachable(schemas.defs, [inputs, outputs]) };
}

/**
 * With a cache, the schema part is kept under the model without operations' own descriptions
 * (model/digest.ts), so a description edit reuses it and only the tools' words are made again:
 * JSON text, which gives the same table text as the objects it was made from.
 */
async function schemaPart(ctx: EmitContext, facts: AgentFacts): Promise<SchemaPart> {
  if (!ctx.memo || !ctx.slices) return toolSchemaPart(ctx.model, facts);
  let made: SchemaPart | undefined;
  const text = await ctx.memo(
    'tool-schemas-by-operation-descriptions',
    ctx.slices.withoutOperationDescriptions,
    async () => JSON.stringify((made = toolSchemaPart(ctx.model, facts))),
  );
  return made ?? (JSON.parse(text) as SchemaPart);
}

/** The tool table; `facts` and `part` are the emit's own, worked out once (defaults: afresh). */
export function toolTable(
  model: ApiModel,
  facts: AgentFacts = agentFacts(model),
  part: SchemaPart = toolSchemaPart(model, facts),
) {
  const tools = model.operations.map((op, i) => {
    const tool = facts.tools[i];
    const output = part.outputs[i];
    return {
      name: tool.name,
      operationId: op.id,
      method: tool.method,
      ...(op.summary ? { title: toolText(op.summary, 200) } : {}),
      description: toolDescription(model, op, tool),
      effect: tool.effect,
      ...(tool.because ? { because: tool.because } : {}),
      idempotent: tool.idempotent,
      ...(op.lifecycle.deprecated ? { deprecated: true } : {}),
      tags: op.tags,
      route: `${op.method.toUpperCase()} ${op.path}`,
      inputSchema: part.inputs[i],
      ...(output ? { outputSchema: output } : {}),
      secretInputs: tool.secretInputs,
      secretOutputs: tool.secretOutputs,
    };
  });
  const { info } = model;
  const server = model.servers[0]?.url;
  const name = packageName(info.title);
  return {
    server: { name, title: toolText(info.title, 200), version: info.version },
    command: `${name}-mcp`,
    instructions: instructions(model),
    ...(server && /^https?:\/\//.test(server) ? { baseUrl: server } : {}),
    baseUrlEnv: facts.baseUrlEnv,
    credentials: facts.credentials,
    tools,
    defs: part.defs,
  };
}

function instructions(model: ApiModel): string {
  const { info } = model;
  const about = info.summary ?? info.description ?? '';
  return toolText(
    [
      `${info.title} ${info.version}. ${about}`.trim(),
      'Each tool is one operation of the API, called with the credentials the server was started with. An API error comes back as a tool error starting with its code.',
    ].join('\n\n'),
    2000,
  );
}

/**
 * Above this many characters with its `$defs`, a result's schema is left out (the result is
 * still given as JSON text): a client compiles every tool's output schema when it lists the
 * tools, and Stripe's biggest (whole object graphs) made the SDK's client take minutes.
 */
const OUTPUT_SCHEMA_MAX = 32_000;

/**
 * A result's schema, or undefined when it is over OUTPUT_SCHEMA_MAX with the defs it reaches.
 * Each def's size and references are found once per table, not once per result that reaches it
 * (Stripe's results reach the same large object graphs again and again).
 */
function boundedOutputs(defs: Record<string, unknown>) {
  const known = new Map<string, { size: number; refs: string[] }>();
  const measure = (name: string) => {
    let m = known.get(name);
    if (!m)
      known.set(name, (m = { size: JSON.stringify(defs[name]).length, refs: refs(defs[name]) }));
    return m;
  };
  return <T extends object>(schema: T | undefined): T | undefined => {
    if (!schema) return undefined;
    let size = JSON.stringify(schema).length;
    const seen = new Set<string>();
    const pending = refs(schema);
    for (let i = 0; i < pending.length && size <= OUTPUT_SCHEMA_MAX; i++) {
      const name = pending[i];
      if (seen.has(name) || !Object.hasOwn(defs, name)) continue;
      seen.add(name);
      const m = measure(name);
      size += m.size;
      pending.push(...m.refs);
    }
    return size <= OUTPUT_SCHEMA_MAX ? schema : undefined;
  };
}

/** Only the defs some tool's schema reaches. */
function reachable(defs: Record<string, unknown>, tools: object[]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const pending = refs(tools);
  for (let i = 0; i < pending.length; i++) {
    const name = pending[i];
    if (Object.hasOwn(kept, name) || !Object.hasOwn(defs, name)) continue;
    kept[name] = defs[name];
    pending.push(...refs(defs[name]));
  }
  return Object.fromEntries(
    Object.keys(kept)
      .sort()
      .map((k) => [k, kept[k]]),
  );
}

function refs(node: unknown): string[] {
  const out: string[] = [];
  JSON.stringify(node, (key, value: unknown) => {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/'))
      out.push(value.slice('#/$defs/'.length));
    return value;
  });
  return out;
}

function entry(ctx: EmitContext): string {
  const rt = ctx.runtimeImport;
  return [
    banner(ctx.model.sourceFile, ctx.command).trimEnd(),
    `import { readFileSync } from 'node:fs';`,
    `import { createApiClient } from './client.js';`,
    `import type { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
    `import { createMcpServer as createServer, runMcpCli as runCli, type CliIo, type McpServerOptions, type McpTable, type ToolClient } from ${literal(`${rt}/mcp/index.js`)};`,
    '',
    `export { serveHttp, type HttpEndpoint, type McpServerOptions, type McpTable, type McpToolInfo } from ${literal(`${rt}/mcp/index.js`)};`,
    '',
    `/** Every operation as a tool, with the facts the server gates them by (mcp-tools.json). */`,
    `export const mcpTable: McpTable = JSON.parse(readFileSync(new URL('./mcp-tools.json', ${IMPORT_META_URL}), 'utf8')) as McpTable;`,
    '',
    `/**`,
    ` * An MCP server (the official SDK's \`Server\`) whose tools call \`api\`, a client made with`,
    ` * \`createApiClient\`: reads only unless \`allowWrites\` (and \`allowDestructive\`) say otherwise.`,
    ` *`,
    ` * @example`,
    ` * const server = createMcpServer(createApiClient({ baseUrl, email, apiKey }), { allowWrites: true });`,
    ` * await server.connect(new StdioServerTransport());`,
    ` */`,
    `export function createMcpServer(api: ReturnType<typeof createApiClient>, options: McpServerOptions = {}): Server {`,
    `  return createServer(mcpTable, api as unknown as ToolClient, options);`,
    `}`,
    '',
    `/** The \`mcp-server.js\` command: \`argv\` as \`process.argv.slice(2)\`; resolves to its exit code. */`,
    `export function runMcpCli(argv: string[] = process.argv.slice(2), io?: CliIo): Promise<number> {`,
    `  return runCli(mcpTable, (options) => createApiClient(options as Parameters<typeof createApiClient>[0]) as unknown as ToolClient, argv, io);`,
    `}`,
    '',
  ].join('\n');
}

function command(ctx: EmitContext): string {
  return [
    '#!/usr/bin/env node',
    banner(ctx.model.sourceFile, ctx.command).trimEnd(),
    `import { runMcpCli } from './mcp.js';`,
    '',
    'const code = await runMcpCli();',
    'if (code !== 0) process.exitCode = code;',
    '',
  ].join('\n');
}
