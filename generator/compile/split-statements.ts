/**
 * The top-level statements of a generated module for the package compile's split
 * (package-compile-split.ts), described by offsets: found in one syntax tree of the whole file,
 * or piece by piece when the source can be cut with proof (piecewiseStatements), so that no
 * tree of a whole large module is alive at once. Each statement's kind says how it may be
 * written: an import, a declaration (already its own `.d.ts`), plain data (its JavaScript and
 * declaration written from the text), or one for the compiler.
 */
import type TSNS from 'typescript';
import type { TS } from '../common/typescript-compiler.js';

/**
 * What the compile needs of one top-level statement, in offsets of the whole source: no node
 * of a syntax tree, so that a tree is dropped as soon as its statements are described.
 */
export type Statement =
  | { kind: 'import'; pos: number; start: number; end: number; shape: ImportShape }
  | { kind: 'declaration'; pos: number; start: number; end: number; exported: boolean }
  | {
      kind: 'data';
      pos: number;
      start: number;
      end: number;
      exported: boolean;
      name: string;
      type: [number, number];
      init: [number, number];
    }
  | {
      kind: 'compiler';
      pos: number;
      start: number;
      end: number;
      exported: boolean;
      names: string[];
    }
  /** a statement only the whole-file compile handles (a default-exported type) */
  | { kind: 'whole'; pos: number; start: number; end: number };

/** An import declaration as the declarations file may need it again. */
export interface ImportShape {
  /** the declaration's text from its first token */
  text: string;
  /** undefined: a side-effect import or one with attributes, kept as it is */
  clause?: {
    typeOnly: boolean;
    defaultName?: string;
    namespace?: { name: string; text: string };
    named?: { name: string; text: string }[];
    from: string;
  };
}

const PARSE_OPTIONS = (ts: TS) => ({
  languageVersion: ts.ScriptTarget.ES2022,
  // Comments are copied as text: their JSDoc need not be parsed (a large share of client.ts).
  jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
});

/** The statements of one syntax tree of the whole source; undefined on a parse error. */
export function wholeFileStatements(ts: TS, source: string): Statement[] | undefined {
  const sf = ts.createSourceFile('split.ts', source, PARSE_OPTIONS(ts), false, ts.ScriptKind.TS);
  if (parseDiagnostics(sf) > 0) return undefined;
  return sf.statements.map((st) => describe(ts, sf, st, 0, st.pos));
}

/** Size of the pieces the source is parsed in: small trees, few parser calls. */
const PIECE_CHARS = 128 * 1024;

/**
 * The statements of the source parsed piece by piece, never holding the tree of more than a
 * piece. Our
 * generated modules start every top-level statement (or its leading comment) at column 0 and
 * indent everything nested, so pieces are cut at the start of such a line. A cut is accepted
 * only when the piece before it parses with no diagnostic and ends with a statement that
 * nothing after it can continue (`;`, or the `}` of a declaration); a line inside a template
 * literal, a string or a comment leaves the piece before it unterminated (a diagnostic), and
 * the piece is then tried up to a later line. Undefined when no cut holds (the caller parses
 * the whole file, whose messages are the reference).
 */
export function piecewiseStatements(
  ts: TS,
  source: string,
  pieceChars = PIECE_CHARS,
  largeChars = LARGE_STATEMENT_CHARS,
): Statement[] | undefined {
  const out: Statement[] = [];
  let prevEnd = 0;
  for (let from = 0; from < source.length;) {
    let to = lineStartAfter(source, from + pieceChars);
    // A large statement (tens of MB on Graph: client.ts's ApiParams, operations.ts's table) is
    // parsed on its own, its members in pieces; the statements before it first.
    const last = lastLineStartBefore(source, from, to);
    if (to - last > largeChars) {
      if (last > from) to = last;
      else {
        const large = describeLarge(ts, source, from, to, prevEnd, pieceChars);
        if (large) {
          out.push(large);
          prevEnd = large.end;
          from = to;
          continue;
        }
      }
    }
    for (;;) {
      const described = describePiece(ts, source, from, to, prevEnd);
      if (described) {
        for (const d of described) out.push(d);
        if (described.length > 0) prevEnd = described[described.length - 1].end;
        break;
      }
      if (to === source.length) return undefined;
      to = lineStartAfter(source, from + 2 * (to - from));
    }
    from = to;
  }
  return out;
}

