/**
 * Every refusal a server of ours gives (400, 401, 404, 405, 408, 413, 417, 431, 500, 501, in the
 * shape the model decided: model.errorConventions.refusal, written by runtime/pipeline-answers.ts
 * `refusalBody`, the one function every server writes them with) validates against the error
 * schema each operation of the document declares for that status (the status itself, else its
 * `4XX`/`5XX`, else `default`), checked with Ajv as the generated validators check answers.
 * Documents: ours, Stripe's, GitHub's and the refusal fixtures. test/server/refusal-shapes.test.ts
 * checks the same shapes through started servers, the Prism front and MSW.
 *
 * An operation whose error schema for a status is not of the document's error shape at all (not
 * a body with the words: GitHub's `pulls/merge-async` answers 400 with a merge result, its
 * `gists/check-is-starred` 404 is `{}` with no property allowed) cannot take a refusal of that shape: those are listed by name,
 * so a new one fails the test.
 */
import { describe, expect, it } from 'vitest';
import { isJsonMediaType } from '../../generator/model/media.js';
import { jsonSchemaSource } from '../../generator/model/views/json-schema.js';
import { createAjv, findUnknownFormats } from '../../generator/schema/ajv.js';
import { buildJsonSchemaRoot, defKey } from '../../generator/schema/json-schema.js';
import { LISTENER_ERROR_CODES as C, refusalBody } from '../../runtime/pipeline-answers.js';
import { haveShared, sharedPath } from '../shared-folder.js';
import { loadOrThrow } from '../load-contract.js';

/** The statuses the servers refuse with on their own, and the code each carries. */
const REFUSALS: [number, string][] = [
  [400, C.badRequest],
  [401, C.unauthorized],
  [404, C.notFound],
  [405, C.methodNotAllowed],
  [408, C.requestTimeout],
  [413, C.tooLarge],
  [417, C.expectationFailed],
  [431, C.headersTooLarge],
  [500, C.internal],
  [501, C.notImplemented],
];

const BIG = sharedPath('specs', 'big');
const haveBig = haveShared("refusals against Stripe's and GitHub's error schemas", 'specs', 'big');

interface Doc {
  file: string;
  /** `operationId status`: declared error schemas not of the document's error shape (see above) */
  otherShapes?: string[];
  /** the least number of (operation, status) pairs checked: the test checks something */
  atLeast: number;
}

const DOCS: Doc[] = [
  { file: 'openapi/openapi.yaml', atLeast: 20 },
  { file: 'test/fixtures/refusals/message.yaml', atLeast: 2 },
  { file: 'test/fixtures/refusals/nested.yaml', atLeast: 2 },
  { file: 'test/fixtures/refusals/none.yaml', atLeast: 0 },
  ...(haveBig
    ? [
        { file: `${BIG}/stripe-spec3.json`, atLeast: 500 },
        {
          file: `${BIG}/github-api.github.com.json`,
          otherShapes: ['pulls/merge-async 400', 'gists/check-is-starred 404'],
          atLeast: 900,
        },
      ]
    : []),
];

/** The declared response for `status`: its own, else its class's (`4XX`), else `default`. */
function declared<R extends { status: string }>(responses: R[], status: number): R | undefined {
  const own = String(status);
  const range = `${own[0]}XX`;
  return (
    responses.find((r) => r.status === own) ??
    responses.find((r) => r.status.toUpperCase() === range) ??
    responses.find((r) => r.status === 'default')
  );
}

describe.each(DOCS.map((d) => [d.file.split('/').pop()!, d] as const))(
  "refusals validate against %s's error schemas",
  (_name, d) => {
    it('every refusal, every operation, every status', async () => {
      const contract = await loadOrThrow(d.file, { skipSchemaCheck: true });
      const { model } = contract;
      const refusal = model.errorConventions.refusal;
      const checks: { op: string; status: number; code: string; key: string }[] = [];
      const sites = new Map<string, { key: string; pointer: string }>();
      for (const op of model.operations)
        for (const [status, code] of REFUSALS) {
          const media = declared(op.responses, status)?.representative;
          if (!media?.schemaPointer || !isJsonMediaType(media.type)) continue;
          const key = defKey(media.schemaPointer);
          sites.set(key, { key, pointer: media.schemaPointer });
          checks.push({ op: op.id, status, code, key });
        }
      expect(checks.length).toBeGreaterThanOrEqual(d.atLeast);
      const { root, refOf } = buildJsonSchemaRoot(
        jsonSchemaSource(model),
        [...sites.values()],
        model.dialect,
      );
      const formats = findUnknownFormats(root, createAjv({ dialect: model.dialect }));
      const ajv = createAjv({ dialect: model.dialect, unknownFormats: formats });
      ajv.addSchema(root);
      const failed = new Map<string, string>();
      for (const c of checks) {
        const validate = ajv.getSchema(refOf(c.key))!;
        const body = refusalBody(refusal, c.status, c.code, 'What went wrong.');
        if (!validate(body))
          failed.set(
            `${c.op} ${c.status}`,
            `${JSON.stringify(body)}: ${ajv.errorsText(validate.errors)}`,
          );
      }
      const unexpected = [...failed].filter(([k]) => !d.otherShapes?.includes(k));
      expect(unexpected).toEqual([]);
      // The exceptions are still exceptions (a listed one that now validates is taken off).
      expect([...failed.keys()].sort()).toEqual([...(d.otherShapes ?? [])].sort());
    }, 120_000);
  },
);
