/**
 * Feature levels as a parameter of compiled validators, not a copy of them per level.
 *
 * The contract's level facts (model `levelFacts`, parameter lifecycles) become three Ajv
 * keywords whose compiled code reads the level from the validation context (Ajv `passContext`:
 * the runtime calls `validate.call({ level }, value)`; with no context the newest level applies):
 *
 * - `tmsLevel: {addedIn?, removedIn?, schema}` in a property's place: the property's schema
 *   applies only at levels where the property exists; elsewhere it is an unknown property.
 * - `tmsRequiredAt: {name: [addedIn|null, removedIn|null]}` on an object: `name` is required only
 *   at levels where it exists (it is not also listed in `required`).
 * - `tmsEnumAt: [[value, addedIn|null, removedIn|null], ...]` beside an `enum`: the value is
 *   refused at levels where it does not exist.
 *
 * `removedIn: null` in a fact (removed at an unnamed level) counts only at the newest level.
 * The code emitted is plain comparisons (no helpers), so it survives standalone compilation.
 */
import { _, type Ajv, type Code, type KeywordCxt, type Name } from 'ajv';
import type { LevelWindow, SchemaLevelFacts } from '../model/types.js';

/** The level the validation runs at: the context's, or the newest (`Infinity`). */
const LEVEL = _`(this && typeof this.level == "number" ? this.level : Infinity)`;

/**
 * Removal as the keywords carry it: a level, `"unnamed"` (removed at a level the contract does
 * not name: counts only at the newest level), or null/absent (never removed).
 */
export type Removal = number | 'unnamed' | null;

/** Code true when the level is inside `[added, removed)`. */
function inWindow(
  level: Name,
  added: number | null | undefined,
  removed: Removal | undefined,
): Code {
  const from = typeof added === 'number' ? _`${level} >= ${added}` : _`true`;
  const until =
    removed === 'unnamed'
      ? _`${level} !== Infinity`
      : typeof removed === 'number'
        ? _`${level} < ${removed}`
        : _`true`;
  return _`(${from} && ${until})`;
}

export function addLevelKeywords(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: 'tmsLevel',
    schemaType: 'object',
    code(cxt: KeywordCxt) {
      const { gen, schema } = cxt;
      const level = gen.const('level', LEVEL);
      const valid = gen.let('valid', true);
      gen.if(inWindow(level, schema.addedIn, schema.removedIn), () => {
        const inner = gen.name('valid');
        cxt.subschema({ keyword: 'tmsLevel', schemaProp: 'schema' }, inner);
        gen.assign(valid, inner);
      });
      cxt.ok(valid);
    },
  });
  ajv.addKeyword({
    keyword: 'tmsRequiredAt',
    schemaType: 'object',
    type: 'object',
    error: {
      message: ({ params }) => _`"must have required property '" + ${params.missingProperty} + "'"`,
      params: ({ params }) => _`{missingProperty: ${params.missingProperty}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schema } = cxt;
      const level = gen.const('level', LEVEL);
      for (const name of Object.keys(schema as Record<string, unknown>).sort()) {
        const [added, removed] = (schema as Record<string, [number | null, Removal]>)[name];
        gen.if(_`${inWindow(level, added, removed)} && ${data}[${name}] === undefined`, () =>
          cxt.error(false, { missingProperty: name }),
        );
      }
    },
  });
  ajv.addKeyword({
    keyword: 'tmsEnumAt',
    schemaType: 'array',
    error: {
      message: ({ params }) => _`"value not available at feature level " + ${params.level}`,
      params: ({ params }) =>
        _`{value: ${params.value}, addedIn: ${params.addedIn}, removedIn: ${params.removedIn}, level: ${params.level}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schema } = cxt;
      const level = gen.const('level', LEVEL);
      for (const [value, added, removed] of schema as [unknown, number | null, Removal][]) {
        gen.if(_`${data} === ${value as string} && !${inWindow(level, added, removed)}`, () =>
          cxt.error(false, {
            value: _`${value as string}`,
            addedIn: _`${added}`,
            removedIn: _`${removed}`,
            level,
          }),
        );
      }
    },
  });
}

/** A property's schema wrapped so that it applies only inside its level window. */
export function levelWrapped(window: LevelWindow, schema: unknown): Record<string, unknown> {
  return { tmsLevel: { ...windowFields(window), schema } };
}

function windowFields(window: LevelWindow): { addedIn?: number; removedIn?: Removal } {
  return {
    ...(window.addedIn !== undefined ? { addedIn: window.addedIn } : {}),
    ...(window.removedIn !== undefined ? { removedIn: removal(window) } : {}),
  };
}

/** The model's `removedIn` (null = unnamed level) as the keywords carry it. */
export function removal(window: LevelWindow): Removal {
  return window.removedIn === undefined
    ? null
    : window.removedIn === null
      ? 'unnamed'
      : window.removedIn;
}

/**
 * Moves the names of `required` that have a level window into `tmsRequiredAt`; returns the
 * changed schema fields (`required`, `tmsRequiredAt`) or nothing when no name has a window.
 */
export function levelRequired(
  required: unknown,
  windows: Record<string, LevelWindow>,
): { required?: string[]; tmsRequiredAt?: Record<string, [number | null, Removal]> } | undefined {
  if (!Array.isArray(required)) return undefined;
  const plain: string[] = [];
  const at: Record<string, [number | null, Removal]> = {};
  for (const name of required as string[]) {
    const w = Object.prototype.hasOwnProperty.call(windows, name) ? windows[name] : undefined;
    if (w) at[name] = [w.addedIn ?? null, removal(w)];
    else plain.push(name);
  }
  if (Object.keys(at).length === 0) return undefined;
  return { ...(plain.length > 0 ? { required: plain } : {}), tmsRequiredAt: at };
}

/** `tmsEnumAt` entries of a schema's enum facts (scalar values only: the check is `===`). */
export function levelEnum(facts: SchemaLevelFacts['enum']): [unknown, number | null, Removal][] {
  return (facts ?? [])
    .filter((f) => f.value === null || typeof f.value !== 'object')
    .map((f) => [f.value, f.addedIn ?? null, removal(f)]);
}