/** Above this size a statement's members are parsed in pieces too (describeLarge). */
const LARGE_STATEMENT_CHARS = 1024 * 1024;

/** The last column-0 line in [from, to) that can start a statement, or `from`. */
function lastLineStartBefore(source: string, from: number, to: number): number {
  for (let nl = source.lastIndexOf('\n', to - 2); nl >= from; nl = source.lastIndexOf('\n', nl - 1))
    if (nl + 1 < to && !/[\s})\]]/.test(source[nl + 1])) return nl + 1;
  return from;
}

/**
 * One large statement, source[from, to), described without its tree: an interface, an object
 * type alias or a plain data constant whose head line ends with the `{` (or `[`) that opens its
 * members, one per line indented by two spaces, and whose last line is the `}` (`};`, `]`,
 * `];`) that closes them. The statement without its members is parsed (its kind, name, type),
 * then the members in pieces, each wrapped alone in an interface or a constant of its own:
 * a piece holds when it parses with no diagnostic, its wrapper ends where it was closed, its
 * data is plain, and (but for the last piece) its last member is ended by its `;` or `,`.
 * Undefined when anything does not hold (the caller parses the statement whole).
 */

function describeLarge(
  ts: TS,
  source: string,
  from: number,
  to: number,
  prevEnd: number,
  pieceChars: number,
): Statement | undefined {
  const headEnd = source.indexOf('\n', from) + 1;
  const head = source.slice(from, headEnd);
  if (!head.endsWith(' {\n') && !head.endsWith(' [\n')) return undefined;
  const open = head[head.length - 2];
  const closing = open === '{' ? '}' : ']';
  const closeEnd = from + source.slice(from, to).trimEnd().length;
  const closeStart = source.lastIndexOf('\n', closeEnd - 1) + 1;
  const close = source.slice(closeStart, closeEnd);
  if (closeStart <= headEnd || (close !== closing && close !== `${closing};`)) return undefined;
  // the statement without its members
  const stub = head + close;
  const sf = ts.createSourceFile('stub.ts', stub, PARSE_OPTIONS(ts), false, ts.ScriptKind.TS);
  const [st] = sf.statements;
  if (parseDiagnostics(sf) > 0 || sf.statements.length !== 1 || st.end !== stub.length)
    return undefined;
  if (!closed(ts, sf, st)) return undefined;
  const d = describe(ts, sf, st, from, prevEnd);
  /** an offset of the stub → one of the source */
  const at = (offset: number) => (offset < head.length ? from : closeStart - head.length) + offset;
  const opened = head.length - 1; // just after the `{` or `[`
  let wrap: [string, string];
  if (d.kind === 'declaration' || d.kind === 'whole') {
    const type = ts.isInterfaceDeclaration(st)
      ? st
      : ts.isTypeAliasDeclaration(st) && ts.isTypeLiteralNode(st.type)
        ? st.type
        : undefined;
    if (!type || open !== '{' || type.members.pos !== opened) return undefined;
    wrap = ['interface __tmsPiece {\n', '\n}'];
  } else if (d.kind === 'data') {
    if (d.init[0] !== at(opened - 1)) return undefined;
    wrap = [`const __tmsPiece = ${open}\n`, `\n${closing};`];
  } else return undefined;
  for (let a = headEnd; a < closeStart;) {
    let b = memberLineAfter(source, a + pieceChars, closeStart);
    while (!membersHold(ts, wrap[0] + source.slice(a, b) + wrap[1], b === closeStart)) {
      if (b === closeStart) return undefined;
      b = memberLineAfter(source, a + 2 * (b - a), closeStart);
    }
    a = b;
  }
  const end = at(st.end);
  return d.kind === 'data' ? { ...d, end, init: [d.init[0], at(d.init[1] - from)] } : { ...d, end };
}

