/**
 * The generated MCP server of our contract, end to end: the SDK's client lists and calls its
 * tools over stdio and over streamable HTTP; the calls reach the stateful mock through the
 * generated client with the credentials of the server's environment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import mcpTable from '../../generated/mcp-tools.json' with { type: 'json' };
import { startMock, MAYA, type MockRun } from '../stateful/helpers.js';
import { allTools, overHttp, overStdio, textOf } from './harness.js';

const READS = mcpTable.tools.filter((t) => t.effect === 'read').map((t) => t.name);
let run: MockRun;
let env: Record<string, string>;

beforeAll(async () => {
  run = await startMock();
  const maya = [...run.mock.state.users.values()].find((u) => u.email === MAYA)!;
  env = {
    [mcpTable.baseUrlEnv]: run.base,
    [mcpTable.credentials[0].env]: maya.email,
    [mcpTable.credentials[0].passwordEnv!]: maya.api_key,
  };
});
afterAll(() => run.close());

describe.each([
  ['stdio', overStdio],
  ['streamable HTTP', overHttp],
] as const)('over %s', (_transport, connect) => {
  it('offers the reads only without flags, and refuses a write', async () => {
    const server = await connect([], env);
    try {
      const { tools } = await allTools(server.client);
      expect(tools.map((t) => t.name).sort()).toEqual([...READS].sort());
      expect(READS).toEqual(expect.arrayContaining(['getMessages', 'getUsers']));
      for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(true);
      const before = run.mock.state.messages.length;
      const refused = await server.client.callTool({
        name: 'sendMessage',
        arguments: { type: 'channel', to: 'general', topic: 't', content: 'x' },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/--allow-writes/);
      expect(run.mock.state.messages.length).toBe(before);
    } finally {
      await server.close();
    }
  });

  it('with --allow-writes --allow-destructive: all 22 tools; a sent message is fetched back', async () => {
    const server = await connect(['--allow-writes', '--allow-destructive'], env);
    try {
      const { tools } = await allTools(server.client);
      expect(tools).toHaveLength(22);
      const byName = new Map(tools.map((t) => [t.name, t]));
      expect(byName.get('deactivateUser')?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
      });
      expect(byName.get('sendMessage')?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
      });
      const topic = `mcp ${_transport}`;
      const sent = await server.client.callTool({
        name: 'sendMessage',
        arguments: { type: 'channel', to: 'general', topic, content: 'Hello from an agent' },
      });
      expect(sent.isError, textOf(sent)).toBeFalsy();
      const id = (sent.structuredContent as { id: number }).id;
      expect(id).toBeGreaterThan(0);
      const got = await server.client.callTool({
        name: 'getMessages',
        arguments: {
          anchor: 'newest',
          num_before: 5,
          num_after: 0,
          narrow: [
            { operator: 'channel', operand: 'general' },
            { operator: 'topic', operand: topic },
          ],
        },
      });
      expect(got.isError, textOf(got)).toBeFalsy();
      const messages = (got.structuredContent as { messages: { id: number; content: string }[] })
        .messages;
      expect(messages.map((m) => m.id)).toContain(id);
      expect(textOf(got)).toContain('Hello from an agent');
    } finally {
      await server.close();
    }
  });

  it('an API error is a tool error carrying its code and message', async () => {
    const server = await connect(['--allow-writes'], env);
    try {
      const result = await server.client.callTool({
        name: 'sendMessage',
        arguments: { type: 'channel', to: 'nowhere', topic: 't', content: 'x' },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^STREAM_DOES_NOT_EXIST: .*nowhere.* \(HTTP 400\)$/);
      // destructive tools stay off without --allow-destructive
      const { tools } = await allTools(server.client);
      expect(tools.some((t) => t.name === 'deactivateUser')).toBe(false);
      const deactivate = await server.client.callTool({
        name: 'deactivateUser',
        arguments: { user_id: 1 },
      });
      expect(textOf(deactivate)).toMatch(/--allow-destructive/);
    } finally {
      await server.close();
    }
  });
});

describe('tool schemas', () => {
  it('every input and output schema compiles as JSON Schema 2020-12 (MCP tool schemas dialect)', async () => {
    const server = await overStdio(['--allow-writes', '--allow-destructive'], env);
    try {
      const { tools } = await allTools(server.client);
      const ajv = new Ajv2020({ strict: false, validateFormats: false });
      for (const tool of tools) {
        expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
        expect(tool.inputSchema.type).toBe('object');
        if (tool.outputSchema)
          expect(() => ajv.compile(tool.outputSchema!), tool.name).not.toThrow();
        expect(JSON.stringify(tool)).not.toMatch(/"nullable"/);
      }
    } finally {
      await server.close();
    }
  });

  it('credentials are never tool inputs nor outputs: the login takes its password from the environment and its key is redacted', async () => {
    const server = await overStdio(['--allow-writes', '--tools', 'fetchApiKey'], {
      ...env,
      TEAM_MESSAGING_SERVICE_FETCH_API_KEY_PASSWORD: 'maya-password',
    });
    try {
      const { tools } = await allTools(server.client);
      expect(tools.map((t) => t.name)).toEqual(['fetchApiKey']);
      expect(Object.keys(tools[0].inputSchema.properties ?? {})).toEqual(['username']);
      const result = await server.client.callTool({
        name: 'fetchApiKey',
        arguments: { username: MAYA },
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ email: MAYA, api_key: '[redacted]' });
      const maya = [...run.mock.state.users.values()].find((u) => u.email === MAYA)!;
      expect(textOf(result)).not.toContain(maya.api_key);
      const given = await server.client.callTool({
        name: 'fetchApiKey',
        arguments: { username: MAYA, password: 'maya-password' },
      });
      expect(textOf(given)).toMatch(/never a tool input/);
    } finally {
      await server.close();
    }
  });
});

describe('compact mode and the command line', () => {
  it('--compact: call_operation reaches the API like the tool would', async () => {
    const server = await overStdio(['--compact', '--tools', 'tag:messages'], env);
    try {
      const { tools } = await allTools(server.client);
      expect(tools.map((t) => t.name)).toEqual([
        'list_operations',
        'describe_operation',
        'call_operation',
      ]);
      const list = textOf(await server.client.callTool({ name: 'list_operations', arguments: {} }));
      // --tools tag:messages: only the messages operations are listed
      expect(list).toContain('getMessages — GET /messages');
      expect(list).not.toContain('getUsers');
      const got = await server.client.callTool({
        name: 'call_operation',
        arguments: {
          name: 'getMessages',
          arguments: { anchor: 'newest', num_before: 1, num_after: 0 },
        },
      });
      expect(got.isError, textOf(got)).toBeFalsy();
      expect(JSON.parse(textOf(got)).messages).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('usage errors: one line, exit 2', async () => {
    const { execFile } = await import('node:child_process');
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['generated/mcp-server.js', ...args],
          { env },
          (error, _out, stderr) =>
            resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
        );
      });
    for (const [args, says] of [
      [['--allow-destructive'], '--allow-destructive needs --allow-writes'],
      [['--tools', 'nope'], "no operation or tag 'nope'"],
      [['--frobnicate'], 'frobnicate'],
    ] as const) {
      const r = await run([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toContain(says);
    }
  });
});
