/**
 * The cross-check of the contract against the inventory of the description: a pure function from
 * a dereferenced OpenAPI document to the list of facts it misses (empty when it has them all).
 * Every message starts with where the fact lives (`sendMessage param type`) so a long list reads
 * as a to-do list for the contract author.
 */
import type {
  EndpointFact,
  EnumMember,
  FieldFact,
  Inventory,
  LevelFact,
  ParamFact,
  SchemaFact,
} from './inventory.js';
import {
  type Json,
  admittedTypes,
  allHistoryEntriesBelow,
  deepEqual,
  enumHistoryOf,
  enumMeaningOf,
  enumMembersOf,
  historiesOf,
  isObject,
  itemsOf,
  propertiesOf,
  requiredOf,
} from './schema-facts.js';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const LIMIT_KEYS = ['minLength', 'maxLength', 'minimum', 'maximum'] as const;

export function checkContract(doc: unknown, inventory: Inventory): string[] {
  const missing: string[] = [];
  const report = (message: string) => missing.push(message);
  if (!isObject(doc) || !isObject(doc.paths)) return ['the document has no paths'];

  const catalog =
    isObject(doc.components) && isObject(doc.components['x-error-catalog'])
      ? doc.components['x-error-catalog']
      : undefined;
  if (!catalog) report('components.x-error-catalog is missing');

  inventory.endpoints.forEach((endpoint, i) => {
    const operation = findOperation(doc, endpoint, report);
    if (!operation) return;
    checkEndpoint(doc, operation, endpoint, inventory, report);
    checkEnvelope(operation, endpoint, inventory.envelope, i === 0, report);
  });
  for (const schema of inventory.schemas) checkSchema(doc, schema, report);
  checkErrors(catalog, inventory, report);
  checkFlags(doc, inventory, report);
  checkRoles(doc, inventory, report);
  return missing;
}

type Report = (message: string) => void;

