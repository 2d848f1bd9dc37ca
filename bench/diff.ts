/**
 * `npm run bench -- diff`: `tms-gen diff` on GitHub's document against a copy with 50 planted
 * changes, beside openapi-diff (npm, Atlassian; installed on first use into bench/.tmp/peers),
 * the same pair, interleaved rounds in one run. Wall time and peak RSS of each whole command
 * (GNU time's %M: the largest process of the tree), how many of the planted changes each
 * reports, the machine's load. Writes bench/results/diff.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/stats.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TMP = join(ROOT, 'bench', '.tmp', 'diff');
const PEERS = join(ROOT, 'bench', '.tmp', 'peers');
const SHARED = resolve(ROOT, process.env.TMS_SHARED ?? '../shared');
const GITHUB = join(SHARED, 'specs', 'big', 'github-api.github.com.json');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const quiet = !process.stdout.isTTY || !!process.env.CI;

type Obj = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** 50 changes of ten kinds, spread over the document deterministically; returns their labels. */
function plant(doc: Obj): string[] {
  const planted: string[] = [];
  const ops: [string, string, Obj][] = [];
  for (const path of Object.keys(doc.paths).sort())
    for (const m of METHODS) if (doc.paths[path][m]) ops.push([path, m, doc.paths[path][m]]);
  const schemas = Object.keys(doc.components.schemas).sort();
  const pick = <T>(list: T[], i: number) => list[(i * 7919) % list.length];
  for (let i = 0; i < 50; i++) {
    const [path, method, op] = pick(ops, i + 1);
    const at = `${method.toUpperCase()} ${path}`;
    switch (i % 10) {
      case 0:
        if (!doc.paths[path][method]) break;
        delete doc.paths[path][method];
        planted.push(`operation removed: ${at}`);
        break;
      case 1:
        (op.parameters ??= []).push({
          name: `planted_${i}`,
          in: 'query',
          schema: { type: 'string' },
        });
        planted.push(`optional parameter added: ${at}`);
        break;
      case 2:
        (op.parameters ??= []).push({
          name: `planted_${i}`,
          in: 'query',
          required: true,
          schema: { type: 'integer' },
        });
        planted.push(`required parameter added: ${at}`);
        break;
      case 3: {
        const s = doc.components.schemas[pick(schemas, i)];
        const props = s?.properties ? Object.keys(s.properties).sort() : [];
        if (props.length === 0) break;
        delete s.properties[props[0]];
        planted.push(`schema property removed: ${pick(schemas, i)}.${props[0]}`);
        break;
      }
      case 4: {
        const s = doc.components.schemas[pick(schemas, i)];
        if (!s) break;
        (s.properties ??= {})[`planted_${i}`] = { type: 'string' };
        planted.push(`schema property added: ${pick(schemas, i)}`);
        break;
      }
      case 5: {
        const s = doc.components.schemas[pick(schemas, i)];
        if (!s) break;
        s.required = [...(s.required ?? []), `planted_required_${i}`];
        (s.properties ??= {})[`planted_required_${i}`] = { type: 'integer' };
        planted.push(`required property added: ${pick(schemas, i)}`);
        break;
      }
      case 6:
        op.responses['299'] = { description: 'planted' };
        planted.push(`success status added: ${at}`);
        break;
      case 7:
        op.deprecated = !op.deprecated;
        planted.push(`deprecation flipped: ${at}`);
        break;
      case 8: {
        const name = pick(schemas, i);
        const s = doc.components.schemas[name];
        if (!s) break;
        s.type = s.type === 'string' ? 'integer' : 'string';
        planted.push(`schema type changed: ${name}`);
        break;
      }
      case 9:
        op.security = [{ planted_scheme: [] }];
        (doc.components.securitySchemes ??= {}).planted_scheme = { type: 'http', scheme: 'bearer' };
        planted.push(`security changed: ${at}`);
        break;
    }
  }
  return planted;
}

function timed(
  cmd: string,
  args: string[],
): { seconds: number; rssMb: number; status: number | null; stdout: string } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', cmd, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, CI: 'true' },
  });
  const last = r.stderr.trim().split('\n').pop() ?? '';
  const [seconds, kb] = last.split(' ').map(Number);
  return { seconds, rssMb: Math.round(kb / 1024), status: r.status, stdout: r.stdout };
}

