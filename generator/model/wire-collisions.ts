/**
 * Exploded objects no reader can tell apart (issue 30). OpenAPI's `form` style with `explode`
 * writes an object's properties as query fields of their own (`R=100&G=200`), so when one of
 * those names is also sent by another parameter of the same place (its name, or a property of
 * another exploded object) one `name=…` stands for both, and no server can say whose it is.
 * The specification leaves that case undefined. Our rule, decided here once: each exploded
 * object in such a collision travels as a deepObject (`contact[name]=…`), the spelling the
 * frameworks that read nested query objects use (Rails, PHP, `qs`) and the one this toolkit
 * already gives free-form objects (model/parameters.ts); every other parameter keeps the
 * document's spelling. The generator says so, with the pointers of the parameters involved.
 *
 * A deepObject meets a second collision: a parameter whose own name is one of its spellings
 * (Telnyx declares `filter[record_type]` beside a `filter` object). That name belongs to the
 * parameter called so, and the object leaves it (`leaves`; its property of that key is typed
 * out): the literal name is the only spelling that parameter has, while the object keeps every
 * other key, so giving the name to the object would leave the parameter no way to be sent.
 */
import type { ContractProblem } from '../common/contract-error.js';
import type { Parameter } from './types.js';
import { isExplodedObject } from '../../runtime/wire/fields.js';

/** What a parameter writes into its place: exact names, a `name[` prefix, or any name at all. */
interface Sent {
  names: string[];
  prefix?: string;
  anyName: boolean;
}

const CLAUSE =
  'OpenAPI leaves undefined how two parameters that write the same query name are told apart (form style, explode); tms-gen rule: such objects are sent as deepObject';
const LEAVES_CLAUSE =
  'OpenAPI leaves undefined how a deepObject key is told from a parameter whose name spells it (deepObject style); tms-gen rule: the parameter of that name owns it';

/** An exploded object: the wire model's test, so both sides tell one the same way. */
export { isExplodedObject };

function sentBy(p: Parameter): Sent {
  if (isExplodedObject(p)) {
    const shape = p.shape;
    return {
      names: Object.keys(shape?.properties ?? {}),
      anyName: shape === undefined || shape.additional !== undefined,
    };
  }
  if (p.encoding === 'deepObject') return { names: [p.name], prefix: `${p.name}[`, anyName: false };
  return { names: [p.name], anyName: false };
}

/** The names `object` sends that `other` sends too (`any name` when either takes any). */
function sharedNames(object: Sent, other: Sent): string[] {
  if (object.anyName || other.anyName) return ['any name'];
  return object.names.filter(
    (name) =>
      other.names.includes(name) || (other.prefix !== undefined && name.startsWith(other.prefix)),
  );
}

/**
 * Makes every colliding exploded object of each operation a deepObject (its `shape` already
 * describes its properties); a warning for each one switched, once for a parameter a path
 * item shares between its operations.
 */
export function separateCollidingObjects(
  operations: { parameters: Parameter[] }[],
): ContractProblem[] {
  const warnings: ContractProblem[] = [];
  for (const op of operations)
    op.parameters = leaveOwnedNames(separateIn(op.parameters, warnings), warnings);
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const key = `${w.pointer}\0${w.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function separateIn(parameters: Parameter[], warnings: ContractProblem[]): Parameter[] {
  const sent = new Map(parameters.map((p) => [p, sentBy(p)]));
  return parameters.map((p) => {
    if (!isExplodedObject(p)) return p;
    const clashes = parameters
      .filter((other) => other !== p && other.in === p.in)
      .map((other) => ({ other, names: sharedNames(sent.get(p)!, sent.get(other)!) }))
      .filter((clash) => clash.names.length > 0);
    if (clashes.length === 0) return p;
    const list = clashes
      .map(({ other, names }) => `'${other.name}' at ${other.pointer} (${names.join(', ')})`)
      .join('; ');
    warnings.push({
      pointer: p.pointer,
      message: `${p.in} parameter '${p.name}' is an exploded object whose properties are sent under names other parameters send too: ${list}. No server could tell them apart, so '${p.name}' is sent as a deepObject (${p.name}[property]=…)`,
      source: 'model',
      clause: CLAUSE,
    });
    return { ...p, encoding: 'deepObject' };
  });
}

/**
 * Gives each deepObject the names of the parameters of its place spelled under its own
 * (`filter[record_type]` under `filter`) as `leaves`, with a warning for each such object.
 */
function leaveOwnedNames(parameters: Parameter[], warnings: ContractProblem[]): Parameter[] {
  return parameters.map((p) => {
    if (p.encoding !== 'deepObject') return p;
    const prefix = `${p.name}[`;
    const owners = parameters.filter(
      (other) => other !== p && other.in === p.in && other.name.startsWith(prefix),
    );
    if (owners.length === 0) return p;
    const list = owners.map((other) => `'${other.name}' at ${other.pointer}`).join('; ');
    warnings.push({
      pointer: p.pointer,
      message: `${p.in} parameter '${p.name}' is a deepObject, and other parameters are named as some of its properties would be sent: ${list}. Each such name belongs to the parameter of that name (a request's ${owners[0].name}=… is read as '${owners[0].name}'), so '${p.name}' leaves it: its property of that key is typed out`,
      source: 'model',
      clause: LEAVES_CLAUSE,
    });
    return { ...p, leaves: owners.map((other) => other.name) };
  });
}
