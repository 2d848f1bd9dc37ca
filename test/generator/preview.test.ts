/**
 * `tms-gen preview` as a writer runs it: the real CLI on a copy of a small contract, port 0.
 * The overview is served with the reload script; an edit of the contract regenerates the page
 * and the events stream says so; a broken edit is reported and the fix picked up; a path
 * climbing out of the reference is refused.
 * (bench/preview.ts measures edit to reloaded page in Chromium.)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SCRATCH = join('test-artifacts', `preview-${process.pid}`);
const CONTRACT = join(SCRATCH, 'api', 'typos.yaml');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.pid) process.kill(child.pid, 'SIGINT');
  rmSync(SCRATCH, { recursive: true, force: true });
});

/** A preview of `contract` on a free port; resolves to its address; stderr lines go to `log`. */
function start(contract: string, log: string[] = []): Promise<string> {
  const child = spawn(
    process.execPath,
    ['bin/tms-gen.js', 'preview', '--contract', contract, '--port', '0', '--lenient'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  child.stderr!.on('data', (d: Buffer) => log.push(...String(d).split('\n').filter(Boolean)));
  return new Promise((done, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      if (url) done(url);
    });
    child.on('exit', (code) => fail(new Error(`preview exited ${code}: ${out}`)));
  });
}

/** Resolves once `holds()` does, checked every 50 ms (the test's own timeout bounds it). */
async function until(holds: () => boolean): Promise<void> {
  while (!holds()) await new Promise((r) => setTimeout(r, 50));
}

function get(url: string): Promise<{ status: number; body: string }> {
  return fetch(url).then(async (r) => ({ status: r.status, body: await r.text() }));
}

/** Resolves on the first `regenerated` event of the stream. */
function nextRegeneration(url: string): Promise<void> {
  return new Promise((done, fail) => {
    const req = request(new URL('__preview/events', url), (res) => {
      res.on('data', (d: Buffer) => {
        if (String(d).includes('event: regenerated')) {
          req.destroy();
          done();
        }
      });
    });
    req.on('error', (e) => (e.message.includes('aborted') ? undefined : fail(e)));
    req.end();
  });
}

describe('tms-gen preview', () => {
  it('serves the reference, reloads it after an edit, and only the reference', async () => {
    mkdirSync(join(SCRATCH, 'api'), { recursive: true });
    cpSync(join('test', 'fixtures', 'lenient', 'typos.yaml'), CONTRACT);
    const url = await start(CONTRACT);
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.body).toContain("new EventSource('/__preview/events')");
    const regenerated = nextRegeneration(url);
    await new Promise((r) => setTimeout(r, 200));
    writeFileSync(
      CONTRACT,
      readFileSync(CONTRACT, 'utf8').replace('version: 1.0.0', 'version: 1.0.1-preview'),
    );
    await regenerated;
    expect((await get(url)).body).toContain('1.0.1-preview');
    expect((await get(new URL('..%2F..%2Fpackage.json', url).href)).status).toBe(404);

    // A second preview on the port the first holds: one line and exit 1, not a stack trace.
    const taken = spawnSync(
      process.execPath,
      [
        'bin/tms-gen.js',
        'preview',
        '--contract',
        CONTRACT,
        '--port',
        new URL(url).port,
        '--lenient',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(taken.status).toBe(1);
    expect(taken.stderr.trim().split('\n').at(-1)).toMatch(/^tms-gen preview: port \d+ is in use/);
    expect(taken.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);

  it("regenerates on an edit of a file the contract's $refs reach, not on other files of the folder", async () => {
    const dir = join(SCRATCH, 'split');
    mkdirSync(join(dir, 'parts'), { recursive: true });
    const root = join(dir, 'api.yaml');
    cpSync(join('test', 'fixtures', 'hostile', 'ref-inside-folder.yaml'), root);
    const part = join(dir, 'parts', 'thing.yaml');
    cpSync(join('test', 'fixtures', 'hostile', 'parts', 'thing.yaml'), part);
    const log: string[] = [];
    const url = await start(root, log);
    // what `npm install` beside the contract does: files that are not the contract's
    writeFileSync(join(dir, 'package.json'), '{"name":"app"}\n');
    mkdirSync(join(dir, 'node_modules', 'x'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'x', 'index.js'), '\n');
    writeFileSync(join(dir, 'parts', 'notes.yaml'), 'not: referenced\n');
    const regenerated = nextRegeneration(url);
    // long after the settle time (25 ms) and a regeneration of this document (~1 s)
    await new Promise((r) => setTimeout(r, 2000));
    expect(log.filter((l) => l.startsWith('regenerated'))).toEqual([]);
    writeFileSync(part, readFileSync(part, 'utf8') + '  description: edited through a ref\n');
    await regenerated;
    expect(log.filter((l) => l.startsWith('regenerated'))).toHaveLength(1);

    // A broken edit of the $ref'd file is reported and the preview goes on; the fix reloads.
    const good = readFileSync(part, 'utf8');
    // an unclosed flow mapping: no YAML reader takes it (--lenient or not)
    writeFileSync(part, 'Thing: {type: object\n');
    await until(() => log.some((l) => /thing\.yaml:\d+/.test(l)));
    expect(log.join('\n')).toMatch(/the contract is invalid/);
    const fixed = nextRegeneration(url);
    await new Promise((r) => setTimeout(r, 200));
    writeFileSync(part, good);
    await fixed;
    expect(log.filter((l) => l.startsWith('regenerated'))).toHaveLength(2);
  }, 90_000);

  // The port the README promises is the one the command says is its default. (Starting it on
  // that fixed port here could collide with another run; the help text and the code's default
  // live side by side in generator/commands/preview.ts.)
  it("says in --help the default port the README's preview line names", () => {
    const readme = readFileSync('README.md', 'utf8');
    const promised = /tms-gen preview[^\n]*\n[^\n]*http:\/\/127\.0\.0\.1:(\d+)\//.exec(readme)?.[1];
    expect(promised, 'the README names a preview port').toBeDefined();
    const help = spawnSync(process.execPath, ['bin/tms-gen.js', 'preview', '--help'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`--port <n> +port \\(default ${promised};`));
  });
});