function main(): void {
  if (!existsSync(GITHUB)) {
    console.log(`bench/diff: ${GITHUB} not found (set TMS_SHARED); skipped`);
    return;
  }
  mkdirSync(TMP, { recursive: true });
  const doc = JSON.parse(readFileSync(GITHUB, 'utf8'));
  const planted = plant(doc);
  const edited = join(TMP, 'github-planted.json');
  writeFileSync(edited, JSON.stringify(doc));

  const peerBin = join(PEERS, 'node_modules', '.bin', 'openapi-diff');
  if (!existsSync(peerBin)) {
    mkdirSync(PEERS, { recursive: true });
    if (!existsSync(join(PEERS, 'package.json')))
      writeFileSync(join(PEERS, 'package.json'), '{"private":true}\n');
    spawnSync('npm', ['install', '--no-audit', '--no-fund', 'openapi-diff@0.24.1'], {
      cwd: PEERS,
      stdio: quiet ? 'ignore' : 'inherit',
    });
  }
  const peer = existsSync(peerBin);
  const loadBefore = loadavg()[0];
  const ours: ReturnType<typeof timed>[] = [];
  const theirs: ReturnType<typeof timed>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (!quiet) console.log(`round ${round + 1}/${ROUNDS}`);
    ours.push(
      timed(process.execPath, [
        'bin/tms-gen.js',
        'diff',
        '--base',
        GITHUB,
        '--contract',
        edited,
        '--format',
        'json',
      ]),
    );
    if (peer) theirs.push(timed(peerBin, [GITHUB, edited]));
  }
  const loadAfter = loadavg()[0];
  const found = JSON.parse(ours[0].stdout).changes.length as number;
  let peerFound = 'n/a';
  if (peer) {
    const text = theirs[0].stdout;
    const json = text.slice(text.indexOf('{'));
    try {
      const r = JSON.parse(json);
      peerFound = String(
        (r.breakingDifferences?.length ?? 0) +
          (r.nonBreakingDifferences?.length ?? 0) +
          (r.unclassifiedDifferences?.length ?? 0),
      );
    } catch {
      // exit 134 is V8 aborting at its heap limit
      peerFound =
        theirs[0].status === 134
          ? 'none: aborted out of memory (exit 134)'
          : `unparsed output (exit ${theirs[0].status})`;
    }
  }
  const row = (name: string, rs: ReturnType<typeof timed>[], n: string) =>
    `| ${name} | ${median(rs.map((r) => r.seconds)).toFixed(2)} s (${rs.map((r) => r.seconds.toFixed(2)).join(', ')}) | ${median(rs.map((r) => r.rssMb))} MB | ${n} |`;
  const lines = [
    "# `tms-gen diff` on GitHub's document",
    '',
    `Command: \`npm run bench -- diff\` (${ROUNDS} interleaved rounds; ${cpus().length} cores; load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}).`,
    `Pair: \`specs/big/github-api.github.com.json\` (13 MB, 1223 operations) against a copy with ${planted.length} planted changes`,
    '(operations removed, optional and required parameters added, schema properties removed, added and made required,',
    'a success status added, deprecations flipped, schema types changed, security changed).',
    '',
    '| tool | wall, median (each round) | peak RSS, median | changes reported |',
    '|---|---|---|---|',
    row('tms-gen diff (load + validate both, diff)', ours, `${found} (exit ${ours[0].status})`),
    ...(peer
      ? [row('openapi-diff 0.24.1', theirs, peerFound)]
      : ['| openapi-diff | not installable here | | |']),
    '',
    peer
      ? `Ratio (ours / openapi-diff, medians): ${(median(ours.map((r) => r.seconds)) / median(theirs.map((r) => r.seconds))).toFixed(2)}× time, ${(median(ours.map((r) => r.rssMb)) / median(theirs.map((r) => r.rssMb))).toFixed(2)}× memory.`
      : '',
    '',
    `We report ${found} changes for ${planted.length} planted edits: an edit inside a shared schema is one change however`,
    'many operations use it, and what is under an added or removed item is reported with it, not again.',
    '`tms-gen diff` loads both documents with the full loader (swagger-parser validation and the strict schema',
    'compile) before comparing; the comparison itself is a small part of the time. A loaded machine (see the',
    'load average) stretches every figure; the rounds are interleaved so both tools see the same load.',
  ];
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'diff.md'), lines.join('\n') + '\n');
  console.log(lines.join('\n'));
}

main();
