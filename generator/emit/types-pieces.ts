/**
 * openapi-typescript's output built and printed in pieces. Its `transformSchema` builds the
 * syntax tree of the whole document and `astToString` prints it at once: on a large document
 * the tree is most of the types step's peak. This driver follows the same loop
 * (paths, webhooks, components, `$defs`, then the footer with the `operations` interface) but
 * gives openapi-typescript's own per-object transforms a few hundred entries at a time, prints
 * those entries inside the wrapper they have in the whole output (so the indentation and the
 * comments are the printer's own) and drops their tree before the next piece.
 *
 * The frame (the top-level statements, each big member list replaced by one placeholder member)
 * is printed once at the end, and each placeholder's line is replaced by the printed pieces.
 * What does not depend on the tree stays whole: `ctx.discriminators` and `ctx.resolve` read
 * the document. The `operations` interface (ctx.injectFooter, filled by the path transforms)
 * is printed and emptied after each piece, so it stays in its place in the footer. A shape
 * this driver does not follow returns undefined: the caller then prints the whole tree.
 * test/generator/types-pieces.test.ts compares the two on documents exercising each branch.
 */
import type { GlobalContext } from 'openapi-typescript';
import type * as TS from 'typescript';
import type { TS as Typescript } from '../common/typescript-compiler.js';

type OpenapiTypescript = typeof import('openapi-typescript');

/**
 * Entries per piece. On Microsoft Graph's document pieces of 64, 256 and 1024 entries took the
 * same CPU time (within the noise of a loaded machine); a piece's tree is a few MB at 256.
 */
export const PIECE_ENTRIES = 256;

/** The top-level groups of transformSchema, in its order. */
const ROOTS = ['paths', 'webhooks', 'components', '$defs'] as const;
/** The groups of transformComponentsObject, in its order. */
const COMPONENT_GROUPS = [
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'pathItems',
] as const;

/**
 * The placeholder member's name, printed `[__tms_piece_0]: never;`: a computed name, which
 * openapi-typescript never makes for a document's names (they are identifiers or strings).
 */
const PLACEHOLDER = '__tms_piece_';

/**
 * The text `ots.astToString(ots.transformSchema(document, ctx))` gives, printed in pieces of
 * `pieceEntries` entries; undefined when the context or the document has a shape the driver
 * does not follow (nothing of `ctx` is used then: the caller runs the whole transform on it).
 */
export function printInPieces(
  ots: OpenapiTypescript,
  ts: Typescript,
  document: unknown,
  ctx: GlobalContext,
  pieceEntries = PIECE_ENTRIES,
  /** called after each piece is printed and its tree dropped (the output is not changed) */
  afterPiece?: () => void,
): string | undefined {
  if (!followed(document, ctx) || pieceEntries < 1) return undefined;
  const schema = document as Record<string, unknown>;
  const printer = new PiecePrinter(ots, ts, ctx, pieceEntries, afterPiece);
  const frame: TS.Statement[] = [];
  for (const root of ROOTS) {
    const value = schema[root];
    if (!value || typeof value !== 'object') frame.push(printer.emptyRoot(root));
    else if (root === 'paths' || root === 'webhooks')
      frame.push(printer.pathsFrame(root, value as Record<string, unknown>));
    else if (root === 'components')
      frame.push(...printer.componentsFrame(value as Record<string, unknown>));
    else frame.push(printer.defsFrame(value));
  }
  frame.push(...printer.footer());
  return splice(ots.astToString(frame), printer.pieces);
}

/** The state of one printing in pieces: the pieces printed so far, by placeholder. */
class PiecePrinter {
  /** the printed pieces of each placeholder, by its number */
  readonly pieces: string[][] = [];
  /** the `operations` interface the path transforms fill: printed and emptied after each piece */
  private readonly operationTexts: string[] = [];
  private readonly f: TS.NodeFactory;
  private readonly exported: ReturnType<OpenapiTypescript['tsModifiers']>;

  constructor(
    private readonly ots: OpenapiTypescript,
    private readonly ts: Typescript,
    private readonly ctx: GlobalContext,
    private readonly pieceEntries: number,
    private readonly afterPiece: (() => void) | undefined,
  ) {
    this.f = ts.factory;
    this.exported = ots.tsModifiers({ export: true });
  }

  private placeholder(texts: string[]): TS.TypeElement {
    this.pieces.push(texts);
    return this.f.createPropertySignature(
      undefined,
      this.f.createComputedPropertyName(
        this.f.createIdentifier(`${PLACEHOLDER}${this.pieces.length - 1}`),
      ),
      undefined,
      this.ots.NEVER,
    );
  }

  private wrapper(name: string, members: readonly TS.TypeElement[]): TS.InterfaceDeclaration {
    return this.f.createInterfaceDeclaration(this.exported, name, undefined, undefined, members);
  }

  emptyRoot(name: string): TS.TypeAliasDeclaration {
    const { ots } = this;
    return this.f.createTypeAliasDeclaration(
      this.exported,
      name,
      undefined,
      ots.tsRecord(ots.STRING, ots.NEVER),
    );
  }