/** The first line at or after `at` (before `limit`) that starts a member: two spaces, a name. */
function memberLineAfter(source: string, at: number, limit: number): number {
  for (
    let nl = source.indexOf('\n', at - 1);
    nl !== -1 && nl + 1 < limit;
    nl = source.indexOf('\n', nl + 1)
  )
    if (/^ {2}[\w$"'[/]/.test(source.slice(nl + 1, nl + 4))) return nl + 1;
  return limit;
}

/** Whether a piece of members, wrapped (see describeLarge), holds. */
function membersHold(ts: TS, text: string, last: boolean): boolean {
  const sf = ts.createSourceFile('members.ts', text, PARSE_OPTIONS(ts), false, ts.ScriptKind.TS);
  const [st] = sf.statements;
  if (parseDiagnostics(sf) > 0 || sf.statements.length !== 1 || st.end !== text.length)
    return false;
  if (ts.isInterfaceDeclaration(st)) {
    const lastMember = st.members.at(-1);
    return last || !lastMember || /[;,]/.test(text[lastMember.end - 1]);
  }
  const init = ts.isVariableStatement(st)
    ? st.declarationList.declarations[0]?.initializer
    : undefined;
  if (!init || !isPlainData(ts, init)) return false;
  const list = ts.isObjectLiteralExpression(init)
    ? init.properties
    : ts.isArrayLiteralExpression(init)
      ? init.elements
      : undefined;
  return list !== undefined && (last || list.length === 0 || list.hasTrailingComma === true);
}

/** The first column-0 line at or after `at` that can start a statement, or the end. */
function lineStartAfter(source: string, at: number): number {
  for (let nl = source.indexOf('\n', at - 1); nl !== -1; nl = source.indexOf('\n', nl + 1)) {
    // not blank, not indented, not the `}` / `)` / `]` that ends a statement
    if (nl + 1 < source.length && !/[\s})\]]/.test(source[nl + 1])) return nl + 1;
  }
  return source.length;
}

/** The statements of source[from, to) parsed alone, or undefined when the cut at `to` is doubtful. */
function describePiece(
  ts: TS,
  source: string,
  from: number,
  to: number,
  prevEnd: number,
): Statement[] | undefined {
  const sf = ts.createSourceFile(
    'piece.ts',
    source.slice(from, to),
    PARSE_OPTIONS(ts),
    false,
    ts.ScriptKind.TS,
  );
  if (parseDiagnostics(sf) > 0) return undefined;
  const statements = sf.statements;
  const last = statements.at(-1);
  if (to < source.length && last && !closed(ts, sf, last)) return undefined;
  let pos = prevEnd;
  return statements.map((st) => {
    const d = describe(ts, sf, st, from, pos);
    pos = d.end;
    return d;
  });
}

/**
 * Whether nothing after the statement can continue it, so that the whole file parses it the
 * same: a declaration, import, export or expression ended by its `;`, or a declaration by its
 * `}`. Not a statement that may take more (`if` and its `else`, `try` and its `catch`).
 */
function closed(ts: TS, sf: TSNS.SourceFile, st: TSNS.Statement): boolean {
  const lastChar = sf.text[st.end - 1];
  const declaration =
    ts.isInterfaceDeclaration(st) ||
    ts.isFunctionDeclaration(st) ||
    ts.isClassDeclaration(st) ||
    ts.isEnumDeclaration(st) ||
    ts.isModuleDeclaration(st);
  if (lastChar === '}') return declaration;
  return (
    lastChar === ';' &&
    (declaration ||
      ts.isVariableStatement(st) ||
      ts.isExpressionStatement(st) ||
      ts.isTypeAliasDeclaration(st) ||
      ts.isImportDeclaration(st) ||
      ts.isImportEqualsDeclaration(st) ||
      ts.isExportDeclaration(st) ||
      ts.isExportAssignment(st))
  );
}

function parseDiagnostics(sf: TSNS.SourceFile): number {
  return (sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length;
}

/** One statement of a tree parsed from source[offset…]; `pos`: where its leading trivia starts. */
function describe(
  ts: TS,
  sf: TSNS.SourceFile,
  st: TSNS.Statement,
  offset: number,
  pos: number,
): Statement {
  const start = offset + st.getStart(sf);
  const end = offset + st.end;
  if (ts.isImportDeclaration(st))
    return { kind: 'import', pos, start, end, shape: importShape(ts, sf, st) };
  const exported = hasModifier(ts, st, ts.SyntaxKind.ExportKeyword);
  if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st))
    return hasModifier(ts, st, ts.SyntaxKind.DefaultKeyword)
      ? { kind: 'whole', pos, start, end }
      : { kind: 'declaration', pos, start, end, exported };
  const data = ts.isVariableStatement(st) ? plainDataConstant(ts, st) : undefined;
  if (data) {
    const range = (n: TSNS.Node): [number, number] => [offset + n.getStart(sf), offset + n.end];
    return {
      kind: 'data',
      pos,
      start,
      end,
      exported,
      name: data.name,
      type: range(data.type),
      init: range(data.initializer),
    };
  }
  return { kind: 'compiler', pos, start, end, exported, names: declaredNames(ts, st) };
}

