/** Exact wire forms, byte for byte, and what the decoder makes of them (good and bad). */
import { describe, expect, it } from 'vitest';
import {
  decodeRequest,
  encodeRequest,
  fieldText,
  fillPath,
  matchPath,
  splitInput,
} from '../../runtime/wire.js';
import {
  createWithJson,
  getMessages,
  rawOf,
  removeReaction,
  sendMessage,
  styles,
  unsubscribe,
  updateStream,
} from './fixtures.js';

const send = (body: Record<string, unknown>) => encodeRequest(sendMessage, { body }).body?.text;

describe('urlencoded bodies', () => {
  it.each([
    ['array of ids', [1, 2], 'to=%5B1%2C2%5D'],
    ['channel name sent raw', 'general', 'to=general'],
    ['integer', 9, 'to=9'],
    ['string "9" quoted', '9', 'to=%229%22'],
    ['string "true" quoted', 'true', 'to=%22true%22'],
    ['string "null" quoted', 'null', 'to=%22null%22'],
    ['string "[1]" quoted', '[1]', 'to=%22%5B1%5D%22'],
    ['leading quote quoted', '"x', 'to=%22%5C%22x%22'],
    ['leading space quoted', ' general', 'to=%22+general%22'],
    ['trailing newline quoted', 'general\n', 'to=%22general%5Cn%22'],
    ['emails', ['a@example.com'], 'to=%5B%22a%40example.com%22%5D'],
    ['empty string raw', '', 'to='],
  ])('json field: %s', (_, to, wire) => {
    expect(send({ to })).toBe(wire);
  });

  it('plain scalars: strings as is, booleans, null, numbers as String(n)', () => {
    expect(send({ type: 'stream', read_by_sender: false })).toBe(
      'type=stream&read_by_sender=false',
    );
    expect(
      encodeRequest(updateStream, {
        path: { stream_id: 7 },
        body: { folder_id: null, is_private: true },
      }).body?.text,
    ).toBe('folder_id=null&is_private=true');
    expect(
      encodeRequest(getMessages, { query: { num_before: 0, num_after: 1e21, anchor: -5 } }).query,
    ).toBe('num_before=0&num_after=1e%2B21&anchor=-5');
  });

  it('escapes &, =, +, % and spaces inside values; keeps -._~', () => {
    expect(send({ content: 'a&b=c+d%e f-._~' })).toBe('content=a%26b%3Dc%2Bd%25e+f-._~');
  });

  it("escapes !'()* and colons, which encodeURIComponent would leave", () => {
    expect(send({ content: "!'()*:/?#[]@" })).toBe('content=%21%27%28%29%2A%3A%2F%3F%23%5B%5D%40');
  });

  it('writes unicode as UTF-8 escapes, lone surrogates as U+FFFD', () => {
    expect(send({ content: 'é 😀 中' })).toBe('content=%C3%A9+%F0%9F%98%80+%E4%B8%AD');
    expect(send({ content: '\uD800' })).toBe('content=%EF%BF%BD');
  });

  it('keeps the order of the input keys and omits undefined', () => {
    expect(send({ content: 'x', topic: undefined, type: 'private', to: [3] })).toBe(
      'content=x&type=private&to=%5B3%5D',
    );
  });

  it('sends names the operation lacks as a client would (scalars as text, objects as JSON)', () => {
    expect(send({ to: 1, extra: 'a b', list: [1] })).toBe('to=1&extra=a+b&list=%5B1%5D');
  });

  it('sends group-setting objects as one JSON field', () => {
    const body = {
      can_add_subscribers_group: { new: { direct_members: [10], direct_subgroups: [] }, old: 11 },
    };
    expect(encodeRequest(updateStream, { path: { stream_id: 1 }, body }).body?.text).toBe(
      'can_add_subscribers_group=%7B%22new%22%3A%7B%22direct_members%22%3A%5B10%5D%2C%22direct_subgroups%22%3A%5B%5D%7D%2C%22old%22%3A11%7D',
    );
  });

  it('refuses what has no text form (misuse throws)', () => {
    expect(() => send({ to: Number.NaN })).toThrow(TypeError);
    expect(() => send({ content: Number.POSITIVE_INFINITY })).toThrow(/cannot send/);
    expect(() =>
      encodeRequest(
        sendMessage,
        { body: { content: new Blob(['x']) } },
        { mediaType: 'application/x-www-form-urlencoded' },
      ),
    ).toThrow(/multipart/);
    expect(() => encodeRequest(getMessages, { body: { a: 1 } })).toThrow(/takes no request body/);
  });
});

