/**
 * The reference for agents: `llms.txt` and a Markdown page beside every operation's and
 * schema's HTML page, checked fact by fact against the model (method, path, parameters, error
 * codes, feature levels, deprecation), linked from the HTML with rel=alternate; and inert on a
 * contract whose text carries HTML and Markdown (rendered by markdown-it with HTML allowed, it
 * yields no element of its own).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitDocs } from '../../generator/emit/docs/index.js';
import type { GeneratedFile } from '../../generator/emit/emitter.js';
import type { ApiModel, Lifecycle } from '../../generator/model/types.js';
import { loadOrThrow } from '../load-contract.js';

async function load(file: string): Promise<ApiModel> {
  return (await loadOrThrow(file)).model;
}

function reader(files: GeneratedFile[]) {
  const byPath = new Map(files.map((f) => [f.path, f]));
  return (path: string): string => {
    const f = byPath.get(path);
    if (!f) throw new Error(`no file ${path}`);
    return typeof f.contents === 'string' ? f.contents : new TextDecoder().decode(f.contents);
  };
}

/** The HTML page's Markdown twin, found the way an agent finds it: its rel=alternate link. */
function alternateOf(html: string): string | undefined {
  return /<link rel="alternate" type="text\/markdown" href="([^"]+)">/.exec(html)?.[1];
}

const levelsOf = (life: Lifecycle) =>
  life.history.map((h) => h.level).filter((l): l is number => l !== null);

describe('Markdown reference of our contract', () => {
  let model: ApiModel;
  let read: (path: string) => string;
  beforeAll(async () => {
    model = await load('openapi/openapi.yaml');
    read = reader(await emitDocs(model, { command: 'npm run generate', warn: () => {} }));
  });

  it("every operation's page has a Markdown twin with its method, path, parameters, errors and levels", () => {
    for (const op of model.operations) {
      const htmlPath = `operations/${op.id}.html`;
      const twin = alternateOf(read(htmlPath));
      expect(twin, op.id).toBe(`${op.id}.md`);
      const md = read(`operations/${twin}`);
      expect(md, op.id).toContain(`\`${op.method.toUpperCase()} ${op.path}\``);
      expect(md).toContain(`operation \`${op.id}\``);
      for (const p of op.parameters) {
        expect(md, `${op.id} ${p.name}`).toContain(`- \`${p.name}\` (in ${p.in},`);
        for (const level of levelsOf(p.lifecycle))
          expect(md, `${op.id} ${p.name} level ${level}`).toMatch(
            new RegExp(`in level ${level}\\b`),
          );
        // a parameter deprecated and then removed shows its removal (as on the HTML page)
        if (p.lifecycle.deprecated) expect(md, `${op.id} ${p.name}`).toMatch(/Deprecated|Removed/);
      }
      for (const code of op.errorCodes) expect(md, `${op.id} ${code}`).toContain(`[\`${code}\`]`);
      for (const level of levelsOf(op.lifecycle))
        expect(md, `${op.id} level ${level}`).toMatch(new RegExp(`in level ${level}\\b`));
      if (op.lifecycle.deprecated) expect(md).toContain('**Deprecated.**');
      if (op.permission) expect(md).toContain('Permission: ');
    }
  });

  it("every schema's page has a Markdown twin naming its fields", () => {
    for (const s of model.schemas) {
      const twin = alternateOf(read(`schemas/${s.name}.html`));
      expect(twin, s.name).toBe(`${s.name}.md`);
      const md = read(`schemas/${twin}`);
      expect(md).toContain(`# ${s.name}`);
      const properties = (s.schema as { properties?: Record<string, unknown> }).properties ?? {};
      for (const name of Object.keys(properties))
        expect(md, `${s.name}.${name}`).toContain(`\`${name}\``);
    }
  });

  it('llms.txt: what the API is, auth, errors, and each operation in one line linking its page', () => {
    const llms = read('llms.txt');
    expect(alternateOf(read('index.html'))).toBe('llms.txt');
    expect(llms.startsWith(`# ${model.info.title}\n`)).toBe(true);
    for (const s of model.securitySchemes) expect(llms).toContain(`\`${s.name}\``);
    for (const e of model.errorCodes) expect(llms).toContain(`- \`${e.code}\``);
    const lines = llms.split('\n');
    for (const op of model.operations) {
      const line = lines.filter((l) => l.includes(`](operations/${op.id}.md)`));
      expect(line, op.id).toHaveLength(1);
      expect(line[0]).toContain(`\`${op.method.toUpperCase()} ${op.path}\` \`${op.id}\``);
      if (op.lifecycle.addedIn !== undefined)
        expect(line[0]).toContain(`new in feature level ${op.lifecycle.addedIn}`);
      if (op.lifecycle.deprecated) expect(line[0]).toContain('deprecated');
    }
    for (const s of model.schemas) expect(llms).toContain(`](schemas/${s.name}.md)`);
    // a page an agent reads whole: ours stays small (the size is in the closing note of issue 33)
    expect(llms.length).toBeLessThan(40_000);
  });
});

