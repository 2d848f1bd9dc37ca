/**
 * The package compile of a large generated file without printing it twice. Most of the bytes
 * of the generated modules are statements whose `.js` and `.d.ts` forms need no compiler:
 * exported interfaces and type aliases (client.ts's `ApiParams`, server.ts's result types) are
 * already declarations and have no JavaScript; typed constants of plain data (operations.ts's
 * tables, msw.ts's examples) are `export const name: T = <data>`, whose JavaScript is the same
 * text without `: T` and whose declaration is `export declare const name: T;`. TypeScript's
 * transpileModule and transpileDeclaration re-print all of that (on GitHub's document, seconds
 * per run); here those statements are written from the source text as they are, and only the
 * rest of the file (imports, functions, constants whose type is inferred) goes through the
 * compiler, as one small file in which each such statement is a marker that its text replaces.
 *
 * The source is parsed once, and a statement takes the direct path only when its shape is
 * proven from the syntax tree: data is literal objects, arrays, strings, numbers, booleans,
 * null and `() => import("...")` (no identifier, so it cannot keep an import alive or hide type
 * syntax). Anything else, or anything that would need the whole file (a non-exported type, a
 * declaration referring to a constant the declarations leave out), returns undefined and the
 * caller compiles the whole file as before, with the same messages.
 */
import type TSNS from 'typescript';

type TS = typeof import('typescript');

export interface SplitCompiled {
  js: string;
  dts: string;
}

/** How one top-level statement is written. */
type Part =
  | { kind: 'compiler'; text: string }
  | { kind: 'import'; node: TSNS.ImportDeclaration; text: string }
  | { kind: 'declaration'; dts: string }
  | { kind: 'data'; js: string; dts: string | undefined };

export function compileSplit(
  ts: TS,
  source: string,
  fileName: string,
  compilerOptions: TSNS.CompilerOptions,
): SplitCompiled | undefined {
  // Comments are copied as text: their JSDoc need not be parsed (a large share of client.ts).
  const sf = ts.createSourceFile(
    fileName,
    source,
    { languageVersion: ts.ScriptTarget.ES2022, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    ts.ScriptKind.TS,
  );
  if ((sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length > 0)
    return undefined;
  const marker = uniqueMarker(source);
  const parts: Part[] = [];
  /** names of top-level declarations the declarations file does not carry */
  const leftOut = new Set<string>();
  let direct = 0;
  let keepPrivate = false;
  for (const st of sf.statements) {
    const start = st.getStart(sf);
    const trivia = leadingComments(source.slice(st.pos, start));
    const text = source.slice(start, st.end);
    if (ts.isImportDeclaration(st)) {
      parts.push({ kind: 'import', node: st, text: source.slice(st.pos, st.end) });
      continue;
    }
    const exported = hasModifier(ts, st, ts.SyntaxKind.ExportKeyword);
    if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) {
      if (hasModifier(ts, st, ts.SyntaxKind.DefaultKeyword)) return undefined;
      // A type the file keeps to itself stays in the declarations (exported ones may use it),
      // kept private there by an `export {}` (in a declarations file without one, every
      // top-level declaration is exported).
      if (!exported) keepPrivate = true;
      parts.push({ kind: 'declaration', dts: trivia + text });
      direct++;
      continue;
    }
    const data = ts.isVariableStatement(st) ? plainDataConstant(ts, st) : undefined;
    if (data) {
      const init = source.slice(data.initializer.getStart(sf), data.initializer.end);
      const type = source.slice(data.type.getStart(sf), data.type.end);
      const head = exported ? 'export const' : 'const';
      parts.push({
        kind: 'data',
        js: `${trivia}${head} ${data.name} = ${init};`,
        dts: exported ? `${trivia}export declare const ${data.name}: ${type};` : undefined,
      });
      if (!exported) leftOut.add(data.name);
      direct++;
      continue;
    }
    if (!exported) for (const name of declaredNames(ts, st)) leftOut.add(name);
    parts.push({ kind: 'compiler', text: source.slice(st.pos, st.end) });
  }
  if (direct === 0) return undefined;

  // JavaScript: imports and compiled statements through the compiler (it decides which imports
  // stay: the direct statements use no identifier), each direct statement as a marker.
  const jsSource = parts
    .map((p, i) =>
      p.kind === 'import' || p.kind === 'compiler'
        ? p.text
        : p.kind === 'data'
          ? `\n${marker}${i};`
          : '',
    )
    .join('');
  const jsOut = ts.transpileModule(jsSource, {
    fileName,
    compilerOptions,
    reportDiagnostics: false,
  }).outputText;
  const dataCount = parts.filter((p) => p.kind === 'data').length;
  const js = replaceMarkers(jsOut, new RegExp(`^${marker}(\\d+);$`, 'gm'), dataCount, (i) => {
    const p = parts[i];
    return p.kind === 'data' ? p.js : '';
  });
  if (js === undefined) return undefined;

  // Declarations: the compiled statements without the imports (which the compiler would drop
  // for want of a use it cannot see), each direct statement as a marker type.
  const dtsSource = parts
    .map((p, i) =>
      p.kind === 'compiler'
        ? p.text
        : p.kind === 'import' || (p.kind === 'data' && p.dts === undefined)
          ? ''
          : `\nexport type ${marker}${i} = 0;`,
    )
    .join('');
  const declared = ts.transpileDeclaration(dtsSource, {
    fileName,
    compilerOptions,
    reportDiagnostics: true,
  });
  // a statement that cannot be declared on its own: the whole file, for the message's line
  if ((declared.diagnostics ?? []).length > 0) return undefined;
  const body = replaceMarkers(
    declared.outputText,
    new RegExp(`^export type ${marker}(\\d+) = 0;$`, 'gm'),
    parts.filter((p) => p.kind === 'declaration' || (p.kind === 'data' && p.dts !== undefined))
      .length,
    (i) => {
      const p = parts[i];
      return p.kind === 'declaration' ? p.dts : p.kind === 'data' ? (p.dts ?? '') : '';
    },
  );
  if (body === undefined) return undefined;
  // A constant left out of the declarations must not be named by them (`typeof layouts`).
  for (const m of body.matchAll(/\btypeof\s+([A-Za-z_$][\w$]*)/g))
    if (leftOut.has(m[1])) return undefined;
  let identifiers: Set<string> | undefined;
  const imports = parts.flatMap((p) => {
    if (p.kind !== 'import') return [];
    identifiers ??= identifiersIn(ts, body);
    const used = declarationImport(ts, sf, p.node, identifiers);
    if (used === undefined) return [];
    return [leadingComments(p.text.slice(0, p.node.getStart(sf) - p.node.pos)) + used];
  });
  const closed = keepPrivate && !/^export \{\};$/m.test(body) ? `${body}export {};\n` : body;
  const dts = [...imports, closed].join('\n');
  return { js, dts };
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

/**
 * The identifiers of a declarations text as the scanner sees them: a name in a comment is not a
 * use (the cache's prose-free compile and a direct one must keep the same imports). Scanned once
 * for all of a file's imports (the text is most of a large module).
 */
function identifiersIn(ts: TS, body: string): Set<string> {
  const identifiers = new Set<string>();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, body);
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan())
    if (t === ts.SyntaxKind.Identifier) identifiers.add(scanner.getTokenText());
  return identifiers;
}