describe('query strings', () => {
  it('pins the narrow filter', () => {
    const encoded = encodeRequest(getMessages, {
      query: {
        anchor: 'newest',
        num_before: 100,
        num_after: 0,
        narrow: [{ operator: 'channel', operand: 'general' }],
      },
    });
    expect(encoded).toEqual({
      method: 'GET',
      path: '/messages',
      query:
        'anchor=newest&num_before=100&num_after=0&narrow=%5B%7B%22operator%22%3A%22channel%22%2C%22operand%22%3A%22general%22%7D%5D',
      headers: {},
    });
  });

  it('puts DELETE parameters in the query and fills the path', () => {
    expect(encodeRequest(unsubscribe, { query: { subscriptions: ['Denmark', 'a b'] } }).query).toBe(
      'subscriptions=%5B%22Denmark%22%2C%22a+b%22%5D',
    );
    const reaction = encodeRequest(removeReaction, {
      path: { message_id: 42 },
      query: { emoji_name: 'thumbs_up' },
    });
    expect([reaction.path, reaction.query, reaction.body]).toEqual([
      '/messages/42/reactions',
      'emoji_name=thumbs_up',
      undefined,
    ]);
  });

  it('encodes path parameters with encodeURIComponent', () => {
    expect(encodeRequest(styles, { path: { ids: 'a/b c?é' } }).path).toBe(
      '/styles/a%2Fb%20c%3F%C3%A9',
    );
    expect(() => encodeRequest(styles, {})).toThrow(/path parameter `ids` is missing/);
  });

  it('refuses a path value that URLs would drop as a dot segment, and only that', () => {
    for (const ids of ['.', '..', ['..']])
      expect(() => encodeRequest(styles, { path: { ids } })).toThrow(/dot segment/);
    // (the segment's own text, `.`, is percent-encoded inside the value: path-fragment.test.ts)
    expect(fillPath('/a/{x}.json', { x: '.' })).toBe('/a/%2E.json');
    expect(fillPath('/a/{x}', { x: '...' })).toBe('/a/...');
    expect(new URL('http://h' + fillPath('/a/{x}/b', { x: '...' })).pathname).toBe('/a/.../b');
  });

  it('writes the OpenAPI styles: explode, comma (items escaped, delimiter literal), deepObject', () => {
    const encoded = encodeRequest(styles, {
      path: { ids: 'x' },
      query: {
        tag: [1, 2],
        color: ['red,dark', 'blue'],
        point: { x: 1, y: 2 },
        filter: { status: 'open', 'a b': true },
      },
      headers: { 'X-Trace': 5 },
    });
    expect(encoded.query).toBe(
      'tag=1&tag=2&color=red%2Cdark,blue&point=x,1,y,2&filter%5Bstatus%5D=open&filter%5Ba+b%5D=true',
    );
    expect(encoded.headers).toEqual({ 'X-Trace': '5' });
    const decoded = decodeRequest(styles, {
      ...rawOf(encoded, { ids: 'x' }),
      headers: { 'x-trace': '5' },
    });
    expect(decoded).toMatchObject({
      ok: true,
      value: {
        path: { ids: 'x' },
        query: {
          tag: [1, 2],
          color: ['red,dark', 'blue'],
          point: { x: 1, y: 2 },
          filter: { status: 'open', 'a b': true },
        },
        headers: { 'X-Trace': 5 },
      },
    });
  });
});

