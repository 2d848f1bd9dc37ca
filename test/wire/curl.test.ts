/**
 * The docs' curl samples, run by the real curl against a local server: what curl sends must be
 * what encodeRequest produces. Query strings are compared with escapes' hex digits in one case,
 * because `curl -G` (7.88) writes `%5b` where we write `%5B` (the same URI, RFC 3986 §2.1);
 * bodies are compared byte for byte (multipart after putting our boundary in place of curl's).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  curlCommand,
  decodeRequest,
  encodeRequest,
  matchPath,
  type RequestInput,
  type WireOperation,
} from '../../runtime/wire.js';
import { caseArb, type Target } from './arbitraries.js';
import { getMessages, removeReaction, sendMessage, styles, updateStream } from './fixtures.js';
import { startRecorder, splitUrl, type Recorder } from './server.js';

const run = promisify(execFile);
const curlPath = ['/usr/bin/curl', '/usr/local/bin/curl', '/bin/curl'].find((path) =>
  existsSync(path),
);
const curlSkipReason = curlPath ? '' : ' (SKIPPED: curl is not installed)';
if (!curlPath && process.env.CI)
  throw new Error(
    'curl is missing and CI is set: install it (.ci/run does); the curl tests may not be skipped on CI',
  );

let recorder: Recorder;
beforeAll(async () => {
  recorder = await startRecorder();
});
afterAll(async () => {
  await recorder?.close();
});

const upperHex = (text: string) => text.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());

/** Runs the sample through sh (so its quoting is tested too) and checks what arrived. */
async function checkSample(op: WireOperation, input: RequestInput, mediaType?: string) {
  const encoded = encodeRequest(op, input, { mediaType });
  const command = curlCommand(op, input, {
    baseUrl: recorder.baseUrl + '/api/v1',
    auth: { email: 'bot@example.com', apiKey: "k'ey" },
    mediaType,
  });
  const before = recorder.requests.length;
  await run('sh', ['-c', command.replace(/^curl /, `${curlPath} -sS -o /dev/null `)], {
    timeout: 10_000,
  });
  expect(recorder.requests.length).toBe(before + 1);
  const received = recorder.requests[before];
  const { pathname, query } = splitUrl(received.url);
  expect(received.method).toBe(encoded.method);
  expect(pathname).toBe('/api/v1' + encoded.path);
  expect(upperHex(query)).toBe(encoded.query);
  expect(received.headers.authorization).toBe(
    'Basic ' + Buffer.from("bot@example.com:k'ey").toString('base64'),
  );
  for (const [name, value] of Object.entries(encoded.headers))
    expect(received.headers[name.toLowerCase()]).toBe(value);
  const body = new TextDecoder().decode(received.body);
  const contentType = received.headers['content-type'];
  if (encoded.body === undefined) {
    expect(body).toBe('');
  } else if (encoded.body.contentType.startsWith('multipart/')) {
    const theirs = /boundary=(.+)$/.exec(contentType ?? '')?.[1] ?? '';
    const ours = /boundary=(.+)$/.exec(encoded.body.contentType)?.[1] ?? '';
    expect(body.split(theirs).join(ours)).toBe(new TextDecoder().decode(encoded.body.bytes));
  } else {
    expect(contentType).toBe(encoded.body.contentType);
    expect(body).toBe(encoded.body.text);
  }
  const pathParams = matchPath('/api/v1' + op.path, pathname) ?? {};
  return {
    command,
    decoded: decodeRequest(op, {
      pathParams,
      query,
      contentType,
      body: received.body,
      headers: received.headers,
    }),
  };
}

/** The form names a case sends: a deepObject field sends `name[key]`. */
/** The form names a case sends; a path field may share a body field's name, so match `in` too. */
function pairNames(
  op: WireOperation,
  where: 'query' | 'body',
  fields: Record<string, unknown>,
): string[] {
  return Object.entries(fields).flatMap(([name, value]) =>
    op.fields.find((field) => field.name === name && field.in === where)?.encoding === 'deepObject'
      ? Object.keys(value as object).map((key) => `${name}[${key}]`)
      : [name],
  );
}

const message = {
  type: 'stream',
  to: 'general',
  content: 'it\'s 100% "done" & ok; @all <b>\n--end ',
  topic: 'a=b+c',
};

