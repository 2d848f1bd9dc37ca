// ESLint flat config: typescript-eslint's recommended rules plus the import rules that hold the
// layers (README, "What is where"). Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layer rules: what a folder may not import, and why. ESLint keeps only the last matching
 * options of a rule, so each folder's entry lists every pattern that applies to it.
 */
const rawDocument = {
  // load/index.ts is the loader's front door (load, validate, place problems); its files are not.
  group: [
    '**/generator/load/**',
    '../load/**',
    './load/**',
    '!**/generator/load/index.js',
    '!../load/index.js',
    '!./load/index.js',
  ],
  message: 'the raw document is opaque outside generator/load and generator/model: read the model.',
};
const rawDocumentType = {
  group: ['**/model/document*', 'openapi-types'],
  message:
    'the raw document is an opaque type (model/document.ts) that only generator/load and generator/model open: read the model, or a view from model/views.',
};
const nameDecision = {
  group: ['**/source.js', '../source*', './source*'],
  importNames: ['toIdentifier'],
  message:
    'generated names are chosen once, in generator/model/names.ts: read them from the model (op.names, schema.guardStem).',
};
const toolkitFromRuntime = {
  group: ['**/generator/**', '**/mock/**', '**/contract-runner/**', '**/bench/**', '**/test/**'],
  message:
    'runtime/ is copied into generated bindings and runs in apps: it imports nothing from the toolkit.',
};
const outsideEmitter = {
  group: [
    '**/mock/**',
    '**/contract-runner/**',
    '../cli*',
    '../../cli*',
    '../../generator/cli*',
    ...['write', 'run', 'threads', 'cache', 'commands'].flatMap((f) => [
      `../${f}/**`,
      `../../${f}/**`,
    ]),
  ],
  message:
    'an emitter is model in, files out: no CLI, run, thread, cache, writer, mock or runner (the orchestrator calls those).',
};
/**
 * Emitters import model/, not each other: each family of files below generator/emit/ may import
 * its own files, emitter.ts, operation-words.ts (the cached text with operations' words as
 * tokens, which the prism and contract emitters share) and the shared layers, never another
 * family's. (index.ts, the list of emitters, imports them all.)
 */
const emitterFamilies = {
  types: ['types', 'types-pieces'],
  operations: ['operations'],
  client: ['client', 'client-docs', 'client-paging'],
  query: ['query/**'],
  msw: ['msw'],
  package: ['package', 'package-readme', 'package-readme-client', 'package-readme-tools'],
  mcp: ['mcp/**'],
  server: ['server'],
  prism: ['prism'],
  validators: ['validators', 'validator-targets', 'validators-api'],
  docs: ['docs', 'docs/**'],
  contract: ['contract/**'],
};
const familyFiles = (name) =>
  emitterFamilies[name].map((f) =>
    f.endsWith('/**') ? `generator/emit/${f}` : `generator/emit/${f}.ts`,
  );
const otherEmitters = (name) => ({
  group: Object.entries(emitterFamilies)
    .filter(([other]) => other !== name)
    .flatMap(([, files]) =>
      files.flatMap((f) =>
        f.endsWith('/**')
          ? [`./${f}`, `../${f}`]
          : [`./${f}.js`, `../${f}.js`, `./${f}/*`, `../${f}/*`],
      ),
    ),
  message: `emitters import model/, not each other: the ${name} emitter may not import another emitter's files (move what both need into generator/model/).`,
});

/**
 * The floors of generator/, from the bottom: common/ (pointers, escaping, errors, usage lines,
 * the generated file's shape), model/ (the one reading of the document), schema/ (JSON Schema
 * from the model), load/ (reads, checks and builds the model), cache/ (outputs kept between
 * runs), compile/ (the package's TypeScript), emit/ (the artifacts), write/, threads/ (the
 * second thread and the memory policy), run/ (the sequence), diff/ and lint/ (subcommands of
 * their own), commands/, and the entry points (cli.ts, lint-cli.ts). A floor imports only
 * floors below it.
 */
const above = (floors) => ({
  group: floors.flatMap((f) => [`../${f}/**`, `../../${f}/**`, `../${f}.js`, `../../${f}.js`]),
  message:
    'an arrow back up: a floor of generator/ imports only the floors below it (eslint.config.js, "The floors").',
});
const FLOORS = [
  'common',
  'model',
  'schema',
  'load',
  'cache',
  'compile',
  'emit',
  'write',
  'threads',
  'run',
  'diff',
  'lint',
  'commands',
  'cli',
];
const floorsAbove = (floor) => FLOORS.slice(FLOORS.indexOf(floor) + 1);