describe('multipart bodies', () => {
  it('writes one part per field, byte for byte, with a fixed boundary', () => {
    const encoded = encodeRequest(
      sendMessage,
      { body: { type: 'stream', to: '9', content: 'é\r\nline', read_by_sender: true } },
      { mediaType: 'multipart/form-data', boundary: 'BOUNDARY42' },
    );
    expect(encoded.body?.contentType).toBe('multipart/form-data; boundary=BOUNDARY42');
    expect(new TextDecoder().decode(encoded.body?.bytes)).toBe(
      '--BOUNDARY42\r\nContent-Disposition: form-data; name="type"\r\n\r\nstream\r\n' +
        '--BOUNDARY42\r\nContent-Disposition: form-data; name="to"\r\n\r\n"9"\r\n' +
        '--BOUNDARY42\r\nContent-Disposition: form-data; name="content"\r\n\r\né\r\nline\r\n' +
        '--BOUNDARY42\r\nContent-Disposition: form-data; name="read_by_sender"\r\n\r\ntrue\r\n' +
        '--BOUNDARY42--\r\n',
    );
  });

  it('escapes quotes and line breaks in names as browsers and curl do', () => {
    const encoded = encodeRequest(
      sendMessage,
      { body: { 'a"b\nc': 'v' } },
      { mediaType: 'multipart/form-data', boundary: 'b' },
    );
    expect(new TextDecoder().decode(encoded.body?.bytes)).toContain('name="a%22b%0Ac"');
    const decoded = decodeRequest(sendMessage, rawOf(encoded));
    expect(decoded.ok ? [] : decoded.errors.map((e) => e.field)).toEqual(['type', 'to', 'content']);
  });

  it('makes a Blob body with file parts, chosen automatically, and reads them back as Files', async () => {
    const file = new File(['PNG…'], 'cat.png', { type: 'image/png' });
    const encoded = encodeRequest(
      sendMessage,
      { body: { type: 'stream', to: 'x', content: 'c', upload: file } },
      { boundary: 'b' },
    );
    expect(encoded.body?.blob).toBeInstanceOf(Blob);
    const bytes = new Uint8Array(await encoded.body!.blob!.arrayBuffer());
    expect(new TextDecoder().decode(bytes)).toContain(
      '--b\r\nContent-Disposition: form-data; name="upload"; filename="cat.png"\r\nContent-Type: image/png\r\n\r\nPNG…\r\n--b--\r\n',
    );
    const decoded = decodeRequest(sendMessage, {
      pathParams: {},
      query: '',
      contentType: encoded.body!.contentType,
      body: bytes,
    });
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.unknown).toEqual(['upload']);
    const received = decoded.unknownValues.upload[0] as File;
    expect([received.name, received.type, await received.text()]).toEqual([
      'cat.png',
      'image/png',
      'PNG…',
    ]);
  });

  it('rejects a boundary that is invalid or occurs in a value', () => {
    const body = { content: 'x--b y' };
    expect(() =>
      encodeRequest(sendMessage, { body }, { mediaType: 'multipart/form-data', boundary: 'b' }),
    ).toThrow(/boundary/);
    expect(() =>
      encodeRequest(
        sendMessage,
        { body },
        { mediaType: 'multipart/form-data', boundary: 'a\r\nb' },
      ),
    ).toThrow(/invalid/);
  });

  it('is read by the platform parser (Response.formData) as we meant it', async () => {
    const encoded = encodeRequest(
      sendMessage,
      { body: { to: [1, 2], content: 'hé "q"' } },
      { mediaType: 'multipart/form-data' },
    );
    const form = await new Response(encoded.body!.bytes, {
      headers: { 'content-type': encoded.body!.contentType },
    }).formData();
    expect([...form.entries()]).toEqual([
      ['to', '[1,2]'],
      ['content', 'hé "q"'],
    ]);
  });
});

describe('JSON bodies', () => {
  it('sends the document as JSON and reads it back', () => {
    const encoded = encodeRequest(createWithJson, { body: { a: [1, 'b'] } });
    expect(encoded.body).toEqual({ contentType: 'application/json', text: '{"a":[1,"b"]}' });
    expect(decodeRequest(createWithJson, rawOf(encoded))).toMatchObject({
      ok: true,
      value: { body: { a: [1, 'b'] } },
    });
  });

  it('reports a bad or missing document', () => {
    const bad = decodeRequest(createWithJson, {
      pathParams: {},
      query: '',
      contentType: 'application/json',
      body: '{"a":',
    });
    expect(bad.ok ? null : bad.errors[0]).toMatchObject({
      field: null,
      location: 'body',
      message: expect.stringMatching(/not valid JSON/),
    });
    const missing = decodeRequest(createWithJson, { pathParams: {}, query: '' });
    expect(missing.ok ? null : missing.errors[0].message).toBe('a request body is required');
  });
});

