/**
 * Every name generated code gives the contract's operations and schemas, chosen here once with
 * collisions resolved here once: the client's methods and params-object keys, the server's
 * parameter and result types and handler keys, the scaffold's handler exports, the validators'
 * per-schema guards, and every file name made from contract text (model/file-names.ts). Emitters,
 * the docs and the contract runner read these names; none derives a name from an operationId
 * itself.
 */
import { isIdentifier, literal, toIdentifier } from '../common/source.js';
import { fileStems } from './file-names.js';
import type {
  NamedSchema,
  NameNotice,
  Operation,
  OperationNames,
  ParameterLocation,
} from './types.js';

/** Members of the generated client object a method must not shadow. */
const CLIENT_MEMBERS = [
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
  'request',
  'use',
  'eject',
  'featureLevel',
  'supports',
  '__proto__',
  'constructor',
];

/** Names generated/server.ts declares itself. */
const SERVER_TYPES = ['Handlers', 'HandlerOf', 'Awaitable', 'UserFor'];

/** Names generated/validators.js exports besides the per-schema guards. */
const VALIDATOR_EXPORTS = ['validateRequest', 'validateResponse', 'validators'];

type Unnamed = Omit<Operation, 'names' | 'runtime'>;

/** Names of every operation, in model order (which decides who keeps a contested name). */
export function nameOperations(operations: Unnamed[], notices: NameNotice[]): OperationNames[] {
  const methods = new Set(CLIENT_MEMBERS);
  const types = new Set(SERVER_TYPES);
  // Starter handlers sit beside the scaffold's `index.ts`.
  const handlerExports = new Set(['index', 'user']);
  const files = fileStems(operations.map((op) => op.id));
  const groups = operations.map(groupOf);
  const groupFiles = fileStems(groups);
  const named = operations.map((op, i) => {
    const wanted = toIdentifier(op.id);
    const method = unique(wanted, methods);
    if (method !== wanted)
      notices.push({
        emitter: 'client',
        message: `client: operation '${op.id}' is method '${method}' (name taken)`,
      });
    const stem = typeStem(op.id, types);
    const names: OperationNames = {
      method,
      handler: op.id,
      handlerExport: unique(toIdentifier(op.id), handlerExports),
      paramsType: `${stem}Params`,
      resultType: `${stem}Result`,
      fieldKeys: fieldKeys(op, notices),
      file: files.get(op.id)!,
      handlerFile: '',
      group: groups[i],
      groupFile: groupFiles.get(groups[i])!,
    };
    if (op.requestBody && op.requestBody.kind !== 'form') {
      const used = new Set(names.fieldKeys.map((k) => k.key));
      names.bodyKey = ['body', 'requestBody'].find((k) => !used.has(k)) ?? unique('body', used);
    }
    return names;
  });
  // Starter handlers sit beside the scaffold's `index.ts` and `user.ts`.
  const handlerFiles = fileStems(
    named.map((n) => n.handlerExport),
    ['index', 'user'],
  );
  for (const n of named) n.handlerFile = handlerFiles.get(n.handlerExport)!;
  return named;
}

/**
 * The group (a page of the reference's sidebar) an operation belongs to: its first tag, else
 * its first path segment that names a resource. A version or `api` prefix names none: every
 * path of an untagged document under `/v1/` (Stripe's) would make one group of them all.
 */
function groupOf(op: Pick<Unnamed, 'tags' | 'path'>): string {
  if (op.tags.length > 0) return op.tags[0];
  const segments = op.path.split('/').filter((s) => s !== '' && !s.startsWith('{'));
  return segments.find((s) => !PATH_PREFIX.test(s)) ?? segments[0] ?? 'other';
}

/** `api`, `rest`, `v1`, `v2beta1`, `v1.2`: a path segment that says where, not what. */
const PATH_PREFIX = /^(api|rest|v\d+(\.\d+)*([a-z]+\d*)?)$/i;

/** The file stem of each named schema: the reference's page, the validators' shared module. */
export function nameSchemaFiles(schemas: NamedSchema[]): void {
  // The reference lists the schemas at schemas/index.html.
  const files = fileStems(
    schemas.map((s) => s.name),
    ['index'],
  );
  for (const schema of schemas) schema.file = files.get(schema.name)!;
}

/** `Message` → `Message` for `isMessage`/`validateMessage`; none when the name is taken. */
export function nameSchemaGuards(schemas: NamedSchema[], notices: NameNotice[]): void {
  const taken = new Set(VALIDATOR_EXPORTS);
  for (const schema of schemas) {
    const stem = toIdentifier(schema.name, { upperFirst: true });
    if (taken.has(`validate${stem}`) || taken.has(`is${stem}`) || !isIdentifier(`is${stem}`)) {
      notices.push({
        emitter: 'validators',
        message: `validators: no named export for schema '${schema.name}' (name taken); use validators[${literal(schema.name)}]`,
      });
      continue;
    }
    taken.add(`validate${stem}`).add(`is${stem}`);
    schema.guardStem = stem;
  }
}

/** Parameters by name in one object; a second parameter of the same name is `in.name`. */
function fieldKeys(op: Unnamed, notices: NameNotice[]): OperationNames['fieldKeys'] {
  const used = new Set<string>();
  return op.parameters
    .filter((p) => p.in !== 'cookie')
    .map((field) => {
      let key = field.name;
      if (used.has(key)) {
        key = unique(`${field.in}.${field.name}`, used);
        notices.push({
          emitter: 'client',
          message: `client: ${op.id}: two parameters named '${field.name}'; the ${field.in} one is '${key}'`,
        });
      }
      used.add(key);
      return { key, field };
    });
}

/**
 * The client method's key for a field of `op` (`op.names.fieldKeys`: of two fields sharing a
 * name, the later is `query.id`), or for its whole non-form body (`op.names.bodyKey`): what the
 * package README's and the docs' TypeScript samples call the client with. The field's own name
 * for one the client has no key for.
 */
export function clientKeyOf(
  names: Pick<OperationNames, 'fieldKeys' | 'bodyKey'>,
  where: ParameterLocation | 'whole body',
  name = '',
): string {
  if (where === 'whole body') return names.bodyKey ?? 'body';
  return names.fieldKeys.find((k) => k.field.in === where && k.field.name === name)?.key ?? name;
}

/** `sendMessage` → `SendMessage`, suffixed when another operation's stem already took it. */
function typeStem(id: string, taken: Set<string>): string {
  const base = toIdentifier(id, { upperFirst: true });
  let stem = base;
  for (let i = 2; taken.has(stem + 'Params') || taken.has(stem + 'Result'); i++)
    stem = `${base}${i}`;
  taken.add(stem + 'Params');
  taken.add(stem + 'Result');
  return stem;
}

function unique(name: string, used: Set<string>): string {
  let out = name;
  for (let i = 2; used.has(out); i++) out = `${name}${i}`;
  used.add(out);
  return out;
}
