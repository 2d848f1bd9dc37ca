/**
 * generated/msw.ts: MSW (2.x) handlers for every operation, answering from the contract's
 * examples through the one request pipeline (runtime/msw.ts), plus typed one-operation
 * overrides. Spec-agnostic: the example table is built from the model only, with the statuses
 * the Prism mock serves them with (prism.ts `exampleStatuses`: `default` examples as 400).
 */
import { isJsonMediaType } from '../model/media.js';
import type { ApiModel, JsonSchema, Operation } from '../model/types.js';
import { jsonSchemaSource } from '../model/views/json-schema.js';
import { buildJsonSchemaRoot, defKey } from '../schema/json-schema.js';
import { stripAnnotations } from '../schema/strip-annotations.js';
import { banner, literal, propertyKey } from '../common/source.js';
import type { EmitContext, Emitter, GeneratedFile } from './emitter.js';
import { exampleStatuses } from '../model/views/prism.js';
import { operationModule } from '../model/artifact-names.js';

export const mswEmitter: Emitter = {
  name: 'msw',
  root: 'code',
  needs: ['types', 'operations', 'validators', 'server'],
  reads: 'withoutOperationDescriptions',
  schedule: { rank: 4, loadsTypeScript: true },
  emit(ctx: EmitContext): GeneratedFile[] {
    return [
      { path: 'msw.ts', contents: emitMsw(ctx) },
      { path: 'msw-tldts.ts', contents: emitTldtsAlias(ctx) },
      { path: 'msw-fake.ts', contents: emitFakeTable(ctx) },
    ];
  },
};

/** The operation's JSON examples, each once, with the status the mock serves it with. */
export function exampleAnswers(op: Operation): { name: string; status: number; body: unknown }[] {
  const statuses = exampleStatuses(op.responses);
  // Explicit statuses before ranges and `default`, as exampleStatuses ranks them.
  const responses = [...op.responses].sort(
    (a, b) => Number(!/^\d{3}$/.test(a.status)) - Number(!/^\d{3}$/.test(b.status)),
  );
  const out: { name: string; status: number; body: unknown }[] = [];
  for (const response of responses)
    for (const media of response.mediaTypes) {
      if (!/json/i.test(media.type)) continue;
      for (const example of media.examples) {
        const status = statuses[example.name];
        if (status === undefined || out.some((a) => a.name === example.name)) continue;
        out.push({ name: example.name, status, body: example.value });
      }
    }
  return out;
}

export function emitMsw(ctx: EmitContext): string {
  const runtime = literal(`${ctx.runtimeImport}/msw.js`);
  const table = ctx.model.operations.map(
    (op) => `  ${propertyKey(op.id)}: ${literal(exampleAnswers(op))},`,
  );
  // The validators emitter's module of each operation (the same names: one function decides them).
  const loaders = ctx.model.operations.map(
    (op) =>
      `  ${propertyKey(op.id)}: () => import(${literal(`./validators/${operationModule(op)}.js`)}),`,
  );
  return [
    banner(ctx.model.sourceFile, ctx.command).trimEnd(),
    `import { authSchemes, basePath, levels, operations, refusals } from './operations.js';`,
    `import type { Handlers } from './server.js';`,
    `import { exampleHandlers, implementationHandlers, overrideHandler, type ExampleAnswer, type HttpHandler, type MswApi, type MswOptions, type ValidatorLoaders } from ${runtime};`,
    '',
    `export type { MswOptions } from ${runtime};`,
    '',
    `/**`,
    ` * Each operation's validators, imported on its first request: a bundler that splits code makes`,
    ` * each a chunk, so a page downloads the checks of the operations it calls.`,
    ` */`,
    `const validators: ValidatorLoaders = {`,
    ...loaders,
    `};`,
    '',
    `/** The API as the MSW handlers serve it: operation table, security schemes, refusal shape, validators, base path, levels. */`,
    `export const api: MswApi = { operations, authSchemes, refusals, validators, basePath, levels, fake: () => import('./msw-fake.js') };`,
    '',
    `/** Each operation's examples with the status they are served with (\`Prefer: example=NAME\` / \`code=N\`). */`,
    `export const examples: Readonly<Record<keyof typeof operations, readonly ExampleAnswer[]>> = {`,
    ...table,
    `};`,
    '',
    `/** Handlers answering every operation from the examples, under \`baseUrl\` or any origin. */`,
    `export function createExampleHandlers(options: MswOptions = {}): HttpHandler[] {`,
    `  return exampleHandlers(api, examples, options);`,
    `}`,
    '',
    `/** The example handlers under any origin: \`setupServer(...handlers)\` / \`setupWorker(...handlers)\`. */`,
    `export const handlers: HttpHandler[] = /* @__PURE__ */ createExampleHandlers();`,
    '',
    `/** Handlers serving a real implementation of \`Handlers\` through the same pipeline. */`,
    `export function createImplementationHandlers<User>(server: Omit<Parameters<typeof implementationHandlers<User>>[1], 'handlers'> & { handlers: Handlers<User> }, options: MswOptions = {}): HttpHandler[] {`,
    `  return implementationHandlers<User>(api, server as unknown as Parameters<typeof implementationHandlers<User>>[1], options);`,
    `}`,
    '',
    `/** What an override answers: one of the operation's documented responses, errors included. */`,
    `export type OverrideResult<K extends keyof Handlers> = Awaited<ReturnType<Handlers[K]>>;`,
    '',
    `/**`,
    ` * One operation answered by \`answer\` for one test (\`server.use(override(...))\`): parameters`,
    ` * decoded and validated as always, the result typed as the operation's documented responses.`,
    ` */`,
    `export function override<K extends keyof Handlers>(operationId: K, answer: (call: { params: Parameters<Handlers[K]>[0]; request: Request }) => OverrideResult<K> | Promise<OverrideResult<K>>, options: MswOptions = {}): HttpHandler {`,
    `  return overrideHandler(api, operationId, answer as unknown as Parameters<typeof overrideHandler>[2], options);`,
    `}`,
    '',
  ].join('\n');
}