function findOperation(doc: Json, endpoint: EndpointFact, report: Report): Json | undefined {
  const paths = doc.paths as Json;
  const item = paths[endpoint.path];
  const operation = isObject(item) ? item[endpoint.method] : undefined;
  if (!isObject(operation)) {
    const elsewhere = Object.entries(paths).flatMap(([p, it]) =>
      isObject(it)
        ? Object.entries(it)
            .filter(([, op]) => isObject(op) && op.operationId === endpoint.operationId)
            .map(([m]) => `${m.toUpperCase()} ${p}`)
        : [],
    );
    report(
      `${endpoint.operationId}: no operation ${endpoint.method.toUpperCase()} ${endpoint.path}${elsewhere.length ? ` (operationId found at ${elsewhere.join(', ')})` : ''}`,
    );
    return undefined;
  }
  if (operation.operationId !== endpoint.operationId) {
    report(
      `${endpoint.operationId}: ${endpoint.method.toUpperCase()} ${endpoint.path} has operationId ${JSON.stringify(operation.operationId)}`,
    );
  }
  return {
    ...operation,
    parameters: [...asArray((item as Json).parameters), ...asArray(operation.parameters)],
  };
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function checkEndpoint(
  doc: Json,
  operation: Json,
  endpoint: EndpointFact,
  inventory: Inventory,
  report: Report,
): void {
  const id = endpoint.operationId;
  checkHistory(`${id}`, historiesOf(operation), endpoint.history, report);
  if (endpoint.deprecated && operation.deprecated !== true) report(`${id}: not deprecated: true`);
  if (!endpoint.deprecated && operation.deprecated === true)
    report(`${id}: deprecated: true, but the description does not deprecate it`);
  if (endpoint.adminOnly && typeof operation['x-permission'] !== 'string')
    report(`${id}: administrators only, but no x-permission`);
  checkSecurity(doc, operation, endpoint, report);
  for (const level of endpoint.levelsWithin ?? []) {
    checkHistory(
      `${id} (anywhere in the operation)`,
      allHistoryEntriesBelow(operation),
      [level],
      report,
    );
  }
  for (const param of endpoint.params) checkParam(operation, endpoint, param, report);
  const success = successSchema(operation);
  if (success === undefined) report(`${id}: no success response with an application/json schema`);
  else {
    const props = propertiesOf(success);
    for (const field of endpoint.response)
      checkField(`${id} response field`, props, requiredOf(success), field, report);
  }
  checkEndpointErrors(operation, endpoint, inventory, report);
}

function checkSecurity(doc: Json, operation: Json, endpoint: EndpointFact, report: Report): void {
  const security = Array.isArray(operation.security)
    ? operation.security
    : Array.isArray(doc.security)
      ? doc.security
      : [];
  const anonymousAllowed =
    security.length === 0 || security.some((req) => isObject(req) && Object.keys(req).length === 0);
  const id = endpoint.operationId;
  if (endpoint.unauthenticated === undefined && anonymousAllowed)
    report(`${id}: the security requirements allow unauthenticated calls`);
  if (endpoint.unauthenticated !== undefined && !anonymousAllowed)
    report(`${id}: unauthenticated access is possible, but security does not include {}`);
  if (
    endpoint.unauthenticated === 'public-realm' &&
    typeof operation['x-unauthenticated'] !== 'string'
  ) {
    report(`${id}: no x-unauthenticated saying when unauthenticated access is possible`);
  }
}

/** Where a parameter is, and the schemas/encodings to check it against. */
interface Located {
  /** objects that may carry deprecated / x-history / x-removed for it */
  holders: Json[];
  schema: Json;
  required: boolean;
  jsonEncoded: boolean;
}

function locateParam(
  operation: Json,
  param: ParamFact,
  prefix: string,
  report: Report,
): Located | undefined {
  const params = asArray(operation.parameters).filter(isObject);
  if (param.in !== 'body') {
    const found = params.find((p) => p.name === param.name && p.in === param.in);
    if (!found) {
      const other = params.find((p) => p.name === param.name);
      const inBody = bodyMedia(operation).some((m) => propertiesOf(m.schema).has(param.name));
      report(
        `${prefix}: not a ${param.in} parameter${other ? ` (it is in ${String(other.in)})` : inBody ? ' (it is in the request body)' : ''}`,
      );
      return undefined;
    }
    const content = isObject(found.content) ? found.content : undefined;
    const jsonMedia =
      content && isObject(content['application/json'])
        ? (content['application/json'] as Json)
        : undefined;
    const schema = isObject(found.schema)
      ? found.schema
      : isObject(jsonMedia?.schema)
        ? (jsonMedia!.schema as Json)
        : {};
    return {
      holders: [found, schema],
      schema,
      required: found.required === true,
      jsonEncoded: jsonMedia !== undefined,
    };
  }
  const media = bodyMedia(operation);
  const inQuery = params.find((p) => p.name === param.name);
  let located: Located | undefined;
  for (const type of FORM_TYPES) {
    const m = media.find((x) => x.type === type);
    const prop = m ? propertiesOf(m.schema).get(param.name) : undefined;
    if (!m || !prop) {
      report(
        `${prefix}: not a property of the ${type} body${inQuery ? ` (it is a ${String(inQuery.in)} parameter)` : ''}`,
      );
      continue;
    }
    const encoding =
      isObject(m.encoding) && isObject(m.encoding[param.name])
        ? (m.encoding[param.name] as Json)
        : undefined;
    const jsonEncoded = encoding?.contentType === 'application/json';
    if (located && located.jsonEncoded !== jsonEncoded)
      report(`${prefix}: JSON encoding differs between the form media types`);
    located ??= {
      holders: [prop],
      schema: prop,
      required: requiredOf(m.schema).has(param.name),
      jsonEncoded,
    };
  }
  return located;
}

function bodyMedia(operation: Json): Array<{ type: string; schema: Json; encoding: unknown }> {
  const body = operation.requestBody;
  if (!isObject(body) || !isObject(body.content)) return [];
  return Object.entries(body.content)
    .filter(([, m]) => isObject(m) && isObject((m as Json).schema))
    .map(([type, m]) => ({
      type,
      schema: (m as Json).schema as Json,
      encoding: (m as Json).encoding,
    }));
}

function checkParam(
  operation: Json,
  endpoint: EndpointFact,
  param: ParamFact,
  report: Report,
): void {
  const prefix = `${endpoint.operationId} param ${param.name}`;
  const located = locateParam(operation, param, prefix, report);
  if (!located) return;
  if (param.required && !located.required) report(`${prefix}: not required`);
  if (!param.required && located.required)
    report(`${prefix}: required, but the description makes it optional`);
  const wantsJson =
    param.in !== 'path' && (param.types.includes('array') || param.types.includes('object'));
  if (wantsJson && !located.jsonEncoded) {
    report(
      `${prefix}: an ${param.types.join('/')} travels JSON-encoded (${param.in === 'query' ? 'content: application/json' : 'encoding contentType application/json'})`,
    );
  }
  if (
    param.aliasOf !== undefined &&
    !located.holders.some((h) => h['x-legacy-alias-of'] === param.aliasOf)
  ) {
    report(`${prefix}: no x-legacy-alias-of: ${param.aliasOf}`);
  }
  checkItem(prefix, located.holders, located.schema, param, report);
}

/** What parameters, response fields and schema fields share: types, enum, default, limits, lifecycle. */
function checkItem(
  prefix: string,
  holders: Json[],
  schema: Json,
  fact: FieldFact | ParamFact,
  report: Report,
): void {
  const types = admittedTypes(schema);
  if (types) {
    const lacking = fact.types.filter((t) => !types.has(t));
    if (lacking.length)
      report(`${prefix}: does not admit ${lacking.join(', ')} (admits ${[...types].join(', ')})`);
  }
  if ('nullable' in fact && fact.nullable !== undefined && types) {
    if (fact.nullable && !types.has('null'))
      report(`${prefix}: not nullable, but the description allows null`);
    if (!fact.nullable && types.has('null'))
      report(`${prefix}: nullable, but the description never gives null`);
  }
  if (fact.enum) checkEnum(prefix, schema, fact.enum, report);
  if ('default' in fact) {
    const actual = schema.default;
    if (!deepEqual(actual, fact.default))
      report(
        `${prefix}: default is ${JSON.stringify(actual)}, the description says ${JSON.stringify(fact.default)}`,
      );
  }
  for (const key of LIMIT_KEYS) {
    const want = fact.limits?.[key];
    if (want !== undefined && schema[key] !== want)
      report(`${prefix}: ${key} is ${JSON.stringify(schema[key])}, the description says ${want}`);
  }
  const deprecated = holders.some((h) => h.deprecated === true);
  if (fact.deprecated && !deprecated) report(`${prefix}: not deprecated: true`);
  if (!fact.deprecated && deprecated)
    report(`${prefix}: deprecated: true, but the description does not deprecate it`);
  const removed = holders.some((h) => h['x-removed'] === true);
  if (fact.removed && !removed) report(`${prefix}: removed from the API, but no x-removed: true`);
  if (!fact.removed && removed)
    report(`${prefix}: x-removed: true, but the description does not remove it`);
  checkHistory(prefix, historiesOf(...holders), fact.history, report);
  for (const enumLevel of fact.enumHistory ?? []) {
    checkHistory(
      `${prefix} value ${JSON.stringify(enumLevel.value)}`,
      enumHistoryOf(schema, enumLevel.value),
      [enumLevel],
      report,
    );
  }
}

function checkEnum(prefix: string, schema: Json, want: EnumMember[], report: Report): void {
  const members = enumMembersOf(schema);
  if (!members) {
    report(
      `${prefix}: no enum (the description lists ${want.map((v) => JSON.stringify(v)).join(', ')})`,
    );
    return;
  }
  const lacking = want.filter((v) => !members.includes(v));
  const extra = members.filter((v) => !want.includes(v as EnumMember));
  if (lacking.length)
    report(`${prefix}: enum lacks ${lacking.map((v) => JSON.stringify(v)).join(', ')}`);
  if (extra.length)
    report(
      `${prefix}: enum has ${extra.map((v) => JSON.stringify(v)).join(', ')}, which the description does not list`,
    );
}

function checkHistory(
  prefix: string,
  entries: Json[],
  want: LevelFact[] | undefined,
  report: Report,
): void {
  for (const fact of want ?? []) {
    const found = entries.some(
      (e) =>
        (fact.level === null || e.level === fact.level) && fact.change.includes(e.change as never),
    );
    if (!found) {
      const what = `${fact.change.join('/')}${fact.level === null ? '' : ` at level ${fact.level}`}`;
      const have = entries.map((e) => `${String(e.change)}@${String(e.level)}`).join(', ');
      report(`${prefix}: no x-history entry ${what}${have ? ` (has ${have})` : ''}`);
    }
  }
}

function checkField(
  prefix: string,
  props: Map<string, Json>,
  required: Set<string>,
  field: FieldFact,
  report: Report,
): void {
  const schema = props.get(field.name);
  const at = `${prefix} ${field.name}`;
  if (!schema) {
    report(`${at}: missing`);
    return;
  }
  if (field.required === true && !required.has(field.name)) report(`${at}: not required`);
  if (field.required === false && required.has(field.name))
    report(`${at}: required, but the description makes it optional`);
  checkItem(at, [schema], schema, field, report);
}

function successSchema(operation: Json): Json | undefined {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const key = Object.keys(responses)
    .sort()
    .find((s) => /^2(\d\d|XX)$/.test(s));
  const response = key ? responses[key] : undefined;
  const media =
    isObject(response) && isObject(response.content)
      ? response.content['application/json']
      : undefined;
  return isObject(media) && isObject(media.schema) ? media.schema : undefined;
}

function checkEnvelope(
  operation: Json,
  endpoint: EndpointFact,
  envelope: FieldFact[],
  withHistory: boolean,
  report: Report,
): void {
  const success = successSchema(operation);
  if (!success) return;
  const props = propertiesOf(success);
  for (const field of envelope) {
    checkField(
      `${endpoint.operationId} envelope field`,
      props,
      new Set(),
      withHistory ? field : { ...field, history: undefined },
      report,
    );
  }
}

/** Error responses' examples by name: the value of each (for `code` and extra fields). */
function errorExamples(operation: Json): Map<string, unknown> {
  const byName = new Map<string, unknown>();
  const responses = isObject(operation.responses) ? operation.responses : {};
  for (const [status, response] of Object.entries(responses)) {
    if (
      !(status === 'default' || /^[45]/.test(status)) ||
      !isObject(response) ||
      !isObject(response.content)
    )
      continue;
    for (const media of Object.values(response.content)) {
      if (!isObject(media) || !isObject(media.examples)) continue;
      for (const [name, example] of Object.entries(media.examples)) {
        if (isObject(example) && !byName.has(name)) byName.set(name, example.value);
      }
    }
  }
  return byName;
}

function checkEndpointErrors(
  operation: Json,
  endpoint: EndpointFact,
  inventory: Inventory,
  report: Report,
): void {
  const id = endpoint.operationId;
  const listed = Array.isArray(operation['x-error-codes'])
    ? (operation['x-error-codes'] as unknown[])
    : undefined;
  if (!listed) {
    report(`${id}: no x-error-codes`);
    return;
  }
  const examples = errorExamples(operation);
  for (const code of endpoint.errors) {
    if (!listed.includes(code)) report(`${id}: x-error-codes lacks ${code}`);
    const value = examples.get(code);
    if (value === undefined) report(`${id}: no error example named ${code}`);
    else if (!isObject(value) || value.code !== code)
      report(`${id}: error example ${code} does not have code ${code}`);
    else {
      // Extra body fields (`stream` of STREAM_DOES_NOT_EXIST) show in every example of the code.
      const extra = inventory.errors.find((e) => e.code === code)?.extraFields ?? [];
      for (const field of extra)
        if (!(field in value)) report(`${id}: error example ${code} lacks the field ${field}`);
    }
  }
  for (const code of listed) {
    if (
      !endpoint.errors.includes(code as string) &&
      !inventory.genericErrors.includes(code as string)
    )
      report(
        `${id}: x-error-codes has ${String(code)}, which the description does not name for this endpoint`,
      );
  }
}

function checkErrors(catalog: Json | undefined, inventory: Inventory, report: Report): void {
  if (!catalog) return;
  const known = new Set(inventory.errors.map((e) => e.code));
  for (const error of inventory.errors) {
    const entry = catalog[error.code];
    if (!isObject(entry)) {
      report(`error ${error.code}: not in components.x-error-catalog`);
      continue;
    }
    const statuses = asArray(entry.statuses)
      .filter(isObject)
      .map((s) => Number(s.status));
    for (const status of error.statuses)
      if (!statuses.includes(status))
        report(`error ${error.code}: catalog statuses lack ${status}`);
    checkHistory(`error ${error.code}`, historiesOf(entry), error.history, report);
  }
  for (const code of Object.keys(catalog))
    if (!known.has(code))
      report(`error ${code}: in x-error-catalog, but not an error code of the description`);
}

function checkSchema(doc: Json, fact: SchemaFact, report: Report): void {
  const schema = findSchema(doc, fact);
  if (!schema) {
    report(
      `schema ${fact.title}: not found (components.schemas ${fact.names.join(' / ')}, nor at ${describeLocator(fact)})`,
    );
    return;
  }
  const props = propertiesOf(schema);
  const required = requiredOf(schema);
  for (const field of fact.fields)
    checkField(`schema ${fact.title} field`, props, required, field, report);
}

function describeLocator(fact: SchemaFact): string {
  const l = fact.locate;
  return 'response' in l
    ? `${l.operationId} response ${l.response.join('.')}`
    : `${l.operationId} param ${l.param}`;
}

function findSchema(doc: Json, fact: SchemaFact): Json | undefined {
  const schemas =
    isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  for (const name of fact.names) if (isObject(schemas[name])) return schemas[name] as Json;
  const operation = operationById(doc, fact.locate.operationId);
  if (!operation) return undefined;
  const l = fact.locate;
  let start: Json | undefined;
  let steps: string[];
  if ('response' in l) {
    start = successSchema(operation);
    steps = l.response;
  } else {
    const media = bodyMedia(operation)[0];
    const query = asArray(operation.parameters)
      .filter(isObject)
      .find((p) => p.name === l.param);
    start = media
      ? propertiesOf(media.schema).get(l.param)
      : isObject(query?.schema)
        ? (query!.schema as Json)
        : undefined;
    steps = l.then ?? [];
  }
  return walkSchema(start, steps);
}

/** Follows property names and `items` down a schema, through compositions. */
function walkSchema(start: Json | undefined, steps: string[]): Json | undefined {
  let node = start;
  for (const step of steps) {
    if (!node) return undefined;
    node = step === 'items' ? itemsOf(node) : propertiesOf(node).get(step);
  }
  return node;
}

function operationById(doc: Json, operationId: string): Json | undefined {
  for (const item of Object.values(doc.paths as Json)) {
    if (!isObject(item)) continue;
    for (const op of Object.values(item))
      if (isObject(op) && op.operationId === operationId) return op;
  }
  return undefined;
}

/** A meaning that says the user cannot change the flag (the description's "User-changeable: no"). */
const NOT_USER_CHANGEABLE =
  /\b(not|never|cannot|can't|can ?not)\b[^.;]*\b(chang|set|add|remov|edit)|read[- ]only|server[- ](set|managed|maintained)|automatic/i;

function checkFlags(doc: Json, inventory: Inventory, report: Report): void {
  const op = operationById(doc, 'updateMessageFlags');
  const media = op ? bodyMedia(op)[0] : undefined;
  const flagSchema = media ? propertiesOf(media.schema).get('flag') : undefined;
  if (!flagSchema) return; // reported as a missing parameter already
  for (const flag of inventory.flags) {
    const meaning = enumMeaningOf(flagSchema, flag.name);
    const prefix = `flag ${flag.name}`;
    if (meaning === undefined) {
      report(`${prefix}: no x-enum-meanings entry on updateMessageFlags param flag`);
      continue;
    }
    const saysNot = NOT_USER_CHANGEABLE.test(meaning);
    if (!flag.userChangeable && !saysNot)
      report(`${prefix}: its meaning does not say that users cannot change it ("${meaning}")`);
    if (flag.userChangeable && saysNot)
      report(
        `${prefix}: its meaning reads as not user-changeable, but users can change it ("${meaning}")`,
      );
    checkHistory(prefix, enumHistoryOf(flagSchema, flag.name), flag.history, report);
  }
}

function checkRoles(doc: Json, inventory: Inventory, report: Report): void {
  const places: Array<[string, Json | undefined]> = [];
  const updateUser = operationById(doc, 'updateUser');
  const media = updateUser ? bodyMedia(updateUser)[0] : undefined;
  places.push([
    'updateUser param role',
    media ? propertiesOf(media.schema).get('role') : undefined,
  ]);
  const user = inventory.schemas.find((s) => s.title === 'User');
  const userSchema = user ? findSchema(doc, user) : undefined;
  places.push([
    'schema User field role',
    userSchema ? propertiesOf(userSchema).get('role') : undefined,
  ]);
  for (const [where, schema] of places) {
    if (!schema) continue; // reported as missing already
    for (const role of inventory.roles) {
      const meaning = enumMeaningOf(schema, role.value);
      if (meaning === undefined || !meaning.toLowerCase().includes(role.name)) {
        report(
          `${where}: x-enum-meanings of ${role.value} does not name the role ${role.name}${meaning ? ` ("${meaning}")` : ''}`,
        );
      }
    }
  }
}
