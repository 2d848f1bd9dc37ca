/**
 * Loads a Spectral ruleset written in YAML or JSON into the object Spectral's `Ruleset` takes,
 * as Spectral's ruleset bundler does, without the bundler: it brings rollup and a ruleset
 * migrator into every install of the toolkit to turn a YAML file into JavaScript and back
 * (bench/results/install-footprint.md). Read here: `extends` of Spectral's
 * rulesets and of ruleset files next to this one, `rules`, custom functions (`functionsDir`,
 * `functions`), `formats`, and what Spectral reads as is (aliases, overrides, severities).
 * Anything else (a JavaScript ruleset, `extends` of an npm package or a URL, the legacy
 * `except`) needs the bundler: `needsBundler` says why, and spectral.ts uses the bundler when
 * the app has it installed (an optional peer of the toolkit).
 */
import { readFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as formatsModule from '@stoplight/spectral-formats';
import * as functionsModule from '@stoplight/spectral-functions';
import * as rulesetsModule from '@stoplight/spectral-rulesets';
import { parse as parseYaml } from 'yaml';

type Definition = Record<string, unknown>;

export type LoadedRuleset =
  | { ok: true; definition: Definition }
  /** the ruleset uses what only Spectral's ruleset bundler reads: what, in one phrase */
  | { ok: false; needsBundler: string };

const SPECTRAL_RULESETS: Record<string, string> = {
  'spectral:oas': 'oas',
  'spectral:asyncapi': 'asyncapi',
  'spectral:arazzo': 'arazzo',
};

/** Reads `file` and every ruleset file it extends. */
export async function loadRulesetFile(file: string): Promise<LoadedRuleset> {
  return load(resolve(file), []);
}

async function load(file: string, chain: string[]): Promise<LoadedRuleset> {
  if (!/^\.(ya?ml|json)$/i.test(extname(file)))
    return { ok: false, needsBundler: `a ${extname(file) || 'JavaScript'} ruleset` };
  const raw = parseYaml(readFileSync(file, 'utf8')) as unknown;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new Error(`${file}: a ruleset is a mapping`);
  const definition = { ...(raw as Definition) };
  if ('except' in definition) return { ok: false, needsBundler: "the legacy 'except'" };
  const functions = await customFunctions(file, definition);
  delete definition.functions;
  delete definition.functionsDir;
  if (definition.extends !== undefined) {
    const extended = await extendsOf(file, definition.extends, [...chain, file]);
    if (!extended.ok) return extended;
    definition.extends = extended.list;
  }
  withFormats(definition);
  for (const override of list(definition.overrides)) {
    withFormats(override as Definition);
    if ((override as Definition).extends !== undefined)
      return { ok: false, needsBundler: "'extends' inside 'overrides'" };
  }
  const missing = withFunctions(definition, functions);
  if (missing)
    throw new Error(
      `${file}: no function '${missing}' (neither Spectral's nor one of 'functions')`,
    );
  return { ok: true, definition };
}

async function extendsOf(
  file: string,
  value: unknown,
  chain: string[],
): Promise<{ ok: true; list: unknown[] } | { ok: false; needsBundler: string }> {
  const out: unknown[] = [];
  for (const entry of Array.isArray(value) ? value : [value]) {
    const [name, severity] = Array.isArray(entry) ? entry : [entry, undefined];
    if (typeof name !== 'string') throw new Error(`${file}: 'extends' names rulesets`);
    let extended: unknown = rulesetsModule[SPECTRAL_RULESETS[name] as keyof typeof rulesetsModule];
    if (extended === undefined) {
      if (!/^\.{1,2}[\\/]|^[^:@]+\.(ya?ml|json)$/i.test(name))
        return { ok: false, needsBundler: `'extends: ${name}'` };
      const target = resolve(dirname(file), name);
      if (chain.includes(target)) continue;
      const loaded = await load(target, chain);
      if (!loaded.ok) return loaded;
      extended = loaded.definition;
    }
    out.push(severity === undefined ? extended : [extended, severity]);
  }
  return { ok: true, list: out };
}

/** `functions: [name]` from `functionsDir` (default `functions`), each a module's default export. */
async function customFunctions(
  file: string,
  definition: Definition,
): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  const dir = typeof definition.functionsDir === 'string' ? definition.functionsDir : 'functions';
  for (const name of list(definition.functions)) {
    if (typeof name !== 'string') throw new Error(`${file}: 'functions' lists names`);
    const module = (await import(pathToFileURL(join(dirname(file), dir, `${name}.js`)).href)) as {
      default?: unknown;
    };
    found.set(name, module.default);
  }
  return found;
}

/** Every `then.function` name becomes the function; the first name found nowhere comes back. */
function withFunctions(definition: Definition, custom: Map<string, unknown>): string | undefined {
  const rulesOf = (d: Definition) => Object.values((d.rules ?? {}) as Definition);
  const all = [definition, ...list(definition.overrides)].flatMap((d) => rulesOf(d as Definition));
  for (const rule of all) {
    if (rule === null || typeof rule !== 'object') continue;
    for (const then of list((rule as Definition).then) as Definition[]) {
      if (typeof then?.function !== 'string') continue;
      const name = then.function;
      const fn = custom.get(name) ?? (functionsModule as Record<string, unknown>)[name];
      if (fn === undefined) return name;
      then.function = fn;
    }
  }
  return undefined;
}

/** `formats: [oas3, ...]` (at the top, in rules, overrides and alias targets) as Spectral's format functions. */
function withFormats(definition: Definition): void {
  const convert = (holder: Definition) => {
    if (Array.isArray(holder.formats)) holder.formats = holder.formats.map(format);
  };
  convert(definition);
  for (const rule of Object.values((definition.rules ?? {}) as Definition))
    if (rule !== null && typeof rule === 'object') convert(rule as Definition);
  for (const alias of Object.values((definition.aliases ?? {}) as Definition))
    for (const target of list((alias as Definition)?.targets)) convert(target as Definition);
}

const FORMAT_ALIASES: Record<string, string> = {
  'json-schema-2019-09': 'json-schema-draft-2019-09',
  'json-schema-2020-12': 'json-schema-draft-2020-12',
};

/** `oas3.1` → `oas3_1`, `json-schema-draft-2020-12` → `jsonSchemaDraft2020_12` (the bundler's naming). */
function format(name: unknown): unknown {
  if (typeof name !== 'string') return name;
  const id = (FORMAT_ALIASES[name] ?? name)
    .replace(/\.|([0-9])-(?=[0-9])/g, '$1_')
    .replace(/-([0-9a-z])/g, (_, c: string) => c.toUpperCase());
  const fn = (formatsModule as Record<string, unknown>)[id];
  if (fn === undefined) throw new Error(`unknown format '${name}'`);
  return fn;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}
