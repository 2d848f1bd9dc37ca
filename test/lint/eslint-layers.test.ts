/**
 * The layer rules of eslint.config.js, each tripped by a planted import and each left quiet by the
 * import that the layer does allow. Linted as text at a path inside the tree, so no fixture file
 * sits where the real linter would pick it up.
 */
import { ESLint } from 'eslint';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: { file: string; code: string; refused: boolean; why: string }[] = [
  {
    file: 'runtime/planted.ts',
    code: "import { loadContract } from '../generator/load.js';\nexport const x = loadContract;\n",
    refused: true,
    why: 'runtime/ imports nothing from the generator',
  },
  {
    file: 'runtime/planted.ts',
    code: "import { createStatefulMock } from '../mock/stateful/index.js';\nexport const x = createStatefulMock;\n",
    refused: true,
    why: 'runtime/ imports nothing from the mocks',
  },
  {
    file: 'runtime/planted.ts',
    code: "import { runContract } from '../contract-runner/run.js';\nexport const x = runContract;\n",
    refused: true,
    why: 'runtime/ imports nothing from the runner',
  },
  {
    file: 'runtime/planted.ts',
    code: "import { encodeRequest } from './wire.js';\nexport const x = encodeRequest;\n",
    refused: false,
    why: 'runtime/ may import runtime/',
  },
  {
    file: 'runtime/pipeline-planted.ts',
    code: "import { createServer } from 'node:http';\nexport const x = createServer;\n",
    refused: true,
    why: 'the request pipeline runs in browsers: no node: imports',
  },
  {
    file: 'runtime/wire/planted.ts',
    code: "import { Buffer } from 'node:buffer';\nexport const x = Buffer;\n",
    refused: true,
    why: 'the wire model runs in browsers: no node: imports',
  },
  {
    file: 'runtime/server-planted.ts',
    code: "import { createServer } from 'node:http';\nexport const x = createServer;\n",
    refused: false,
    why: 'the node:http face of the servers may import node:',
  },
  {
    file: 'generator/emit/planted.ts',
    code: "import { bundle } from '../load/bundle.js';\nexport const x = bundle;\n",
    refused: true,
    why: 'emitters never read the raw document',
  },
  {
    file: 'contract-runner/planted.ts',
    code: "import { bundle } from '../generator/load/bundle.js';\nexport const x = bundle;\n",
    refused: true,
    why: 'the runner never reads the raw document',
  },
  {
    file: 'generator/model/planted.ts',
    code: "import type { OpenApiDocument } from './document.js';\nexport type X = OpenApiDocument;\n",
    refused: false,
    why: 'model/ is where the raw document is read',
  },
  {
    file: 'generator/model/planted.ts',
    code: "import { bundle } from '../load/bundle.js';\nexport const x = bundle;\n",
    refused: true,
    why: 'model/ does not import load/ (load/ builds the model: a loop)',
  },
  {
    file: 'generator/emit/planted.ts',
    code: "import { outputSink } from '../write/index.js';\nexport const x = outputSink;\n",
    refused: true,
    why: 'an emitter is model in, files out',
  },
  {
    file: 'generator/emit/planted.ts',
    code: "import { serve } from '../../mock/prism/start.js';\nexport const x = serve;\n",
    refused: true,
    why: 'an emitter does not import the mocks',
  },
  {
    file: 'generator/emit/planted.ts',
    code: "import type { OpaqueDocument } from '../model/types.js';\nexport type X = OpaqueDocument;\n",
    refused: false,
    why: 'emitters import the model',
  },
  {
    file: 'generator/emit/docs/planted.ts',
    code: "import { openDocument } from '../../model/document.js';\nexport const x = openDocument;\n",
    refused: true,
    why: 'the raw document type is opened only in model/ and load/ (docs)',
  },
  {
    file: 'contract-runner/planted.ts',
    code: "import type { OpenAPIV3 } from 'openapi-types';\nexport type X = OpenAPIV3.Document;\n",
    refused: true,
    why: 'the OpenAPI document types are for model/ and load/ only (runner)',
  },
  {
    file: 'mock/prism/planted.ts',
    code: "import type { OpenApiDocument } from '../../generator/model/document.js';\nexport type X = OpenApiDocument;\n",
    refused: true,
    why: 'the raw document type is opened only in model/ and load/ (mock)',
  },
  {
    file: 'generator/load/planted.ts',
    code: "import type { OpenApiDocument } from '../model/document.js';\nexport type X = OpenApiDocument;\n",
    refused: false,
    why: 'load/ produces the typed document',
  },
  {
    file: 'generator/emit/docs/index.ts',
    code: "import { clientEmitter } from '../client.js';\nexport const x = clientEmitter;\n",
    refused: true,
    why: 'emitters do not import each other (docs → client)',
  },
  {
    file: 'generator/emit/docs/planted.ts',
    code: "import { operationsEmitter } from '../operations.js';\nexport const x = operationsEmitter;\n",
    refused: true,
    why: 'emitters do not import each other (docs/ → operations)',
  },
  {
    file: 'generator/emit/server.ts',
    code: "import { collectValidatorTargets } from './validator-targets.js';\nexport const x = collectValidatorTargets;\n",
    refused: true,
    why: 'emitters do not import each other (server → validators)',
  },
  {
    file: 'generator/emit/docs/planted.ts',
    code: "import { createSiteLinks } from './links.js';\nimport { docsEmitter } from './index.js';\nexport const x = [createSiteLinks, docsEmitter];\n",
    refused: false,
    why: "an emitter imports its own family's files",
  },
  {
    file: 'generator/emit/validators.ts',
    code: "import { collectValidatorTargets } from './validator-targets.js';\nimport { realPointer } from '../model/real-pointer.js';\nexport const x = [collectValidatorTargets, realPointer];\n",
    refused: false,
    why: 'an emitter imports its own files and model/',
  },
  {
    file: 'contract-runner/planted.ts',
    code: "import { toIdentifier } from '../generator/source.js';\nexport const x = toIdentifier;\n",
    refused: true,
    why: 'the runner takes names from the model, never recomputes them',
  },
  {
    file: 'generator/emit/client.ts',
    code: "import { literal, toIdentifier } from '../source.js';\nexport const x = [literal, toIdentifier];\n",
    refused: true,
    why: 'emitters take names from the model, never recompute them',
  },
  {
    file: 'generator/model/planted.ts',
    code: "import { toIdentifier } from '../source.js';\nexport const x = toIdentifier;\n",
    refused: false,
    why: 'model/names.ts is where names are chosen',
  },
  {
    file: 'generator/emit/planted.ts',
    code: "import { collectIfLarge } from '../threads/heap.js';\nexport const x = collectIfLarge;\n",
    refused: true,
    why: 'only the orchestrator calls the GC helpers (emitters use EmitContext.memory)',
  },
  {
    file: 'generator/emit/docs/planted.ts',
    code: "import { outputSink } from '../../write/index.js';\nexport const x = outputSink;\n",
    refused: true,
    why: 'an emitter does not write (docs/)',
  },
  {
    file: 'generator/emit/planted.ts',
    code: "import { openCache } from '../cache/index.js';\nexport const x = openCache;\n",
    refused: true,
    why: 'an emitter does not open the cache (the context memoizes for it)',
  },
  {
    file: 'contract-runner/planted.ts',
    code: "import { loadContract } from '../generator/load/index.js';\nexport const x = loadContract;\n",
    refused: false,
    why: "the loader's front door (load/index.ts) is open to the runner",
  },
  {
    file: 'generator/model/views/planted.ts',
    code: "import { collectSchemaSites } from '../../schema/json-schema.js';\nexport const x = collectSchemaSites;\n",
    refused: true,
    why: 'model/ does not import schema/ (an arrow back up)',
  },
  {
    file: 'generator/model/planted.ts',
    code: "import { collectSchemaSites } from './schema-sites.js';\nexport const x = collectSchemaSites;\n",
    refused: false,
    why: 'model/ imports model/',
  },
  {
    file: 'generator/common/planted.ts',
    code: "import type { ApiModel } from '../model/types.js';\nexport type X = ApiModel;\n",
    refused: true,
    why: 'common/ is the bottom floor: it imports no other folder of generator/',
  },
  {
    file: 'generator/schema/planted.ts',
    code: "import { emitters } from '../emit/index.js';\nexport const x = emitters;\n",
    refused: true,
    why: 'schema/ does not import the emitters (an arrow back up)',
  },
  {
    file: 'generator/emit/msw.ts',
    code: "import { operationModule } from './validators.js';\nexport const x = operationModule;\n",
    refused: true,
    why: 'emitters do not import each other (msw → validators)',
  },
  {
    file: 'generator/emit/mcp/planted.ts',
    code: "import { packageName } from '../package.js';\nexport const x = packageName;\n",
    refused: true,
    why: 'emitters do not import each other (mcp → package)',
  },
  {
    file: 'generator/emit/msw.ts',
    code: "import { operationModule } from '../model/artifact-names.js';\nexport const x = operationModule;\n",
    refused: false,
    why: 'names several emitters need come from the model',
  },
  // every floor of generator/ (eslint.config.js, FLOORS): an import from a floor above is refused
  ...(
    [
      [
        'compile',
        "import { emitters } from '../emit/index.js';",
        'the package compile sits below the emitters',
      ],
      [
        'cache',
        "import { compileStep } from '../compile/compile-step.js';",
        'the cache sits below the package compile',
      ],
      ['write', "import { emit } from '../run/emit.js';", 'the writer sits below the run'],
      ['threads', "import { emit } from '../run/emit.js';", 'the threads sit below the run'],
      ['run', "import { runMock } from '../commands/mock.js';", 'the run sits below the commands'],
      ['diff', "import { commands } from '../commands/index.js';", 'diff sits below the commands'],
      ['commands', "import { main } from '../cli.js';", 'the commands sit below the entry point'],
      [
        'emit',
        "import { compileStep } from '../../compile/compile-step.js';\nimport { outputSink } from '../../write/index.js';",
        'an emitter does not reach the writer',
      ],
    ] as const
  ).map(([floor, code, why]) => ({
    file: floor === 'emit' ? 'generator/emit/docs/planted.ts' : `generator/${floor}/planted.ts`,
    code: `${code}\nexport const x = 1;\n`,
    refused: true,
    why: `${why} (an arrow back up)`,
  })),
  // a floor's own entry replaces the options of the rule for its files: it must keep these
  ...['cache', 'compile', 'write', 'threads', 'run', 'diff', 'commands'].map((floor) => ({
    file: `generator/${floor}/planted.ts`,
    code: "import { bundle } from '../load/bundle.js';\nexport const x = bundle;\n",
    refused: true,
    why: 'only load/ and model/ read the raw document',
  })),
  {
    file: 'generator/compile/planted.ts',
    code: "import { cacheKey } from '../cache/index.js';\nimport type { GeneratedFile } from '../common/generated-file.js';\nexport const x = cacheKey;\nexport type X = GeneratedFile;\n",
    refused: false,
    why: 'the package compile may use the cache and common/',
  },
  {
    file: 'generator/emit/planted.ts',
    code: "import { compiledRuntime } from '../compile/package-runtime.js';\nexport const x = compiledRuntime;\n",
    refused: false,
    why: 'the runtime emitter may compile the runtime (compile/ is below emit/)',
  },
];

describe('ESLint layer rules', () => {
  for (const c of cases) {
    it(`${c.refused ? 'refuses' : 'allows'}: ${c.why} (${c.file})`, async () => {
      const messages = await restricted(c.file, c.code);
      if (c.refused) expect(messages.length).toBeGreaterThan(0);
      else expect(messages).toEqual([]);
    });
  }
});

describe('ESLint: the raw document stays in generator/model', () => {
  const syntax = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
  };
  it('refuses model.document and ctx.model.document in an emitter and in the runner', async () => {
    const planted = [
      "import type { ApiModel } from '../model/types.js';\nexport const f = (model: ApiModel) => model.document;\n",
      "import type { EmitContext } from './emitter.js';\nexport const f = (ctx: EmitContext) => ctx.model.document;\n",
    ];
    for (const code of planted)
      expect(await syntax('generator/emit/planted.ts', code)).toHaveLength(1);
    expect(await syntax('contract-runner/planted.ts', planted[0])).toHaveLength(1);
  });
  it('allows it inside generator/model', async () => {
    const code =
      "import type { ApiModel } from './types.js';\nexport const f = (model: ApiModel) => model.document;\n";
    expect(await syntax('generator/model/planted.ts', code)).toEqual([]);
  });
});