describe('decoding', () => {
  const form = (text: string, contentType = 'application/x-www-form-urlencoded') => ({
    pathParams: {},
    query: '',
    contentType,
    body: text,
  });

  it('coerces plain text by the types the field admits', () => {
    const raw = {
      pathParams: { stream_id: '12' },
      query: '',
      contentType: 'application/x-www-form-urlencoded',
    };
    const decoded = decodeRequest(updateStream, {
      ...raw,
      body: 'description=12&is_private=false&folder_id=null&message_retention_days=unlimited',
    });
    expect(decoded).toEqual({
      ok: true,
      value: {
        path: { stream_id: 12 },
        query: {},
        body: {
          description: '12',
          is_private: false,
          folder_id: null,
          message_retention_days: 'unlimited',
        },
        headers: {},
      },
      unknown: [],
      unknownValues: {},
    });
  });

  it('reads json fields: JSON first, raw text for string fields, %20 and + both as space', () => {
    const decode = (to: string) =>
      decodeRequest(sendMessage, form(`type=stream&content=x&to=${to}`));
    expect(decode('%5B1%2C2%5D')).toMatchObject({ value: { body: { to: [1, 2] } } });
    expect(decode('general')).toMatchObject({ value: { body: { to: 'general' } } });
    expect(decode('%229%22')).toMatchObject({ value: { body: { to: '9' } } });
    expect(decode('9')).toMatchObject({ value: { body: { to: 9 } } });
    expect(decode('%5B1')).toMatchObject({ value: { body: { to: '[1' } } });
    expect(decode('my+channel%20x')).toMatchObject({ value: { body: { to: 'my channel x' } } });
    expect(decode('true')).toMatchObject({ value: { body: { to: 'true' } } }); // boolean not admitted: the text
  });

  it('names the field and what was expected when text does not fit', () => {
    const errors = (op: typeof getMessages, query: string) => {
      const result = decodeRequest(op, { pathParams: { stream_id: 'x' }, query });
      return result.ok ? [] : result.errors;
    };
    expect(errors(getMessages, 'narrow=%5B%7B')).toEqual([
      {
        field: 'narrow',
        location: 'query',
        message: expect.stringMatching(/^`narrow` is not valid JSON: /),
      },
    ]);
    expect(errors(getMessages, 'num_before=1.5&include_anchor=yes&narrow=%7B%7D')).toEqual([
      {
        field: 'include_anchor',
        location: 'query',
        message: '`include_anchor` expected a boolean, got "yes"',
      },
      {
        field: 'num_before',
        location: 'query',
        message: '`num_before` expected an integer, got "1.5"',
      },
      { field: 'narrow', location: 'query', message: '`narrow` expected an array, got an object' },
    ]);
    expect(errors(getMessages, 'num_after=1&num_after=2')).toEqual([
      {
        field: 'num_after',
        location: 'query',
        message: '`num_after` was given 2 times; it takes one value',
      },
    ]);
    expect(errors(updateStream, '')).toEqual([
      { field: 'stream_id', location: 'path', message: '`stream_id` expected an integer, got "x"' },
    ]);
  });

  it('reports every missing required field', () => {
    const result = decodeRequest(sendMessage, form('topic=t'));
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([
      '`type` is required',
      '`to` is required',
      '`content` is required',
    ]);
  });

  it('returns unknown names apart with their raw values', () => {
    const result = decodeRequest(getMessages, {
      pathParams: {},
      query: 'anchor=10&client_gravatar=true&x=1&x=2&__proto__=p',
    });
    expect(result).toMatchObject({
      ok: true,
      value: { query: { anchor: 10 } },
      unknown: ['client_gravatar', 'x', '__proto__'],
    });
    if (result.ok) {
      expect(result.unknownValues.x).toEqual(['1', '2']);
      expect(Object.getOwnPropertyDescriptor(result.unknownValues, '__proto__')?.value).toEqual([
        'p',
      ]);
    }
  });

  it('accepts PATCH/DELETE parameters in the other place only under lenientLocation', () => {
    const patch = {
      pathParams: { stream_id: '3' },
      query: 'description=d&is_private=true',
      contentType: 'application/x-www-form-urlencoded',
      body: 'is_private=false',
    };
    expect(decodeRequest(updateStream, patch)).toMatchObject({
      ok: true,
      value: { body: { is_private: false } },
      unknown: ['description', 'is_private'],
    });
    expect(decodeRequest(updateStream, patch, { lenientLocation: true })).toMatchObject({
      ok: true,
      value: { body: { description: 'd', is_private: false } }, // declared place (body) wins
      unknown: ['is_private'],
    });
    const del = {
      pathParams: {},
      query: '',
      contentType: 'application/x-www-form-urlencoded',
      body: 'subscriptions=%5B%22a%22%5D',
    };
    expect(decodeRequest(unsubscribe, del)).toMatchObject({
      ok: false,
      errors: [{ field: 'subscriptions', message: '`subscriptions` is required' }],
    });
    expect(decodeRequest(unsubscribe, del, { lenientLocation: true })).toMatchObject({
      ok: true,
      value: { query: { subscriptions: ['a'] } },
      unknown: [],
    });
  });

  it('refuses a media type the operation does not accept, and broken multipart', () => {
    const json = decodeRequest(sendMessage, form('{"to":1}', 'application/json'));
    expect(json.ok ? null : json.errors[0].message).toBe(
      'an application/json body is not accepted here; send application/x-www-form-urlencoded or multipart/form-data',
    );
    const noBoundary = decodeRequest(sendMessage, form('--x\r\n', 'multipart/form-data'));
    expect(noBoundary.ok ? null : noBoundary.errors[0].message).toMatch(/without a boundary/);
    const cut = decodeRequest(
      sendMessage,
      form(
        '--x\r\nContent-Disposition: form-data; name="to"\r\n\r\n1',
        'multipart/form-data; boundary=x',
      ),
    );
    expect(cut.ok ? null : cut.errors[0].message).toMatch(/cut short/);
  });

  it('reads multipart from other writers: quoted boundary, preamble, part headers, look-alike delimiters', () => {
    const body =
      'preamble\r\n--q b\r\ncontent-disposition: form-data; name="to"\r\ncontent-type: application/json\r\n\r\n[5]\r\n' +
      '--q b\r\nContent-Disposition: form-data; name=type\r\n\r\nprivate\r\n' +
      '--q b\r\nContent-Disposition: form-data; name="content"\r\n\r\nx\r\n--q bx\r\n' +
      '--q b  \r\nContent-Disposition: form-data; name="con%22te\\nt"\r\n\r\n\r\n--q b--\r\nepilogue';
    const result = decodeRequest(sendMessage, form(body, 'multipart/form-data; boundary="q b"'));
    expect(result).toEqual({
      ok: true,
      value: {
        path: {},
        query: {},
        body: { type: 'private', to: [5], content: 'x\r\n--q bx' },
        headers: {},
      },
      unknown: ['con"te\\nt'],
      unknownValues: { 'con"te\\nt': [''] },
    });
  });
});

