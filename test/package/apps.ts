/**
 * The sample apps installed in the workspace: the same round trip (send a channel message to the
 * stateful mock, read it back through a channel + topic narrow, check the answer with the
 * validators) as TypeScript under NodeNext, TypeScript under Bundler, plain JavaScript and a
 * browser page. Each takes the mock's URL and credentials from its environment (the page from
 * its URL) and prints one JSON line.
 */

/** The round trip, in TypeScript; `typed` false strips it to JavaScript. */
function roundTrip(pkg: string, typed: boolean): string {
  const t = (text: string) => (typed ? text : '');
  return `
import { createApiClient, paginate, retryPolicy${t(', type ApiClient')} } from '${pkg}';
import { validateResponse } from '${pkg}/validators';
${t(`import type { components } from '${pkg}/types';`)}

export async function roundTrip(baseUrl${t(': string')}, email${t(': string')}, apiKey${t(': string')}, app${t(': string')}) {
  const api${t(': ApiClient')} = createApiClient({
    baseUrl, email, apiKey, onNotice: () => {}, onIgnoredParameters: () => {}, retry: retryPolicy(),
  });
  const topic = 'packaging ' + app;
  const content = 'sent by the ' + app + ' app at ' + Date.now();
  const sent = await api.sendMessage({ type: 'channel', to: 'general', topic, content });
  if (sent.error) throw new Error('sendMessage: ' + sent.error.kind + ' ' + JSON.stringify(sent.error));
  const read = await api.getMessages({
    anchor: 'newest', num_before: 10, num_after: 0, apply_markdown: false,
    narrow: [{ operator: 'channel', operand: 'general' }, { operator: 'topic', operand: topic }],
  });
  if (read.error) throw new Error('getMessages: ' + JSON.stringify(read.error));
  const found${t(": components['schemas']['Message'] | undefined")} = read.data.messages.find((m) => m.id === sent.data.id);
  let paged = 0;
  for await (const m of paginate(api, 'getMessages', { narrow: [{ operator: 'topic', operand: topic }] }, { pageSize: 1 }).items())
    if (m.id === sent.data.id) paged++;
  return {
    app,
    sentId: sent.data.id,
    readBack: found ? found.content : null,
    expected: content,
    messagesInNarrow: read.data.messages.length,
    valid: validateResponse('getMessages', 200, read.data).valid,
    paged,
  };
}
`;
}

/** What compiles only when the server stubs' types reach the app: a handler with a typed user. */
function serverUse(pkg: string): string {
  return `
import { notImplemented, type HandlerOf } from '${pkg}/server';

interface AppUser { email: string; admin: boolean }
export const getMessages: HandlerOf<'getMessages', AppUser> = async (params, context) => {
  const who: string | undefined = context.user?.email;
  void who;
  void params.anchor;
  return notImplemented('getMessages');
};
`;
}

const nodeMain = (from: string) => `
import { roundTrip } from '${from}';
const { BASE_URL, EMAIL, API_KEY, APP } = process.env;
console.log(JSON.stringify(await roundTrip(BASE_URL!, EMAIL!, API_KEY!, APP!)));
`;

/** A planted type error: a message's content is a string, never a number. */
const planted = (pkg: string) => `
import { createApiClient } from '${pkg}';
const api = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
export const wrong = api.sendMessage({ type: 'channel', to: 'general', topic: 't', content: 42 });
`;

const strict = {
  target: 'ES2022',
  strict: true,
  // The bindings' .d.ts are checked too, not skipped.
  skipLibCheck: false,
  types: ['node'],
  lib: ['ES2023', 'DOM'],
};

export function nodeNextApp(pkg: string): Record<string, string> {
  return {
    'package.json': JSON.stringify({ type: 'module' }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        ...strict,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        outDir: 'dist',
        rootDir: 'src',
      },
      include: ['src'],
    }),
    // One compile checks both: the app (no error may be reported in src/) and the planted
    // error (which must be); tsc still emits dist/src/, which then runs.
    'tsconfig.planted.json': JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { rootDir: '.' },
      include: ['src', 'planted'],
    }),
    'src/round-trip.ts': roundTrip(pkg, true),
    'src/handlers.ts': serverUse(pkg),
    'src/main.ts': nodeMain('./round-trip.js'),
    'planted/planted.ts': planted(pkg),
  };
}

export function bundlerApp(pkg: string): Record<string, string> {
  return {
    'package.json': JSON.stringify({ type: 'module' }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: { ...strict, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
      include: ['src'],
    }),
    'tsconfig.planted.json': JSON.stringify({
      extends: './tsconfig.json',
      include: ['src', 'planted'],
    }),
    'src/round-trip.ts': roundTrip(pkg, true),
    'src/handlers.ts': serverUse(pkg),
    // Bundler resolution: imports without extensions, as bundler-based apps write them.
    'src/main.ts': nodeMain('./round-trip'),
    'planted/planted.ts': planted(pkg),
  };
}

export function plainJsApp(pkg: string): Record<string, string> {
  return {
    'package.json': JSON.stringify({ type: 'module' }),
    'round-trip.js': roundTrip(pkg, false),
    'main.js': nodeMain('./round-trip.js').replace(/!/g, ''),
  };
}

/** A page that runs the round trip against the mock named in its URL (`#base=…&email=…&key=…`). */
export function browserApp(pkg: string): Record<string, string> {
  return {
    'round-trip.js': roundTrip(pkg, false),
    'page.js': `
import { roundTrip } from './round-trip.js';
const hash = new URLSearchParams(location.hash.slice(1));
roundTrip(hash.get('base'), hash.get('email'), hash.get('key'), 'browser').then(
  (result) => { window.__result = result; },
  (error) => { window.__result = { error: String(error && error.message || error) }; },
);
`,
    'site/index.html':
      '<!doctype html><html><head><meta charset="utf-8"><title>bindings in a page</title>' +
      '<script type="module" src="page.js"></script></head><body></body></html>',
  };
}

/** The client alone, as an app's bundle would take it: for the size figure. */
export function clientOnly(pkg: string): Record<string, string> {
  return { 'client-only.js': `export { createApiClient } from '${pkg}';\n` };
}

/** An app compiling what `npx tms-gen --out src/api` wrote, strictly, and importing it. */
export function generatedFolderApp(): Record<string, string> {
  return {
    'package.json': JSON.stringify({ type: 'module' }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        ...strict,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        noEmit: true,
      },
      include: ['src'],
    }),
    'src/main.ts': `
import { createApiClient, type ApiClient } from './api/client.js';
import * as validators from './api/validators.js';
export const api: ApiClient = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
export const count: number = Object.keys(validators).length;
`,
  };
}
