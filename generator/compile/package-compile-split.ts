/**
 * The package compile of a large generated file without printing it twice. Most of the bytes
 * of the generated modules are statements whose `.js` and `.d.ts` forms need no compiler:
 * exported interfaces and type aliases (client.ts's `ApiParams`, server.ts's result types) are
 * already declarations and have no JavaScript; typed constants of plain data (operations.ts's
 * tables, msw.ts's examples) are `export const name: T = <data>`, whose JavaScript is the same
 * text without `: T` and whose declaration is `export declare const name: T;`. TypeScript's
 * transpileModule and transpileDeclaration re-print all of that (on a large document, most of
 * the package step); here those statements are written from the source text as they are, and
 * only the rest of the file (imports, functions, constants whose type is inferred) goes through the
 * compiler, as one small file in which each such statement is a marker that its text replaces.
 *
 * The source is parsed in pieces (piecewiseStatements, split-statements.ts: a tree of a whole large
 * module is many times its size, alive beside the worker's Ajv), each described by offsets and
 * dropped at once; a source that cannot be cut with proof is parsed whole, as before. A statement
 * takes the direct path only when its shape is proven from the syntax tree: data is literal
 * objects, arrays, strings, numbers, booleans, null and `() => import("...")` (no identifier, so it
 * cannot keep an import alive or hide type syntax). Anything else, or anything that would need the
 * whole file (a non-exported type, a declaration referring to a constant the declarations leave
 * out), returns undefined and the caller compiles the whole file as before, with the same messages.
 */
import type TSNS from 'typescript';
import type { TS } from '../common/typescript-compiler.js';
import {
  piecewiseStatements,
  wholeFileStatements,
  type ImportShape,
  type Statement,
} from './split-statements.js';

export interface SplitCompiled {
  js: string;
  dts: string;
}

/** How one top-level statement is written. */
type Part =
  | { kind: 'compiler'; text: string }
  | { kind: 'import'; shape: ImportShape; text: string; start: number; pos: number }
  | { kind: 'declaration'; dts: string }
  | { kind: 'data'; js: string; dts: string | undefined };

export function compileSplit(
  ts: TS,
  source: string,
  fileName: string,
  compilerOptions: TSNS.CompilerOptions,
): SplitCompiled | undefined {
  // Piece by piece when the source can be cut so; else one tree of the whole file, as before.
  const statements = piecewiseStatements(ts, source) ?? wholeFileStatements(ts, source);
  return statements && compileStatements(ts, source, fileName, compilerOptions, statements);
}

/** Compiles the source from its described statements (the same whichever way they were found). */
export function compileStatements(
  ts: TS,
  source: string,
  fileName: string,
  compilerOptions: TSNS.CompilerOptions,
  statements: Statement[],
): SplitCompiled | undefined {
  const described = partsOf(source, statements);
  if (!described) return undefined;
  const marker = uniqueMarker(source);
  const js = compiledJs(ts, fileName, compilerOptions, described.parts, marker);
  if (js === undefined) return undefined;
  const dts = compiledDts(ts, source, fileName, compilerOptions, described, marker);
  return dts === undefined ? undefined : { js, dts };
}

/** The statements as parts, with what the declarations need to know of the file. */
interface Described {
  parts: Part[];
  /** names of top-level declarations the declarations file does not carry */
  leftOut: Set<string>;
  /** a type the file keeps to itself: the declarations need an `export {}` */
  keepPrivate: boolean;
}

/** How each statement is written; undefined when none is direct (or one needs the whole file). */
function partsOf(source: string, statements: Statement[]): Described | undefined {
  const parts: Part[] = [];
  const leftOut = new Set<string>();
  let direct = 0;
  let keepPrivate = false;
  for (const st of statements) {
    if (st.kind === 'whole') return undefined;
    const trivia = leadingComments(source.slice(st.pos, st.start));
    const text = source.slice(st.start, st.end);
    if (st.kind === 'import') {
      parts.push({
        kind: 'import',
        shape: st.shape,
        text: source.slice(st.pos, st.end),
        start: st.start,
        pos: st.pos,
      });
      continue;
    }
    if (st.kind === 'declaration') {
      // A type the file keeps to itself stays in the declarations (exported ones may use it),
      // kept private there by an `export {}` (in a declarations file without one, every
      // top-level declaration is exported).
      if (!st.exported) keepPrivate = true;
      parts.push({ kind: 'declaration', dts: trivia + text });
      direct++;
      continue;
    }
    if (st.kind === 'data') {
      const init = source.slice(st.init[0], st.init[1]);
      const type = source.slice(st.type[0], st.type[1]);
      const head = st.exported ? 'export const' : 'const';
      parts.push({
        kind: 'data',
        js: `${trivia}${head} ${st.name} = ${init};`,
        dts: st.exported ? `${trivia}export declare const ${st.name}: ${type};` : undefined,
      });
      if (!st.exported) leftOut.add(st.name);
      direct++;
      continue;
    }
    if (!st.exported) for (const name of st.names) leftOut.add(name);
    parts.push({ kind: 'compiler', text: source.slice(st.pos, st.end) });
  }
  return direct === 0 ? undefined : { parts, leftOut, keepPrivate };
}