const nodeFromCore = {
  group: ['node:*'],
  message:
    'the request pipeline and the wire model run in browsers, MSW handlers and service workers: no node: imports (node:http lives in runtime/server-http.ts and server-node.ts).',
};
/** The transport-free core of the servers (runtime/pipeline.ts) and everything it imports. */
const transportFree = [
  'runtime/pipeline*.ts',
  'runtime/server-fetch.ts',
  'runtime/msw.ts',
  'runtime/server-handlers.ts',
  'runtime/server-router.ts',
  'runtime/server-results.ts',
  'runtime/operation-info.ts',
  'runtime/feature-levels.ts',
  'runtime/wire.ts',
  'runtime/wire/**/*.ts',
];
const layers = [
  {
    // Everyone but the loader, the model, the CLIs that call them, and tests/benches.
    files: ['**/*.ts'],
    ignores: [
      'generator/load/**',
      'generator/model/**',
      'generator/lint/**',
      'test/**',
      'bench/**',
    ],
    patterns: [rawDocument, rawDocumentType, nameDecision],
  },
  { files: ['runtime/**/*.ts'], patterns: [toolkitFromRuntime, rawDocument, rawDocumentType] },
  {
    files: transportFree,
    patterns: [toolkitFromRuntime, rawDocument, rawDocumentType, nodeFromCore],
  },
  {
    files: ['generator/emit/**/*.ts'],
    patterns: [
      outsideEmitter,
      rawDocument,
      rawDocumentType,
      nameDecision,
      above(floorsAbove('emit')),
    ],
  },
  {
    files: ['generator/common/**/*.ts'],
    patterns: [rawDocument, rawDocumentType, above(floorsAbove('common'))],
  },
  // load/ and model/ read the raw document; model/ imports neither schema/ nor load/
  { files: ['generator/load/**/*.ts'], patterns: [above(floorsAbove('load'))] },
  { files: ['generator/model/**/*.ts'], patterns: [above(floorsAbove('model'))] },
  // every other floor, but emit/ (its families' rules below carry its floor too); each keeps
  // the first entry's patterns, which its own entry replaces (lint/ reads the raw document)
  ...['cache', 'compile', 'write', 'threads', 'run', 'diff', 'lint', 'commands'].map((floor) => ({
    files: [`generator/${floor}/**/*.ts`],
    patterns: [
      ...(floor === 'lint' ? [] : [rawDocument, rawDocumentType, nameDecision]),
      above(floorsAbove(floor)),
    ],
  })),
  {
    files: ['generator/schema/**/*.ts'],
    patterns: [rawDocument, rawDocumentType, nameDecision, above(floorsAbove('schema'))],
  },
  // The package (its manifest and README) describes every artifact, as index.ts lists them: it
  // may read the others' exported facts; no other emitter may import it.
  ...Object.keys(emitterFamilies).map((name) => ({
    files: familyFiles(name),
    patterns: [
      outsideEmitter,
      rawDocument,
      rawDocumentType,
      nameDecision,
      above(floorsAbove('emit')),
      ...(name === 'package' ? [] : [otherEmitters(name)]),
    ],
  })),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'build/',
      'generated/',
      'docs/',
      'test/fixtures/',
      'test-artifacts/',
      'bench/.tmp/',
      'bench/results/',
      'generator/templates/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
      // Generic defaults such as `P extends object = {}` are deliberate in the runtime's types.
      '@typescript-eslint/no-empty-object-type': ['error', { allowObjectTypes: 'always' }],
    },
  },
  ...layers.map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  {
    // Small files, short functions (issue 29): a function of the toolkit fits on a screen or
    // two, a file is one concern. Counted as written, comments and blank lines included.
    files: ['generator/**/*.ts', 'runtime/**/*.ts', 'mock/**/*.ts', 'contract-runner/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false }],
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // The opaque document travels only inside model/: an emitter or the runner that reaches for
    // `model.document` is deciding from the raw contract again. Look it up through the model
    // (model/lookup.ts, model/views/) instead.
    files: ['generator/emit/**/*.ts', 'contract-runner/**/*.ts', 'mock/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='document'][object.name=/^(model|ctx)$/]",
          message:
            'the raw document stays in generator/model: use model/lookup.ts or a model/views view.',
        },
        {
          selector: "MemberExpression[property.name='document'][object.property.name='model']",
          message:
            'the raw document stays in generator/model: use model/lookup.ts or a model/views view.',
        },
      ],
    },
  },
);