  private takeOperations(): void {
    const operations = this.ctx.injectFooter.find(
      (node): node is TS.InterfaceDeclaration =>
        this.ts.isInterfaceDeclaration(node) && node.name.text === 'operations',
    );
    if (!operations?.members.length) return;
    this.operationTexts.push(
      membersText(this.ots, this.wrapper('operations', operations.members), 1),
    );
    (operations as { members: TS.NodeArray<TS.TypeElement> }).members = this.f.createNodeArray([]);
  }

  /** The printed members of `entries` in pieces; how many members there were. */
  private inPieces(
    entries: [string, unknown][],
    transform: (piece: Record<string, unknown>) => readonly TS.TypeElement[],
    print: (members: readonly TS.TypeElement[]) => string,
  ): { texts: string[]; members: number } {
    const texts: string[] = [];
    let members = 0;
    for (let from = 0; from < entries.length; from += this.pieceEntries) {
      // a slice of Object.entries keeps its order in a new object (integer-like keys come
      // first in both, ascending)
      const made = transform(Object.fromEntries(entries.slice(from, from + this.pieceEntries)));
      if (made.length > 0) texts.push(print(made));
      members += made.length;
      this.takeOperations();
      this.afterPiece?.();
    }
    return { texts, members };
  }

  /** `paths` or `webhooks`: one placeholder for all its printed pieces. */
  pathsFrame(root: 'paths' | 'webhooks', value: Record<string, unknown>): TS.Statement {
    const { ots, ctx } = this;
    const made = this.inPieces(
      ots.getEntries(value, ctx),
      root === 'paths'
        ? (piece) => (ots.transformPathsObject(piece as never, ctx) as TS.TypeLiteralNode).members
        : (piece) => webhookMembers(ots, this.f, piece, ctx),
      (members) => membersText(ots, this.wrapper(root, members), 1),
    );
    return made.members > 0
      ? this.wrapper(root, [this.placeholder(made.texts)])
      : this.emptyRoot(root);
  }

  /** `components`: a placeholder per group, then the root type aliases. */
  componentsFrame(components: Record<string, unknown>): TS.Statement[] {
    const properties = COMPONENT_GROUPS.map((group) => {
      const entries = components[group]
        ? this.ots.getEntries(components[group] as Record<string, unknown>, this.ctx)
        : [];
      const made = this.inPieces(
        entries,
        (piece) => this.componentMembers(group, piece),
        (members) =>
          membersText(
            this.ots,
            this.wrapper('components', [
              this.f.createPropertySignature(
                undefined,
                this.ots.tsPropertyIndex(group),
                undefined,
                this.f.createTypeLiteralNode(members),
              ),
            ]),
            2,
          ),
      );
      return this.f.createPropertySignature(
        undefined,
        this.ots.tsPropertyIndex(group),
        undefined,
        made.members > 0
          ? this.f.createTypeLiteralNode([this.placeholder(made.texts)])
          : this.ots.NEVER,
      );
    });
    return [
      this.wrapper('components', properties),
      ...rootTypeAliases(this.ots, components, this.ctx),
    ];
  }

  private componentMembers(
    group: (typeof COMPONENT_GROUPS)[number],
    piece: Record<string, unknown>,
  ): readonly TS.TypeElement[] {
    const [literal] = this.ots.transformComponentsObject({ [group]: piece }, noRootTypes(this.ctx));
    const property = (literal as TS.TypeLiteralNode).members[
      COMPONENT_GROUPS.indexOf(group)
    ] as TS.PropertySignature;
    return this.ts.isTypeLiteralNode(property.type!) ? property.type.members : [];
  }

  /** `$defs` stays whole (rare, and small where it is there), as transformSchema does it. */
  defsFrame(value: object): TS.Statement {
    const { ts, ots } = this;
    const type = ots.transformSchemaObject(value as never, {
      path: ots.createRef(['$defs']),
      ctx: this.ctx,
      schema: value as never,
    }) as TS.Node;
    let statement: TS.Statement;
    if (ts.isTypeNode(type)) {
      const members = (type as Partial<TS.TypeLiteralNode>).members;
      statement = members?.length ? this.wrapper('$defs', members) : this.emptyRoot('$defs');
    } else if (ts.isTypeAliasDeclaration(type)) statement = type;
    else statement = this.emptyRoot('$defs');
    this.takeOperations();
    return statement;
  }

  /** The footer openapi-typescript injects, with the `operations` interface's placeholder. */
  footer(): TS.Statement[] {
    const out: TS.Statement[] = [];
    let hasOperations = false;
    let placed = false;
    for (const node of this.ctx.injectFooter as TS.Statement[]) {
      const name = (node as { name?: { escapedText?: unknown } }).name?.escapedText;
      if (!hasOperations && name === 'operations') hasOperations = true;
      if (!placed && this.ts.isInterfaceDeclaration(node) && node.name.text === 'operations') {
        // the interface the path transforms made (the first one, as injectOperationObject finds)
        (node as { members: TS.NodeArray<TS.TypeElement> }).members = this.f.createNodeArray([
          this.placeholder(this.operationTexts),
        ]);
        placed = true;
      }
      out.push(node);
    }
    if (!hasOperations) out.push(this.emptyRoot('operations'));
    return out;
  }
}

