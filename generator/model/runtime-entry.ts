/**
 * An operation's entry of the runtime table (generated/operations.ts): the wire data the wire
 * model needs plus what the client, server and mock check at run time (auth, feature levels,
 * documented error codes). Built once per operation with the model; the operations emitter
 * prints it, the docs' curl samples and the contract runner use it as is.
 */
import type { ClientOperation, FieldInfo, OperationInfo } from '../../runtime/operation-info.js';
import { mediaEssence } from '../../runtime/wire/request.js';
import { escapeRegex } from '../../runtime/wire/path.js';
import { spanOf } from './levels.js';
import { isJsonMediaType } from './media.js';
import type { MediaType, Operation, Parameter } from './types.js';

/**
 * `newest`: the contract's newest feature level, where an undated removal counts from;
 * `reportsIgnored`: the success field listing ignored parameters (model/ignored-parameters.ts);
 * `reportsLevel`: the success field reporting the server's feature level (model/level-report.ts).
 */
export function runtimeEntry(
  op: Omit<Operation, 'runtime' | 'names'>,
  newest: number,
  reportsIgnored?: string,
  reportsLevel?: string,
): OperationInfo {
  const info: OperationInfo = {
    operationId: op.id,
    method: op.method.toUpperCase() as OperationInfo['method'],
    path: op.path,
    fields: op.parameters
      .filter((p) => p.in !== 'cookie')
      .map((p) => withRouteValues(fieldInfo(p, newest), p, op.path)),
    auth: op.auth,
    ...(op.auth === 'none' ? {} : { security: op.authAlternatives }),
    errorCodes: op.errorCodes,
    statuses: op.responses.map((r) => r.status),
    ...(reportsIgnored ? { reportsIgnored } : {}),
    ...(reportsLevel ? { reportsLevel } : {}),
  };
  const responseMediaTypes: Record<string, string> = {};
  for (const r of op.responses) {
    const type = r.representative?.type;
    if (type && isJsonMediaType(type) && mediaEssence(type) !== 'application/json')
      responseMediaTypes[r.status] = type;
  }
  if (Object.keys(responseMediaTypes).length > 0) info.responseMediaTypes = responseMediaTypes;
  const responseContent: Record<string, string[]> = {};
  for (const r of op.responses)
    if (!r.mediaTypes.some((m) => isJsonMediaType(m.type)))
      responseContent[r.status] = r.mediaTypes.map((m) => m.type);
  if (Object.keys(responseContent).length > 0) info.responseContent = responseContent;
  if (op.requestBody) {
    info.body = {
      kind: op.requestBody.kind,
      // The representative first: it is what a client sends unless told otherwise.
      mediaTypes: representativeFirst(op.requestBody.mediaTypes, op.requestBody.representative),
      required: op.requestBody.required,
    };
  }
  if (op.lifecycle.addedIn !== undefined) info.since = op.lifecycle.addedIn;
  const until = spanOf(op.lifecycle.history, newest).until;
  if (until !== undefined) info.until = until;
  if (op.lifecycle.deprecated) info.deprecated = true;
  if (op.lifecycle.replacedBy) info.replacedBy = op.lifecycle.replacedBy;
  return info;
}

/**
 * The operation's entry of the client's table (`ClientOperation`): the runtime entry without
 * what only servers read, defaults left out (a browser bundle carries every byte of it).
 * `defaultSecurity` is the table's: an operation repeating it leaves its own out.
 */
export function clientEntry(info: OperationInfo, defaultSecurity: string[][]): ClientOperation {
  const {
    operationId: _id,
    fields,
    auth,
    security,
    errorCodes: _codes,
    statuses: _statuses,
    responseMediaTypes: _media,
    responseContent: _content,
    ...rest
  } = info;
  const entry: ClientOperation = {
    ...rest,
    fields: fields.map(
      ({
        required,
        encoding,
        types,
        itemTypes: _items,
        shape: _shape,
        leaves: _leaves,
        values: _v,
        ...field
      }) => ({
        ...field,
        ...(required ? { required: true as const } : {}),
        ...(encoding === 'plain' ? {} : { encoding }),
        ...(encoding === 'json' ? { types } : {}),
      }),
    ),
  };
  if (auth !== 'required') entry.auth = auth;
  if (auth !== 'none' && JSON.stringify(security) !== JSON.stringify(defaultSecurity))
    entry.security = security;
  return entry;
}

/**
 * A path parameter that meets another with nothing between (`{pageName}{mediaTypeExtension}`,
 * healthcare.gov's) carries its enum's values: no router can split such a segment otherwise.
 */
function withRouteValues(field: FieldInfo, p: Parameter, path: string): FieldInfo {
  if (p.in !== 'path' || !p.enum || p.enum.length === 0) return field;
  const adjacent = new RegExp(`\\}\\{${escapeRegex(p.name)}\\}|\\{${escapeRegex(p.name)}\\}\\{`);
  if (!adjacent.test(path)) return field;
  return { ...field, values: p.enum.map((v) => String(v.value)) };
}

function fieldInfo(p: Parameter, newest: number): FieldInfo {
  const field: FieldInfo = {
    name: p.name,
    in: p.in as FieldInfo['in'],
    required: p.required,
    encoding: p.encoding,
    types: p.types,
  };
  if (p.itemTypes) field.itemTypes = p.itemTypes;
  if (p.shape) field.shape = p.shape;
  if (p.leaves) field.leaves = p.leaves;
  if (p.delimiter) field.delimiter = p.delimiter;
  if (p.lifecycle.addedIn !== undefined) field.since = p.lifecycle.addedIn;
  const until = spanOf(p.lifecycle.history, newest).until;
  if (until !== undefined) field.until = until;
  if (p.lifecycle.deprecated) field.deprecated = true;
  if (p.lifecycle.replacedBy) field.replacedBy = p.lifecycle.replacedBy;
  for (const v of p.enum ?? []) {
    const key = String(v.value);
    if (v.lifecycle.addedIn !== undefined && v.lifecycle.addedIn !== p.lifecycle.addedIn) {
      (field.valuesSince ??= {})[key] = v.lifecycle.addedIn;
    }
    // The parameter's own removal covers its values; a value removed on its own is listed.
    const valueUntil = spanOf(v.lifecycle.history, newest).until;
    if (valueUntil !== undefined && valueUntil !== until)
      (field.valuesUntil ??= {})[key] = valueUntil;
    if (v.lifecycle.deprecated) (field.deprecatedValues ??= {})[key] = v.lifecycle.replacedBy ?? '';
  }
  return field;
}

function representativeFirst(all: MediaType[], representative: MediaType | undefined): string[] {
  const types = all.map((m) => m.type);
  if (!representative) return types;
  return [representative.type, ...types.filter((t) => t !== representative.type)];
}