describe(`curl samples send what encodeRequest encodes${curlSkipReason}`, () => {
  it.skipIf(!curlPath)('urlencoded POST, byte for byte', async () => {
    const { command, decoded } = await checkSample(sendMessage, { body: message });
    expect(command.split(' \\\n  ')).toEqual([
      `curl '${recorder.baseUrl}/api/v1/messages'`,
      `-u 'bot@example.com:k'\\''ey'`,
      "--data-urlencode 'type=stream'",
      "--data-urlencode 'to=general'",
      `--data-urlencode 'content=it'\\''s 100% "done" & ok; @all <b>\n--end '`,
      "--data-urlencode 'topic=a=b+c'",
    ]);
    expect(decoded).toMatchObject({ ok: true, value: { body: message } });
  });

  it.skipIf(!curlPath)('multipart POST, -F and --form-string', async () => {
    const { command, decoded } = await checkSample(
      sendMessage,
      { body: { ...message, to: [1, 2] } },
      'multipart/form-data',
    );
    expect(command).toContain("-F 'to=[1,2]'");
    expect(command).toContain("--form-string 'content=it'\\''s");
    expect(decoded).toMatchObject({ ok: true, value: { body: { ...message, to: [1, 2] } } });
  });

  it.skipIf(!curlPath)('GET with -G and JSON in the query', async () => {
    const query = {
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'general' }],
    };
    const { command } = await checkSample(getMessages, { query });
    expect(command).toContain(`-G \\\n  --data-urlencode 'anchor=newest'`);
    expect(command).toContain(
      `--data-urlencode 'narrow=[{"operator":"channel","operand":"general"}]'`,
    );
  });

  it.skipIf(!curlPath)(
    'DELETE with a path parameter, PATCH, empty POST and OpenAPI styles',
    async () => {
      expect(
        (
          await checkSample(removeReaction, {
            path: { message_id: 7 },
            query: { emoji_name: 'a b' },
          })
        ).command,
      ).toMatch(/^curl -X DELETE /);
      expect(
        (await checkSample(updateStream, { path: { stream_id: 3 }, body: { folder_id: null } }))
          .command,
      ).toMatch(/^curl -X PATCH /);
      expect(
        (await checkSample(updateStream, { path: { stream_id: 3 }, body: {} })).command,
      ).toMatch(/^curl -X PATCH '[^']*' \\\n {2}-u [^\n]*$/);
      const stylesInput = {
        path: { ids: 'a/b' },
        query: { tag: [1, 2], color: ['x,y', 'z'], filter: { 'k]': 'v w' } },
        headers: { 'X-Trace': 9 },
      };
      const { decoded } = await checkSample(styles, stylesInput);
      expect(decoded).toMatchObject({
        ok: true,
        value: { path: { ids: 'a/b' }, query: stylesInput.query, headers: { 'X-Trace': 9 } },
      });
    },
  );

  for (const target of ['query', 'urlencoded', 'multipart'] as const satisfies Target[]) {
    it.skipIf(!curlPath)(`random operations and values, ${target}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          caseArb(target).filter(
            (c) =>
              !JSON.stringify(c.fields).includes('\\u0000') &&
              !pairNames(c.op, target === 'query' ? 'query' : 'body', c.fields).some((name) =>
                name.includes('='),
              ),
          ),
          async ({ op, path, fields }) => {
            await checkSample(
              op,
              target === 'query' ? { path, query: fields } : { path, body: fields },
              target === 'multipart' ? 'multipart/form-data' : undefined,
            );
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});

describe('curl sample text', () => {
  it('uses a placeholder for credentials and quotes every argument', () => {
    const command = curlCommand(
      getMessages,
      { query: { anchor: "o'k" } },
      { baseUrl: 'https://chat.example.com/api/v1/', auth: 'placeholder' },
    );
    expect(command).toBe(
      "curl 'https://chat.example.com/api/v1/messages' \\\n  -u '<EMAIL>:<API_KEY>' \\\n  -G \\\n  --data-urlencode 'anchor=o'\\''k'",
    );
  });

  it('refuses what a shell or curl cannot carry', () => {
    expect(() =>
      curlCommand(sendMessage, { body: { content: 'a\0b' } }, { baseUrl: 'http://x' }),
    ).toThrow(/NUL/);
    expect(() =>
      curlCommand(
        sendMessage,
        { body: { 'a=b': 'x' } },
        { baseUrl: 'http://x', mediaType: 'multipart/form-data' },
      ),
    ).toThrow(/=/);
  });
});
