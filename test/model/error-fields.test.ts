/**
 * The fields an error code adds (generator/model/error-fields.ts), read from the error
 * responses' component schemas: what the generated client types on that code's `api` error.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build.js';
import type { OpenApiDocument } from '../../generator/model/document.js';

const envelope = {
  type: 'object',
  required: ['result', 'msg', 'code'],
  properties: {
    result: { const: 'error' },
    msg: { type: 'string' },
    code: { type: 'string' },
  },
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function codeFields(errorSchema: unknown, schemas: Record<string, unknown>) {
  const document = {
    openapi: '3.1.0',
    info: { title: 'errors', version: '1' },
    paths: {
      '/a': {
        get: {
          operationId: 'a',
          responses: {
            '200': { description: 'ok' },
            '400': {
              description: 'no',
              content: { 'application/json': { schema: errorSchema } },
            },
          },
        },
      },
      // the document's common error body, as most of its error responses are
      ...Object.fromEntries(
        ['/b', '/c'].map((path, i) => [
          path,
          {
            get: {
              operationId: `other${i}`,
              responses: {
                '200': { description: 'ok' },
                '400': {
                  description: 'no',
                  content: { 'application/json': { schema: ref('Envelope') } },
                },
              },
            },
          },
        ]),
      ),
    },
    components: { schemas: { Envelope: envelope, ...schemas } },
  } as unknown as OpenApiDocument;
  return buildModel(document, 'errors.yaml').model.errorConventions.codeFields;
}

const streamError = {
  allOf: [
    ref('Envelope'),
    {
      type: 'object',
      required: ['stream'],
      properties: { code: { const: 'NO_STREAM' }, stream: { type: 'string' }, hint: {} },
    },
  ],
};

describe('fields an error code adds', () => {
  it('a union branch that fixes the code and adds fields: those fields, required or not', () => {
    expect(
      codeFields({ anyOf: [ref('StreamError'), ref('Envelope')] }, { StreamError: streamError }),
    ).toEqual([
      {
        code: 'NO_STREAM',
        schema: 'StreamError',
        fields: [
          { name: 'stream', required: true },
          { name: 'hint', required: false },
        ],
      },
    ]);
  });

  it('an enum of one value fixes the code too', () => {
    const oneEnum = {
      allOf: [ref('Envelope'), { properties: { code: { enum: ['GONE'] }, since: {} } }],
    };
    expect(codeFields(ref('Gone'), { Gone: oneEnum })).toEqual([
      { code: 'GONE', schema: 'Gone', fields: [{ name: 'since', required: false }] },
    ]);
  });

  it('nothing for an inline branch, an open code, or a branch that adds no field', () => {
    expect(codeFields({ anyOf: [streamError, ref('Envelope')] }, {})).toEqual([]);
    const open = { allOf: [ref('Envelope'), { properties: { stream: { type: 'string' } } }] };
    expect(codeFields({ anyOf: [ref('Open'), ref('Envelope')] }, { Open: open })).toEqual([]);
    const bare = { allOf: [ref('Envelope'), { properties: { code: { const: 'X' } } }] };
    expect(codeFields({ anyOf: [ref('Bare'), ref('Envelope')] }, { Bare: bare })).toEqual([]);
  });
});