/**
 * An import as the declarations need it: only the names they use (`identifiers` of the
 * declarations, at worst a name too many, harmless in a declarations file), or undefined when
 * they use none.
 */
function declarationImport(
  ts: TS,
  sf: TSNS.SourceFile,
  node: TSNS.ImportDeclaration,
  identifiers: Set<string>,
): string | undefined {
  const text = node.getText(sf);
  const clause = node.importClause;
  if (!clause || node.attributes) return text; // a side-effect import, or one with attributes
  const used = (name: TSNS.Identifier) => identifiers.has(name.text);
  const names: string[] = [];
  if (clause.name && used(clause.name)) names.push(clause.name.text);
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings) && used(bindings.name))
    names.push(bindings.getText(sf));
  if (bindings && ts.isNamedImports(bindings)) {
    const kept = bindings.elements.filter((e) => used(e.name)).map((e) => e.getText(sf));
    if (kept.length > 0) names.push(`{ ${kept.join(', ')} }`);
  }
  if (names.length === 0) return undefined;
  const from = node.moduleSpecifier.getText(sf);
  return `import ${clause.isTypeOnly ? 'type ' : ''}${names.join(', ')} from ${from};`;
}

/** The comments before a statement, without the blank lines around them. */
function leadingComments(trivia: string): string {
  const trimmed = trivia.replace(/^\s+/, '').replace(/\s+$/, '');
  return trimmed === '' ? '' : `${trimmed}\n`;
}

/**
 * Each marker line replaced by its statement; undefined unless every marker came back exactly
 * once, as written (the compiler would then have moved or changed one).
 */
function replaceMarkers(
  text: string,
  pattern: RegExp,
  expected: number,
  statement: (index: number) => string,
): string | undefined {
  const seen = new Set<number>();
  let found = 0;
  const out = text.replace(pattern, (_line, index: string) => {
    found++;
    seen.add(Number(index));
    return statement(Number(index));
  });
  return found === expected && seen.size === expected ? out : undefined;
}

/** A prefix for marker names that the source does not contain. */
function uniqueMarker(source: string): string {
  let marker = '__tmsDirect';
  while (source.includes(marker)) marker += '_';
  return `${marker}_`;
}
