/** What fetch really sends over a socket, decoded by the server side of the wire model. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeRequest,
  encodeRequest,
  matchPath,
  type EncodedRequest,
  type WireOperation,
} from '../../runtime/wire.js';
import { getMessages, sendMessage, updateStream } from './fixtures.js';
import { startRecorder, splitUrl, type Recorder } from './server.js';

let recorder: Recorder;
beforeAll(async () => {
  recorder = await startRecorder();
});
afterAll(async () => {
  await recorder.close();
});

async function sendAndDecode(
  op: WireOperation,
  encoded: EncodedRequest,
  init: { body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const url = recorder.baseUrl + encoded.path + (encoded.query ? `?${encoded.query}` : '');
  const body = init.body ?? encoded.body?.text ?? encoded.body?.bytes ?? encoded.body?.blob;
  const headers =
    init.headers ?? (encoded.body ? { 'content-type': encoded.body.contentType } : {});
  const response = await fetch(url, { method: encoded.method, body, headers });
  expect(response.status).toBe(200);
  const received = recorder.requests[recorder.requests.length - 1];
  const { pathname, query } = splitUrl(received.url);
  const pathParams = matchPath(op.path, pathname);
  expect(pathParams).not.toBeNull();
  return {
    received,
    decoded: decodeRequest(op, {
      pathParams: pathParams ?? {},
      query,
      contentType: received.headers['content-type'],
      body: received.body,
    }),
  };
}

const message = {
  type: 'stream',
  to: ['Denmark', 9],
  content: 'Hi & welcome: 100% "é" + 😀\r\n--x',
  topic: ' (no topic) ',
  read_by_sender: true,
};

describe('fetch → node:http → decodeRequest', () => {
  it('urlencoded body', async () => {
    const encoded = encodeRequest(sendMessage, { body: message });
    const { received, decoded } = await sendAndDecode(sendMessage, encoded);
    expect(new TextDecoder().decode(received.body)).toBe(encoded.body?.text);
    expect(decoded).toMatchObject({ ok: true, value: { body: message } });
  });

  it('multipart body with a file part', async () => {
    const file = new File([new Uint8Array([0, 255, 13, 10, 45, 45])], 'bytes.bin', {
      type: 'application/octet-stream',
    });
    const encoded = encodeRequest(
      sendMessage,
      { body: { ...message, attachment: file } },
      { mediaType: 'multipart/form-data' },
    );
    const { received, decoded } = await sendAndDecode(sendMessage, encoded);
    expect(received.headers['content-type']).toBe(encoded.body?.contentType);
    expect(decoded).toMatchObject({ ok: true, value: { body: message }, unknown: ['attachment'] });
    if (decoded.ok)
      expect(
        new Uint8Array(await (decoded.unknownValues.attachment[0] as Blob).arrayBuffer()),
      ).toEqual(new Uint8Array([0, 255, 13, 10, 45, 45]));
  });

  it("multipart written by the platform's own FormData (another writer)", async () => {
    const form = new FormData();
    form.append('type', 'private');
    form.append('to', '[1,2]');
    form.append('content', 'a"b\\c\r\nd');
    form.append('a"b', 'odd name');
    const encoded = encodeRequest(sendMessage, {});
    const { decoded } = await sendAndDecode(
      sendMessage,
      { ...encoded, method: 'POST' },
      { body: form, headers: {} },
    );
    expect(decoded).toMatchObject({
      ok: true,
      value: { body: { type: 'private', to: [1, 2], content: 'a"b\\c\r\nd' } },
      unknown: ['a"b'],
    });
  });

  it('query string and path of a PATCH with a urlencoded body', async () => {
    const encoded = encodeRequest(updateStream, {
      path: { stream_id: 5 },
      body: { description: 'a/b?c', folder_id: null },
    });
    const { received, decoded } = await sendAndDecode(updateStream, encoded);
    expect(received.url).toBe('/streams/5');
    expect(decoded).toMatchObject({
      ok: true,
      value: { path: { stream_id: 5 }, body: { description: 'a/b?c', folder_id: null } },
    });
  });

  it('GET query with JSON fields arrives byte for byte', async () => {
    const query = {
      anchor: 'first_unread',
      num_before: 5,
      num_after: 0,
      narrow: [['channel', 'a b']],
    };
    const encoded = encodeRequest(getMessages, { query });
    const { received, decoded } = await sendAndDecode(getMessages, encoded);
    expect(received.url).toBe('/messages?' + encoded.query);
    expect(decoded).toMatchObject({ ok: true, value: { query } });
  });
});
