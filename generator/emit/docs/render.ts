/**
 * The handlebars environment of one generate run: templates from generator/templates/docs,
 * helpers, partials. `{{ }}` escapes everything; the only HTML that is not escaped comes out of
 * the `markdown` helpers (markdown-it with raw HTML off) and out of rendered templates passed on
 * as page bodies. Templates never use the triple-stash.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';

type CompileOptions = Parameters<typeof Handlebars.compile>[1];
import { createMarkdown } from './markdown.js';
import { escapeHtml, highlight, type HighlightLanguage } from './highlight.js';
import { scriptJson } from './try-it.js';

export const TEMPLATE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'templates', 'docs');

export type RenderPage = (template: string, view: object) => string;

export interface Renderer {
  render: RenderPage;
  /** a rendered template, to embed in another without escaping it again */
  safe(html: string): Handlebars.SafeString;
  /** static files (CSS, JS) shipped with the site, path → text */
  assets: { path: string; text: string }[];
}

/**
 * The file name of the templates precompiled by the CLI's build (bin/build.js), beside its
 * bundle: compiling them costs a run ~0.1 s. Its cache key covers the templates' sources.
 */
export const PRECOMPILED_TEMPLATES_FILE = 'docs-templates.cjs';

/** Every `.hbs` of the template folder, by name (`_name` for partials), in file order. */
function templateSources(): { name: string; source: string }[] {
  return readdirSync(TEMPLATE_DIR)
    .sort()
    .filter((file) => file.endsWith('.hbs'))
    .map((file) => ({
      name: file.slice(0, -'.hbs'.length),
      source: readFileSync(join(TEMPLATE_DIR, file), 'utf8'),
    }));
}

/** CommonJS source of the templates precompiled with the renderer's own options (bin/build.js). */
export function precompiledTemplatesSource(): string {
  const { hb, compileOptions } = environment();
  const entries = templateSources().map(
    ({ name, source }) => `  ${JSON.stringify(name)}: ${hb.precompile(source, compileOptions)},`,
  );
  return `module.exports = {\n${entries.join('\n')}\n};\n`;
}

type TemplateSpec = Parameters<typeof Handlebars.template>[0];

/** The precompiled templates of the CLI's build, when this run has them. */
function prebuiltTemplates(): Record<string, TemplateSpec> | undefined {
  const folder = process.env.TMS_GEN_RUNTIME;
  const file = folder ? join(folder, PRECOMPILED_TEMPLATES_FILE) : undefined;
  if (!file || !existsSync(file)) return undefined;
  return createRequire(import.meta.url)(file) as Record<string, TemplateSpec>;
}

export function createRenderer(): Renderer {
  const { hb, compileOptions } = environment();
  const prebuilt = prebuiltTemplates();
  const templates = new Map<string, Handlebars.TemplateDelegate>();
  const add = (name: string, template: Handlebars.TemplateDelegate) => {
    // `_name.hbs` are partials; the rest are pages.
    if (name.startsWith('_')) hb.registerPartial(name.slice(1), template);
    else templates.set(name, template);
  };
  if (prebuilt) for (const [name, spec] of Object.entries(prebuilt)) add(name, hb.template(spec));
  else for (const { name, source } of templateSources()) add(name, hb.compile(source, compileOptions));
  const assets = readdirSync(join(TEMPLATE_DIR, 'assets')).sort().map((file) => ({
    path: `assets/${file}`,
    text: readFileSync(join(TEMPLATE_DIR, 'assets', file), 'utf8'),
  }));
  return {
    render(template, view) {
      const t = templates.get(template);
      if (!t) throw new Error(`docs template '${template}.hbs' is missing from ${TEMPLATE_DIR}`);
      return t(view);
    },
    safe: (html) => new hb.SafeString(html),
    assets,
  };
}

/** A handlebars environment with our helpers, and the options its templates compile with. */
function environment(): { hb: typeof Handlebars; compileOptions: CompileOptions } {
  const hb = Handlebars.create();
  const md = createMarkdown();
  // A big document repeats its descriptions (GitHub's `owner` parameter is on ~800 pages): each
  // distinct text is rendered once per run.
  const rendered = new Map<string, string>();
  const markdown = (text: unknown, inline: boolean) => {
    const source = typeof text === 'string' ? text : '';
    const key = (inline ? 'i' : 'b') + source;
    let html = rendered.get(key);
    if (html === undefined) {
      html = md(source, { inline });
      rendered.set(key, html);
    }
    return new hb.SafeString(html);
  };
  hb.registerHelper('markdown', (text: unknown) => markdown(text, false));
  hb.registerHelper('markdownInline', (text: unknown) => markdown(text, true));
  // Highlighted code: highlight() escapes every character of the text it is given.
  hb.registerHelper('highlighted', (text: unknown, language: unknown) =>
    new hb.SafeString(highlight(typeof text === 'string' ? text : '', language as HighlightLanguage)));
  // Feature-level attributes read by the level switcher: numbers only.
  hb.registerHelper('levels', (badges: unknown) => {
    let out = '';
    for (const b of Array.isArray(badges) ? (badges as { kind?: string; level?: unknown }[]) : []) {
      if (typeof b.level !== 'number' || !Number.isInteger(b.level)) continue;
      if (b.kind === 'added' && !out.includes('data-since')) out += ` data-since="${b.level}"`;
      if (b.kind === 'removed' && !out.includes('data-removed')) out += ` data-removed="${b.level}"`;
    }
    return new hb.SafeString(out);
  });
  // Long codes (UNAUTHORIZED_PRINCIPAL) may wrap after an underscore, never inside a word.
  hb.registerHelper('breakable', (text: unknown) =>
    new hb.SafeString(escapeHtml(String(text ?? '')).replace(/_/g, '_<wbr>')));
  // Data for the page script: JSON whose `<` are escaped, so it cannot end its script element.
  hb.registerHelper('jsonScript', (value: unknown) => new hb.SafeString(scriptJson(value)));
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('lower', (s: unknown) => String(s ?? '').toLowerCase());
  hb.registerHelper('join', (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
  hb.registerHelper('enumHasDetails', (rows: unknown) =>
    Array.isArray(rows) && rows.some((r: { meaning?: string; badges?: unknown[] }) => !!r.meaning || (r.badges?.length ?? 0) > 0));
  hb.registerHelper('notEmpty', (v: unknown) => (Array.isArray(v) ? v.length > 0 : !!v));

  // Every helper is one of ours or a built-in: with knownHelpersOnly, `{{name}}` compiles to a
  // plain lookup instead of asking at run time whether `name` is a helper (a big site renders
  // ~2500 pages). A template using anything else fails to compile.
  const compileOptions: CompileOptions = {
    strict: false,
    knownHelpersOnly: true,
    knownHelpers: Object.fromEntries(Object.keys(hb.helpers).map((name) => [name, true])),
  };
  return { hb, compileOptions };
}
