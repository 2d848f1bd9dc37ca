/**
 * The hostile contracts of test/fixtures/hostile/ and what the generator must do with each:
 * exit code, and for a refusal the place (file and JSON pointer) and the gist of the message;
 * for a contract that generates, any warning it must print. hostile.test.ts runs them all.
 */

export interface HostileCase {
  /** file under test/fixtures/hostile/, or an absolute path (generated at test time) */
  file: string;
  /** extra CLI arguments (a lower limit, another $ref root) */
  args?: string[];
  exit: 0 | 1;
  /** for exit 1: the file the problem is reported in (default: `file`) */
  at?: string;
  /** for exit 1: the JSON pointer the message names */
  pointer?: string;
  /** substrings the output must hold (the reason, a warning) */
  says?: string[];
}

const outside = "leaves the contract's folder";
const remote = 'is remote: never fetched';

export const HOSTILE_CASES: HostileCase[] = [
  // Contract text that tries to become code: generates; tsc --strict clean; nothing runs on import.
  { file: 'openapi.yaml', exit: 0 },
  { file: 'inject-title.yaml', exit: 0 },
  { file: 'inject-operation-text.yaml', exit: 0 },
  { file: 'inject-line-terminators.yaml', exit: 0 },
  { file: 'inject-quotes-in-names.yaml', exit: 0 },
  { file: 'inject-template-delimiters.yaml', exit: 0 },
  { file: 'inject-script-close.yaml', exit: 0 },
  { file: 'inject-enum-and-defaults.yaml', exit: 0 },
  { file: 'inject-lone-surrogates-text.json', exit: 0 },
  { file: 'inject-banner-filename-\u2028.yaml', exit: 0 },

  // Names: sanitised where they can be, refused with their place where they cannot.
  { file: 'names-prototype-safe.yaml', exit: 0 },
  { file: 'names-reserved-words.yaml', exit: 0 },
  { file: 'names-dot-and-dashes.yaml', exit: 0, says: ["no named export for ''"] },
  { file: 'names-empty.json', exit: 0 },
  { file: 'names-collisions.yaml', exit: 0, says: ["is method 'GET2' (name taken)"] },
  {
    file: 'names-prototype-valueOf.yaml',
    exit: 1,
    pointer: '#/components/schemas/valueOf',
    says: ['member of Object.prototype'],
  },
  {
    file: 'names-prototype-hasOwnProperty.yaml',
    exit: 1,
    pointer: '#/components/schemas/hasOwnProperty',
    says: ['member of Object.prototype'],
  },
  {
    file: 'names-proto-key.json',
    exit: 1,
    pointer: '#/components/schemas/Thing/properties/__proto__',
    says: ['member of Object.prototype'],
  },
  {
    file: 'names-proto-operation-id.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/operationId',
    says: ["operationId '__proto__'"],
  },
  {
    file: 'names-proto-parameter.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/parameters/0/name',
    says: ["'isPrototypeOf'"],
  },
  {
    file: 'names-lone-surrogates.json',
    exit: 1,
    pointer: '#/components/schemas/Thing/properties/n\\ud800',
    says: ['lone UTF-16 surrogate'],
  },
  {
    file: 'names-terminal-escape.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: ['\\u001b[31mRED', 'points to nothing'],
  },

  // $ref: the contract's folder only, never remote, never a device; the refused file is not read.
  {
    file: 'ref-absolute-passwd.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [outside],
  },
  {
    file: 'ref-dotdot-secret.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [outside],
  },
  {
    file: 'ref-dotdot-deep.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [outside],
  },
  {
    file: 'ref-secret-in-example.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/example',
    says: [outside],
  },
  { file: 'ref-secret-in-extension.yaml', exit: 1, pointer: '#/x-data', says: [outside] },
  {
    file: 'ref-through-part-to-secret.yaml',
    exit: 1,
    at: 'parts/leaks-secret.yaml',
    pointer: '#/Leak',
    says: [outside],
  },
  {
    file: 'ref-dev-zero.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [outside],
  },
  {
    file: 'ref-proc-self-environ.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [outside],
  },
  {
    file: 'ref-symlink-out.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [outside],
  },
  {
    file: 'ref-symlink-dev-zero.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [outside],
  },
  {
    file: 'ref-https.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [remote],
  },
  {
    file: 'ref-http-localhost.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [remote],
  },
  {
    file: 'ref-file-url.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [remote],
  },
  {
    file: 'ref-network-path.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [remote],
  },
  {
    file: 'ref-malformed-percent.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: ['malformed percent-encoding'],
  },
  {
    file: 'ref-no-slash-pointer.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: ['not a JSON pointer', "'#/components/schemas/Thing'"],
  },
  {
    file: 'ref-missing-file.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: ['file not found'],
  },
  {
    file: 'ref-directory.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: ['not a regular file'],
  },
  {
    file: 'ref-pure-cycle.yaml',
    exit: 1,
    pointer: '#/components/schemas/B',
    says: ['circular $ref'],
  },
  { file: 'ref-self.yaml', exit: 1, pointer: '#/components/schemas/A', says: ['circular $ref'] },
  {
    file: 'ref-files-cycle.yaml',
    exit: 1,
    at: 'parts/cycle-b.yaml',
    pointer: '#/B/properties/a',
    says: ['circular through files'],
  },
  { file: 'ref-inside-folder.yaml', exit: 0 },
  {
    file: 'ref-extra-root.yaml',
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema',
    says: [outside, '--ref-root'],
  },
  { file: 'ref-extra-root.yaml', args: ['--ref-root', 'test/fixtures/hostile-shared'], exit: 0 },

  // YAML and size limits.
  {
    file: 'yaml-alias-bomb.yaml',
    exit: 1,
    pointer: '#/x-h/3',
    says: ['YAML aliases are expanded', '--max-nodes'],
  },
  { file: 'yaml-alias-cycle.yaml', exit: 1, pointer: '#/x-a/1', says: ['infinite document'] },
  {
    file: 'yaml-merge-key.yaml',
    exit: 1,
    pointer: '#/paths/~1things/post/<<',
    says: ["merge key '<<'"],
  },
  { file: 'yaml-many-aliases.yaml', exit: 0 },
  {
    file: 'yaml-many-aliases.yaml',
    args: ['--max-yaml-aliases', '5'],
    exit: 1,
    pointer: '#/x-list/5',
    says: ['more than 5 YAML alias uses', '--max-yaml-aliases'],
  },
  { file: 'yaml-duplicate-keys.yaml', exit: 1, pointer: '#', says: ['Map keys must be unique'] },
  {
    file: 'yaml-deep-flow.yaml',
    exit: 1,
    pointer: '#/x-deep/0/0/0',
    says: ['nested deeper than 256 levels', '--max-depth'],
  },
  { file: 'limit-depth-40.yaml', exit: 0 },
  { file: 'limit-depth-near-default.yaml', exit: 0 },
  {
    file: 'limit-depth-40.yaml',
    args: ['--max-depth', '30'],
    exit: 1,
    pointer: '#/paths/~1things/get/responses/200/content/application~1json/schema/properties/n',
    says: ['nested deeper than 30 levels'],
  },
  { file: 'limit-many-operations.yaml', exit: 0 },
  {
    file: 'limit-many-operations.yaml',
    args: ['--max-operations', '30'],
    exit: 1,
    pointer: '#/paths',
    says: ['40 operations', '--max-operations'],
  },
  {
    file: 'limit-many-schemas.yaml',
    args: ['--max-schemas', '20'],
    exit: 1,
    pointer: '#/components/schemas',
    says: ['41 schemas', '--max-schemas'],
  },
  {
    file: 'limit-document-bytes.yaml',
    args: ['--max-document-bytes', '2k'],
    exit: 1,
    pointer: '#',
    says: ['larger than the document size limit', '--max-document-bytes'],
  },
  {
    file: 'limit-depth-40.yaml',
    args: ['--max-nodes', '100'],
    exit: 1,
    pointer: '#',
    says: ['more than 100 values', '--max-nodes'],
  },

  // What the specification says, with its clause: broken MUSTs the emitters survive, SHOULDs and
  // unusable paths are warnings (invalid UTF-8, which nothing can read reliably, is refused).
  {
    file: 'rule-undefined-security-scheme.yaml',
    exit: 0,
    says: [
      "#/paths/~1things/get/security/0/oauth: not valid OpenAPI: security scheme 'oauth' is not declared",
      '#/security/0/apiKey: not valid OpenAPI',
      '#security-requirement-object',
    ],
  },
  {
    file: 'rule-path-param-missing.yaml',
    exit: 0,
    says: [
      "#/paths/~1things~1{id}/get: not valid OpenAPI: the path '/things/{id}' has {id} but GET declares no path parameter 'id'",
      '#path-templating',
    ],
  },
  {
    file: 'rule-path-param-misnamed.yaml',
    exit: 0,
    says: [
      "#/paths/~1things~1{id}/get/parameters/0/name: not valid OpenAPI: path parameter 'thingId' has no {thingId}",
      '#parameter-object',
    ],
  },
  { file: 'rule-path-query-string.yaml', exit: 0, says: ['warning: ', "holds '?'"] },
  { file: 'rule-path-fragment.yaml', exit: 0, says: ['warning: ', "holds '#'"] },
  {
    file: 'rule-duplicate-enum-30.yaml',
    exit: 0,
    says: ['warning: ', 'enum lists 1 value twice', 'SHOULD be unique'],
  },
  { file: 'rule-duplicate-enum-31.yaml', exit: 0, says: ['enum lists 2 values twice'] },
  {
    file: 'rule-invalid-utf8.yaml',
    exit: 1,
    pointer: '#',
    says: ['invalid UTF-8 at byte', 'RFC 8259'],
  },
  { file: 'rule-swagger2.yaml', exit: 1, pointer: '#/openapi', says: ['only OpenAPI 3.0 and 3.1'] },
  { file: 'rule-not-an-object.yaml', exit: 1, pointer: '#', says: ['not an object'] },

  // Types TypeScript cannot write as openapi-typescript spells them: refused with the schema named.
  {
    file: 'types-recursive-json-value.yaml',
    exit: 1,
    pointer: '#/components/schemas/JsonValue',
    says: ['TS2502'],
  },
  {
    file: 'types-recursive-union.yaml',
    exit: 1,
    pointer: '#/components/schemas/Self',
    says: ['TS2502'],
  },
  { file: 'types-recursive-object.yaml', exit: 0 },
];