/**
 * `msw-tldts.ts`: an alias target for `tldts` in a page's bundle (runtime/msw-tldts.ts says why
 * and what changes), as a module of the bindings so that the packaged ones export it.
 */
export function emitTldtsAlias(ctx: EmitContext): string {
  return [
    banner(ctx.model.sourceFile, ctx.command).trimEnd(),
    `// A page's bundler may alias \`tldts\` to this module (e.g. esbuild \`alias: { tldts: '<bindings>/msw-tldts' }\`):`,
    `// msw's cookie store then needs no Public Suffix List. See ${ctx.runtimeImport}/msw-tldts.js.`,
    `export { getDomain } from ${literal(`${ctx.runtimeImport}/msw-tldts.js`)};`,
    '',
  ].join('\n');
}

/**
 * The schemas fake data is made from: each operation's JSON response bodies (by documented
 * status), converted as the validators convert them (generator/schema/), annotations left out.
 */
export function fakeTable(model: ApiModel): {
  defs: Record<string, JsonSchema>;
  responses: Record<string, [string, string][]>;
} {
  const responses: Record<string, [string, string][]> = {};
  const sites = new Map<string, { key: string; pointer: string }>();
  for (const op of model.operations) {
    const list: [string, string][] = [];
    for (const response of op.responses) {
      const media = response.representative;
      const pointer = media && isJsonMediaType(media.type) ? media.schemaPointer : undefined;
      if (!pointer) continue;
      const status = response.status === 'default' ? 'default' : response.status.toUpperCase();
      const key = defKey(pointer);
      list.push([status, key]);
      if (!sites.has(key)) sites.set(key, { key, pointer });
    }
    responses[op.id] = list;
  }
  const { root } = buildJsonSchemaRoot(jsonSchemaSource(model), [...sites.values()], model.dialect);
  const defs = Object.fromEntries(
    Object.entries(root.$defs).map(([key, schema]) => [key, stripAnnotations(schema)]),
  );
  return { defs, responses };
}

/** `msw-fake.ts`: the fake-data table and its one function, a module loaded only when an answer is made up. */
export function emitFakeTable(ctx: EmitContext): string {
  const runtime = literal(`${ctx.runtimeImport}/msw-fake.js`);
  const table = fakeTable(ctx.model);
  return [
    banner(ctx.model.sourceFile, ctx.command).trimEnd(),
    `import { fakeAnswer as fakeFrom, type FakeTable } from ${runtime};`,
    '',
    `/**`,
    ` * Response schemas by \`$defs\` key, and each operation's JSON bodies by documented status. JSON`,
    ` * text: parsed faster than an object literal, and no work for the type checker on large contracts.`,
    ` */`,
    `export const table: FakeTable = JSON.parse(${singleQuoted(JSON.stringify(table))});`,
    '',
    `/** An answer made up from the operation's schema for \`status\` (default: its lowest success status), the same for the same seed. */`,
    `export function fakeAnswer(operationId: string, status: number | undefined, seed: string): { status: number; body: unknown } | undefined {`,
    `  return fakeFrom(table, operationId, status, seed);`,
    `}`,
    '',
  ].join('\n');
}

/** JSON text as a single-quoted JavaScript string (JSON's own double quotes left as they are). */
function singleQuoted(text: string): string {
  const body = text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `'${body}'`;
}