/**
 * JavaScript: imports and compiled statements through the compiler (it decides which imports
 * stay: the direct statements use no identifier), each direct statement as a marker.
 */
function compiledJs(
  ts: TS,
  fileName: string,
  compilerOptions: TSNS.CompilerOptions,
  parts: Part[],
  marker: string,
): string | undefined {
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
  return replaceMarkers(jsOut, new RegExp(`^${marker}(\\d+);$`, 'gm'), dataCount, (i) => {
    const p = parts[i];
    return p.kind === 'data' ? p.js : '';
  });
}

/**
 * Declarations: the compiled statements without the imports (which the compiler would drop
 * for want of a use it cannot see), each direct statement as a marker type; then the imports
 * the declarations use.
 */
function compiledDts(
  ts: TS,
  source: string,
  fileName: string,
  compilerOptions: TSNS.CompilerOptions,
  { parts, leftOut, keepPrivate }: Described,
  marker: string,
): string | undefined {
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
    identifiers ??= identifiersIn(ts, body, importedNames(parts));
    const used = declarationImport(p.shape, identifiers);
    if (used === undefined) return [];
    return [leadingComments(source.slice(p.pos, p.start)) + used];
  });
  const closed = keepPrivate && !/^export \{\};$/m.test(body) ? `${body}export {};\n` : body;
  // the imports before the body without a copy of the body (tens of MB on a huge document)
  return imports.length > 0 ? `${imports.join('\n')}\n${closed}` : closed;
}

/**
 * Which of `names` the declarations text uses as identifiers, as the scanner sees them: a name
 * in a comment is not a use (the cache's prose-free compile and a direct one must keep the same
 * imports). Scanned once for all of a file's imports (the text is most of a large module); a
 * token's text is only read when its length is one of the names' (a string per identifier of a
 * 40 MB text would be hundreds of MB of garbage).
 */
function identifiersIn(ts: TS, body: string, names: Set<string>): Set<string> {
  const lengths = new Set([...names].map((n) => n.length));
  const identifiers = new Set<string>();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, body);
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan()) {
    if (t !== ts.SyntaxKind.Identifier) continue;
    if (!lengths.has(scanner.getTokenEnd() - scanner.getTokenStart())) continue;
    const text = scanner.getTokenText();
    if (names.has(text)) identifiers.add(text);
  }
  return identifiers;
}

/** The local names the file's imports bind. */
function importedNames(parts: Part[]): Set<string> {
  const names = new Set<string>();
  for (const p of parts) {
    const clause = p.kind === 'import' ? p.shape.clause : undefined;
    if (!clause) continue;
    if (clause.defaultName !== undefined) names.add(clause.defaultName);
    if (clause.namespace) names.add(clause.namespace.name);
    for (const e of clause.named ?? []) names.add(e.name);
  }
  return names;
}

/**
 * An import as the declarations need it: only the names they use (`identifiers` of the
 * declarations, at worst a name too many, harmless in a declarations file), or undefined when
 * they use none.
 */
function declarationImport(shape: ImportShape, identifiers: Set<string>): string | undefined {
  const clause = shape.clause;
  if (!clause) return shape.text;
  const names: string[] = [];
  if (clause.defaultName !== undefined && identifiers.has(clause.defaultName))
    names.push(clause.defaultName);
  if (clause.namespace && identifiers.has(clause.namespace.name)) names.push(clause.namespace.text);
  if (clause.named) {
    const kept = clause.named.filter((e) => identifiers.has(e.name)).map((e) => e.text);
    if (kept.length > 0) names.push(`{ ${kept.join(', ')} }`);
  }
  if (names.length === 0) return undefined;
  return `import ${clause.typeOnly ? 'type ' : ''}${names.join(', ')} from ${clause.from};`;
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
