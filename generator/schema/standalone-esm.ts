/**
 * Ajv standalone code as an ES module that needs neither `require` nor Ajv at run time.
 *
 * Ajv's standalone output with `code.esm` still calls `require("ajv/dist/runtime/...")` for the
 * few helpers its keywords use (string length in code points, deep equality for enum/const/
 * uniqueItems). Node ESM has no `require`, and bundlers would pull in Ajv's CommonJS build. We
 * replace each call with a helper defined in the module itself: the source of the very function
 * Ajv uses when it validates at run time, so verdicts cannot drift. Formats are referenced
 * through a `formats` binding the caller defines (Ajv option `code.formats`).
 */
import type { Ajv } from 'ajv';
import standaloneModule from 'ajv/dist/standalone/index.js';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import equalModule from 'ajv/dist/runtime/equal.js';

// CommonJS modules seen through NodeNext: the function is on `.default` (or is the module).
const unwrap = <T>(m: unknown): T => ((m as { default?: T }).default ?? m) as T;
const standaloneCode = unwrap<(ajv: Ajv, refs: Record<string, string>) => string>(standaloneModule);

/** Ajv's runtime helpers by the code Ajv emits to reach them, with the name we give them. */
const RUNTIME_HELPERS: { call: string; name: string; source: () => string }[] = [
  {
    call: 'require("ajv/dist/runtime/ucs2length").default',
    name: 'ucs2length',
    source: () => unwrap<(s: string) => number>(ucs2lengthModule).toString(),
  },
  {
    call: 'require("ajv/dist/runtime/equal").default',
    name: 'deepEqual',
    // fast-deep-equal's function recurses through its own name (`equal`), so it is self-contained.
    source: () => unwrap<(a: unknown, b: unknown) => boolean>(equalModule).toString(),
  },
];

export interface StandaloneModule {
  /** the module's source: helpers, then Ajv's validate functions with `export const <name>` */
  source: string;
  /** true when the code reads the `formats` binding (the caller must define it first) */
  usesFormats: boolean;
}

/**
 * Standalone code exporting one validate function per entry of `exports` (export name → schema
 * ref). Throws if Ajv emitted a `require` we do not know how to replace: shipping it would break
 * every ESM consumer, and the failure should be at generate time.
 */
export function standaloneEsm(ajv: Ajv, exports: Record<string, string>): StandaloneModule {
  if (!ajv.opts.code.source || !ajv.opts.code.esm)
    throw new Error('standaloneEsm: Ajv needs code.source and code.esm');
  let code = standaloneCode(ajv, exports);
  const helpers: string[] = [];
  for (const helper of RUNTIME_HELPERS) {
    if (!code.includes(helper.call)) continue;
    code = code.split(helper.call).join(helper.name);
    helpers.push(`const ${helper.name} = (${helper.source()});`);
  }
  const leftover = /require\([^)]*\)/.exec(code);
  if (leftover)
    throw new Error(`Ajv standalone code needs ${leftover[0]}, which has no ESM replacement yet`);
  // Ajv starts with "use strict"; modules are strict anyway, and helpers must come after it.
  code = code.replace(/^"use strict";/, '');
  return {
    source: [...helpers, code.trim()].join('\n') + '\n',
    usesFormats: /\bformats(\.|\[)/.test(code),
  };
}
