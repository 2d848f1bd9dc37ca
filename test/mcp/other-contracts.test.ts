/**
 * The MCP server generated for another API's document (Asana's, 167 operations, OpenAPI 3.0
 * with `nullable`): only what the server needs is generated (`--only mcp,runtime`), then the
 * SDK's client lists its tools one per operation and in compact mode, and every tool schema
 * compiles as JSON Schema 2020-12, the dialect of MCP's tool schemas. Stripe's and GitHub's
 * documents are measured by bench/mcp.ts (too heavy for the test run).
 */
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveShared, sharedPath } from '../shared-folder.js';
import { allTools, overStdio, textOf } from './harness.js';

const run = promisify(execFile);
const haveSpecs = haveShared('the MCP server of a third-party document', 'specs');
const SCRATCH = join('test-artifacts', `mcp-other-${process.pid}`);
const OUT = join(SCRATCH, 'asana');
const SERVER = join(OUT, 'mcp-server.js');
// the server never calls out in these tests: a base URL nobody listens on
const ENV = { ASANA_BASE_URL: 'http://127.0.0.1:9/api/1.0' };

beforeAll(async () => {
  if (!haveSpecs) return;
  await run(
    process.execPath,
    [
      'bin/tms-gen.js',
      '--quiet',
      '--no-cache',
      '--contract',
      sharedPath('specs', 'breadth', 'asana.com.json'),
      '--out',
      OUT,
      '--only',
      'mcp,runtime',
    ],
    { maxBuffer: 16 << 20 },
  );
}, 180_000);
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

describe.skipIf(!haveSpecs)("Asana's document", () => {
  it('one tool per operation with --no-compact, listed page by page: names valid, input schemas compile as 2020-12', async () => {
    const table = JSON.parse(readFileSync(join(OUT, 'mcp-tools.json'), 'utf8'));
    const server = await overStdio(
      ['--no-compact', '--allow-writes', '--allow-destructive'],
      ENV,
      SERVER,
    );
    try {
      const { tools, pages } = await allTools(server.client);
      expect(tools).toHaveLength(table.tools.length);
      expect(tools.length).toBeGreaterThan(150);
      // tools/list is paged (MCP's cursor): no message grows with the contract
      expect(pages).toBeGreaterThan(1);
      expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
      const ajv = new Ajv2020({ strict: false, validateFormats: false });
      for (const tool of tools) {
        expect(tool.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
        // output schemas: checked against the meta-schema (compiling them all costs seconds)
        if (tool.outputSchema) expect(ajv.validateSchema(tool.outputSchema), tool.name).toBe(true);
      }
      // 3.0's nullable became a null type
      expect(JSON.stringify(tools)).not.toContain('"nullable"');
      expect(JSON.stringify(tools)).toMatch(/"type":\["[a-z]+","null"\]/);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('compact by default above 100 operations: list, describe and a refused call', async () => {
    const server = await overStdio([], ENV, SERVER);
    try {
      const { tools } = await server.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        'list_operations',
        'describe_operation',
        'call_operation',
      ]);
      const list = textOf(await server.client.callTool({ name: 'list_operations', arguments: {} }));
      const lines = list.split('\n');
      expect(lines.length).toBeGreaterThan(150);
      const write = lines.find((l) => l.includes(' — POST '))!;
      expect(write).toMatch(/not allowed on this server/);
      const name = write.split(' — ')[0];
      const described = textOf(
        await server.client.callTool({ name: 'describe_operation', arguments: { name } }),
      );
      expect(described).toContain('Arguments (JSON Schema):');
      const refused = await server.client.callTool({
        name: 'call_operation',
        arguments: { name, arguments: {} },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/--allow-writes/);
    } finally {
      await server.close();
    }
  }, 60_000);
});