/** The context options and the document's shapes the driver follows like transformSchema. */
function followed(document: unknown, ctx: GlobalContext): boolean {
  if (
    ctx.readWriteMarkers ||
    ctx.inject ||
    ctx.exportType ||
    ctx.makePathsEnum ||
    ctx.transform ||
    ctx.enum ||
    ctx.injectFooter.length > 0
  )
    return false;
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return false;
  const root = document as Record<string, unknown>;
  const plain = (value: unknown) =>
    value === undefined || (value !== null && typeof value === 'object' && !Array.isArray(value));
  // a falsy or non-object root is printed as transformSchema prints it (`Record<string, never>`)
  const object = (value: unknown) => value !== null && typeof value === 'object';
  for (const key of ['paths', 'webhooks', 'components'] as const)
    if (object(root[key]) && !plain(root[key])) return false;
  if (object(root.components)) {
    const components = root.components as Record<string, unknown>;
    for (const group of COMPONENT_GROUPS)
      if (components[group] && !plain(components[group])) return false;
  }
  return true;
}

/** The context for a piece of components: its root types are made once, for the whole object. */
function noRootTypes(ctx: GlobalContext): GlobalContext {
  return { ...ctx, rootTypes: false };
}

/**
 * The root type aliases (`export type Message = components['schemas']['Message']`) of the
 * whole components object, by openapi-typescript's own transform on a copy of it whose entries
 * are empty objects: the aliases depend on the names alone (a name's alias takes a `_2` when an
 * earlier one has it), and the copy's tree is small. Nothing it makes reaches the real footer.
 */
function rootTypeAliases(
  ots: OpenapiTypescript,
  components: Record<string, unknown>,
  ctx: GlobalContext,
): TS.Statement[] {
  if (!ctx.rootTypes) return [];
  const names: Record<string, Record<string, object>> = {};
  for (const group of COMPONENT_GROUPS)
    if (components[group])
      names[group] = Object.fromEntries(
        ots
          .getEntries(components[group] as Record<string, unknown>, ctx)
          .map(([name]) => [name, {}]),
      );
  const [, ...aliases] = ots.transformComponentsObject(names, {
    ...ctx,
    injectFooter: [],
    postTransform: undefined,
  });
  return aliases as TS.Statement[];
}

/** transformWebhooksObject's members (it is not among openapi-typescript's exports). */
function webhookMembers(
  ots: OpenapiTypescript,
  f: TS.NodeFactory,
  webhooks: Record<string, unknown>,
  ctx: GlobalContext,
): TS.TypeElement[] {
  return ots.getEntries(webhooks, ctx).map(([name, pathItem]) =>
    f.createPropertySignature(
      ots.tsModifiers({ readonly: ctx.immutable }),
      ots.tsPropertyIndex(name),
      undefined,
      ots.transformPathItemObject(pathItem as never, {
        path: ots.createRef(['webhooks', name]),
        ctx,
      }),
    ),
  );
}

/**
 * The printed lines of a wrapper's innermost members: `depth` 1 for an interface's own members
 * (`export interface paths {` … `}`), 2 for the members of its one property's type literal
 * (`export interface components {`, `    schemas: {` … `    };`, `}`).
 */
function membersText(ots: OpenapiTypescript, wrapper: TS.Node, depth: 1 | 2): string {
  const text = ots.astToString(wrapper);
  let start = 0;
  for (let i = 0; i < depth; i++) start = text.indexOf('\n', start) + 1;
  let end = text.length;
  for (let i = 0; i < depth; i++) end = text.lastIndexOf('\n', end - 2) + 1;
  // `end` is now the start of the line closing the innermost member list
  return text.slice(start, end);
}

/**
 * The frame's text with each placeholder's line replaced by its pieces. A placeholder not found
 * once on a line of its own is a fault of this driver, not of the document: thrown, since the
 * transforms have already written into the document (discriminators) and a second run on it
 * would not give the same text.
 */
function splice(frame: string, pieces: string[][]): string {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < pieces.length; i++) {
    const line = `[${PLACEHOLDER}${i}]: never;\n`;
    const at = frame.indexOf(line, from);
    const lineStart = frame.lastIndexOf('\n', at) + 1;
    if (at < 0 || frame.indexOf(line, at + line.length) >= 0 || frame.slice(lineStart, at).trim())
      throw new Error(`types in pieces: placeholder ${i} not found once in the frame`);
    parts.push(frame.slice(from, lineStart), ...pieces[i]);
    from = at + line.length;
  }
  parts.push(frame.slice(from));
  return parts.join('');
}