/** `export const name: T = <plain data>;` (or without export): its parts, or undefined. */
function plainDataConstant(
  ts: TS,
  st: TSNS.VariableStatement,
): { name: string; type: TSNS.TypeNode; initializer: TSNS.Expression } | undefined {
  const list = st.declarationList;
  if ((list.flags & ts.NodeFlags.Const) === 0 || list.declarations.length !== 1) return undefined;
  if (hasModifier(ts, st, ts.SyntaxKind.DeclareKeyword)) return undefined;
  if (hasModifier(ts, st, ts.SyntaxKind.DefaultKeyword)) return undefined;
  const [d] = list.declarations;
  if (!ts.isIdentifier(d.name) || !d.type || !d.initializer || d.exclamationToken) return undefined;
  return isPlainData(ts, d.initializer)
    ? { name: d.name.text, type: d.type, initializer: d.initializer }
    : undefined;
}

/**
 * Literal data only: its JavaScript is its own text. Identifiers are allowed only as property
 * names, so the value refers to nothing (no import kept alive by it).
 */
function isPlainData(ts: TS, root: TSNS.Node): boolean {
  const k = ts.SyntaxKind;
  const stack: TSNS.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.kind) {
      case k.StringLiteral:
      case k.NumericLiteral:
      case k.NoSubstitutionTemplateLiteral:
      case k.TrueKeyword:
      case k.FalseKeyword:
      case k.NullKeyword:
        continue;
      case k.PrefixUnaryExpression: {
        const u = node as TSNS.PrefixUnaryExpression;
        if (u.operator !== k.MinusToken || !ts.isNumericLiteral(u.operand)) return false;
        continue;
      }
      case k.ObjectLiteralExpression:
        for (const p of (node as TSNS.ObjectLiteralExpression).properties) {
          if (!ts.isPropertyAssignment(p)) return false;
          if (
            !ts.isIdentifier(p.name) &&
            !ts.isStringLiteral(p.name) &&
            !ts.isNumericLiteral(p.name)
          )
            return false;
          stack.push(p.initializer);
        }
        continue;
      case k.ArrayLiteralExpression:
        stack.push(...(node as TSNS.ArrayLiteralExpression).elements);
        continue;
      case k.ArrowFunction: {
        // `() => import("./module.js")`: a loader
        const f = node as TSNS.ArrowFunction;
        if (f.parameters.length > 0 || f.typeParameters || f.type || f.modifiers) return false;
        const call = f.body;
        if (
          !ts.isCallExpression(call) ||
          call.expression.kind !== k.ImportKeyword ||
          call.typeArguments ||
          call.arguments.length !== 1 ||
          !ts.isStringLiteral(call.arguments[0])
        )
          return false;
        continue;
      }
      default:
        return false;
    }
  }
  return true;
}

function hasModifier(ts: TS, node: TSNS.Node, kind: TSNS.SyntaxKind): boolean {
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return modifiers?.some((m) => m.kind === kind) ?? false;
}

/** The names a top-level statement declares (for the left-out check). */
function declaredNames(ts: TS, st: TSNS.Statement): string[] {
  if (ts.isVariableStatement(st))
    return st.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? [d.name.text] : [],
    );
  const name = (st as { name?: TSNS.Node }).name;
  return name && ts.isIdentifier(name) ? [name.text] : [];
}

/** What declarationImport needs of an import declaration (its tree is not kept). */
function importShape(ts: TS, sf: TSNS.SourceFile, node: TSNS.ImportDeclaration): ImportShape {
  const text = node.getText(sf);
  const clause = node.importClause;
  if (!clause || node.attributes) return { text }; // a side-effect import, or one with attributes
  const bindings = clause.namedBindings;
  return {
    text,
    clause: {
      typeOnly: clause.isTypeOnly,
      defaultName: clause.name?.text,
      namespace:
        bindings && ts.isNamespaceImport(bindings)
          ? { name: bindings.name.text, text: bindings.getText(sf) }
          : undefined,
      named:
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.map((e) => ({ name: e.name.text, text: e.getText(sf) }))
          : undefined,
      from: node.moduleSpecifier.getText(sf),
    },
  };
}