describe('matchPath and splitInput', () => {
  it('matches templates segment by segment and percent-decodes parameters', () => {
    expect(matchPath('/messages/{message_id}', '/messages/42')).toEqual({ message_id: '42' });
    expect(
      matchPath('/messages/{message_id}/reactions', '/messages/a%2Fb%20c/reactions?x=1'),
    ).toEqual({ message_id: 'a/b c' });
    expect(matchPath('/files/{name}.{ext}', '/files/a.b.json')).toEqual({
      name: 'a',
      ext: 'b.json',
    });
    expect(matchPath('/messages/{message_id}', '/messages/%E0%A4%A')).toEqual({
      message_id: '%E0%A4%A',
    });
    expect(matchPath('/messages/{message_id}', '/messages/')).toBeNull();
    expect(matchPath('/messages/{message_id}', '/messages/1/2')).toBeNull();
    expect(matchPath('/messages/flags', '/messages/42')).toBeNull();
  });

  it('sorts flat parameters into their places', () => {
    expect(splitInput(updateStream, { stream_id: 1, description: 'd', other: 2 })).toEqual({
      path: { stream_id: 1 },
      query: {},
      headers: {},
      body: { description: 'd', other: 2 },
    });
  });

  it('fieldText is the single text rule for docs and headers', () => {
    expect(fieldText({ name: 'to', encoding: 'json', types: ['string', 'array'] }, 'general')).toBe(
      'general',
    );
    expect(fieldText({ name: 'to', encoding: 'json', types: ['array'] }, 'general')).toBe(
      '"general"',
    );
  });
});