const SCRATCH = join('test-artifacts', `docs-md-${process.pid}`);
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe('Markdown pages of a contract whose text is markup', () => {
  it('stay text: rendered with HTML allowed, no element comes from the contract', async () => {
    mkdirSync(SCRATCH, { recursive: true });
    const file = join(SCRATCH, 'markup.json');
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    writeFileSync(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: `T ${html}`, version: '1', description: `About ${html}` },
        paths: {
          '/things/{id}': {
            get: {
              operationId: 'getThing',
              summary: `Get [a](javascript:alert(3)) ${html}`,
              description: `Line ${html}\n\n\`\`\`\n${html}\n\`\`\`\n\n| a | b |\n|---|---|\n| ${html} | x |`,
              'x-permission': html,
              parameters: [
                {
                  name: `id${html}`,
                  in: 'query',
                  description: `Param ${html}`,
                  schema: { type: 'string', enum: [html] },
                },
              ],
              responses: {
                '200': {
                  description: `OK ${html}`,
                  content: {
                    'application/json': { schema: { $ref: '#/components/schemas/Thing' } },
                  },
                },
              },
            },
          },
        },
        components: {
          schemas: {
            Thing: {
              type: 'object',
              description: html,
              properties: { [`n${html}`]: { type: 'string', description: html } },
            },
          },
        },
      }),
    );
    const files = await emitDocs(await load(file), { command: 'x', warn: () => {} });
    const markdown = files.filter((f) => f.path.endsWith('.md') || f.path === 'llms.txt');
    expect(markdown.map((f) => f.path).sort()).toEqual([
      'llms.txt',
      'operations/getThing.md',
      'schemas/Thing.md',
    ]);
    const md = new MarkdownIt({ html: true });
    for (const f of markdown) {
      const rendered = md.render(String(f.contents));
      // an element of the contract's: a tag of its own, or its handler inside any tag
      const element = /<(script|img)\b|<[^>]*\bonerror=/i.exec(rendered);
      expect(
        element && rendered.slice(Math.max(0, element.index - 100), element.index + 80),
        f.path,
      ).toBeNull();
      expect(rendered, f.path).not.toMatch(/href="javascript:/i);
      expect(String(f.contents), f.path).toContain('alert(1)');
    }
    // llms.txt names the operation by the title its page shows: the summary's text, no tags
    const llms = String(markdown.find((f) => f.path === 'llms.txt')!.contents);
    const line = llms.split('\n').find((l) => l.includes('operations/getThing.md'));
    const label = /^- \[(.*)\]\(operations\/getThing\.md\)/.exec(line ?? '')?.[1];
    expect(label).toMatch(/^Get /);
    expect(label).not.toContain('&lt;');
  });
});
