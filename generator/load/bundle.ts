/**
 * Bundling: one document with internal `$ref`s only, built from the root file and every file it
 * refers to.
 *
 * Why not swagger-parser's bundle? Its output may point refs into `#/paths/...` (wherever a
 * target was first met), which downstream tools type badly, and it forgets which file a node
 * came from. Here an external ref becomes `#/components/<kind>/<name>` when the root names that
 * target in its components, and is inlined otherwise; and every pointer into the result can be
 * traced back to `file:line` (see `locate`).
 */
import { dirname, resolve as resolvePath, relative } from 'node:path';
import type { ContractProblem } from '../common/contract-error.js';
import { childPointer, escapeSegment, getAt, parsePointer } from '../common/pointer.js';
import { DEFAULT_LIMITS, limitHint, type LoadLimits } from './limits.js';
import { REF_CLAUSE } from './clauses.js';
import { checkRefTarget, isRemoteRef, refRoots } from './ref-policy.js';
import { readSourceFile, type SourceFile } from './source-files.js';

export interface Bundle {
  document: Record<string, unknown>;
  files: SourceFile[];
  /** `file:line` of a pointer into the bundled document, following the refs the bundler inlined */
  locate(ptr: string):
    | {
        file: string;
        line?: number;
        column?: number;
        /** the pointer within that file */ pointer: string;
      }
    | undefined;
}

export type BundleResult =
  { ok: true; bundle: Bundle } | { ok: false; problems: ContractProblem[] };

interface Target {
  file: SourceFile;
  segments: string[];
}

/**
 * Where the walk is, as a chain to the parent: one small object per step where an array of
 * segments per node would copy the whole path (GitHub's document has ~1.5 million nodes).
 * Turned into segments only when a problem or a ref needs them.
 */
type Path = { up: Path; key: string } | undefined;

function segmentsOf(path: Path): string[] {
  const out: string[] = [];
  for (let p = path; p; p = p.up) out.push(p.key);
  return out.reverse();
}

function pathOf(segments: string[]): Path {
  let path: Path;
  for (const key of segments) path = { up: path, key };
  return path;
}

export function bundleContract(
  rootPath: string,
  cwd = process.cwd(),
  limits: LoadLimits = DEFAULT_LIMITS,
): BundleResult {
  const files = new Map<string, SourceFile>();
  const problems: ContractProblem[] = [];
  const shown = (abs: string) => {
    const rel = relative(cwd, abs);
    return rel.startsWith('..') ? abs : rel;
  };
  const roots = refRoots(rootPath, limits.refRoots, cwd);
  let bytesRead = 0;

  /** Why the file was not read, when that is all there is to say (no place inside it). */
  let notRead: string | undefined;
  const load = (abs: string): SourceFile | undefined => {
    const known = files.get(abs);
    if (known) return known;
    const result = readSourceFile(abs, shown(abs), {
      ...limits,
      maxDocumentBytes: limits.maxDocumentBytes - bytesRead,
    });
    notRead = undefined;
    if (!result.ok) {
      const [only] = result.problems;
      if (
        result.problems.length === 1 &&
        only.line === undefined &&
        only.pointer === '#' &&
        abs !== rootAbs
      )
        notRead = only.message;
      else problems.push(...result.problems);
      return undefined;
    }
    bytesRead += result.size;
    files.set(abs, result.file);
    return result.file;
  };

  const rootAbs = resolvePath(cwd, rootPath);
  const root = load(rootAbs);
  if (!root) return { ok: false, problems };
  if (root.data === null || typeof root.data !== 'object' || Array.isArray(root.data)) {
    return {
      ok: false,
      problems: [
        {
          pointer: '#',
          file: root.shownPath,
          message: 'the document is not an object',
          source: 'yaml',
        },
      ],
    };
  }

  // Targets the root names in its components: an external ref to one of them becomes a local ref.
  const named = new Map<string, string>();
  const components = (root.data as Record<string, unknown>).components;
  if (components && typeof components === 'object') {
    for (const [kind, entries] of Object.entries(components as Record<string, unknown>)) {
      if (!entries || typeof entries !== 'object' || kind.startsWith('x-')) continue;
      for (const [name, entry] of Object.entries(entries as Record<string, unknown>)) {
        const ref = (entry as { $ref?: unknown } | null)?.$ref;
        if (typeof ref !== 'string' || ref.startsWith('#')) continue;
        const target = splitRef(ref, root);
        if (!target) continue; // reported where the walk meets it
        named.set(
          targetKey(target.path, target.fragment),
          childPointer('#/components', kind, name),
        );
      }
    }
  }

  const where = (file: SourceFile, segments: string[]) => {
    const pos = file.locate(segments);
    return { file: file.shownPath, line: pos?.line, column: pos?.column };
  };

  // Walk a node of `file` at `segments`, returning the bundled copy.
  // The root file's nodes are never inlined (a ref to one stays a ref), so each is reached once:
  // when it is a tree (JSON), the bundle keeps those it would copy unchanged. Another file's
  // are copied, since two refs may inline the same one.
  const keeps = (file: SourceFile) => file === root && root.tree;
  const inlining = new Set<string>();
  // Each file passed the depth check alone; refs inlined into one another could still stack up.
  let depth = 0;
  let tooDeep = false;
  const walk = (
    node: unknown,
    file: SourceFile,
    path: Path,
    isComponentEntry: boolean,
  ): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (depth >= limits.maxDepth) {
      if (!tooDeep) {
        const segments = segmentsOf(path);
        problems.push({
          pointer: '#/' + segments.map(escapeSegment).join('/'),
          ...where(file, segments),
          message: `nested deeper than ${limits.maxDepth} levels once external $refs are inlined`,
          hint: limitHint('maxDepth', limits),
          source: 'limit',
        });
      }
      tooDeep = true;
      return null;
    }
    depth++;
    try {
      return walkNode(node, file, path, isComponentEntry);
    } finally {
      depth--;
    }
  };
  const walkNode = (
    node: object,
    file: SourceFile,
    path: Path,
    isComponentEntry: boolean,
  ): unknown => {
    if (Array.isArray(node)) {
      let out: unknown[] | undefined = keeps(file) ? undefined : new Array<unknown>(node.length);
      for (let i = 0; i < node.length; i++) {
        const walked = walk(node[i], file, { up: path, key: String(i) }, false);
        if (out === undefined && walked !== node[i]) out = node.slice(0, i);
        if (out !== undefined) out[i] = walked;
      }
      return out ?? node;
    }
    const obj = node as Record<string, unknown>;
    if (typeof obj.$ref === 'string') {
      const ref = obj.$ref;
      const siblings = Object.keys(obj).filter((k) => k !== '$ref');
      const resolved = resolveRef(ref, file, path, isComponentEntry);
      if (resolved === undefined) return { ...obj };
      if (typeof resolved === 'string') {
        if (keeps(file) && resolved === ref && siblings.length === 0) return obj;
        const out: Record<string, unknown> = { $ref: resolved };
        for (const k of siblings) out[k] = walk(obj[k], file, { up: path, key: k }, false);
        return out;
      }
      // Inlined: siblings of the ref (3.1 allows e.g. `description`) win over the target's.
      const inlined = resolved as Record<string, unknown>;
      if (siblings.length === 0 || inlined === null || typeof inlined !== 'object') return inlined;
      const out: Record<string, unknown> = { ...inlined };
      for (const k of siblings) out[k] = walk(obj[k], file, { up: path, key: k }, false);
      return out;
    }
    const inComponents =
      file === root && path !== undefined && path.up === undefined && path.key === 'components';
    const keys = Object.keys(obj);
    // Copy on write (keeps): a node whose children all come back as they were is kept, so a
    // JSON document of local refs only is not copied at all (GitHub's: ~1.5 million nodes).
    let out: Record<string, unknown> | undefined = keeps(file) ? undefined : {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = obj[k];
      const at: Path = { up: path, key: k };
      let w: unknown;
      if (inComponents && !k.startsWith('x-') && v && typeof v === 'object') {
        let entries: Record<string, unknown> | undefined = keeps(file) ? undefined : {};
        const names = Object.keys(v);
        for (let j = 0; j < names.length; j++) {
          const name = names[j];
          const entry = (v as Record<string, unknown>)[name];
          const walked = walk(entry, file, { up: at, key: name }, true);
          if (entries === undefined && walked !== entry)
            entries = copyOf(v as Record<string, unknown>, names, j);
          if (entries !== undefined) entries[name] = walked;
        }
        w = entries ?? v;
      } else w = walk(v, file, at, false);
      if (out === undefined && w !== v) out = copyOf(obj, keys, i);
      if (out !== undefined) out[k] = w;
    }
    return out ?? obj;
  };

  // Returns a local ref string, an inlined value, or undefined after recording a problem.
  const resolveRef = (
    ref: string,
    file: SourceFile,
    at: Path,
    isComponentEntry: boolean,
  ): unknown => {
    // Positions cost a parse of the file (13 MB for GitHub's), and pointers a string per ref:
    // both only for a problem.
    const segments = () => segmentsOf(at);
    const place = () => where(file, [...segments(), '$ref']);
    const refPointer = () => '#/' + segments().map(escapeSegment).join('/');
    const refuse = (message: string, hint?: string): undefined => {
      problems.push({
        pointer: refPointer(),
        ...place(),
        message: `$ref '${ref}' ${message}`,
        ...(hint ? { hint } : {}),
        source: 'ref',
        clause: REF_CLAUSE,
      });
      return undefined;
    };
    const hash = ref.indexOf('#');
    if (isRemoteRef(hash === -1 ? ref : ref.slice(0, hash)))
      return refuse(
        'is remote: never fetched',
        "download the document into the contract's folder and refer to it by relative path",
      );
    const split = splitRef(ref, file);
    if (!split) return refuse('is not a valid URI reference (malformed percent-encoding)');
    const { path, fragment } = split;
    if (fragment !== '' && !fragment.startsWith('/'))
      return refuse(
        `has the fragment '#${fragment}', which is not a JSON pointer`,
        `a pointer starts with '/': '#/${fragment}'`,
      );
    if (path === root.path) {
      if (getAt(root.data, fragment) === undefined) {
        problems.push({
          pointer: refPointer(),
          ...place(),
          message: `$ref '${ref}' points to nothing`,
          source: 'ref',
        });
        return undefined;
      }
      return '#' + fragment;
    }
    const local = named.get(targetKey(path, fragment));
    if (local && !isComponentEntry) return local;
    const verdict = checkRefTarget(path, roots);
    if (!verdict.ok) return refuse(verdict.message, verdict.hint);
    const target = load(path);
    if (!target) {
      // A problem inside the target (a syntax error, with its line) is reported there.
      if (notRead !== undefined)
        problems.push({
          pointer: refPointer(),
          ...place(),
          message: `$ref '${ref}': cannot read ${shown(path)}: ${notRead}`,
          source: 'ref',
        });
      return undefined;
    }
    let targetSegments: string[];
    try {
      targetSegments = parsePointer(fragment);
    } catch {
      problems.push({
        pointer: refPointer(),
        ...place(),
        message: `$ref '${ref}': '${fragment}' is not a JSON pointer`,
        source: 'ref',
      });
      return undefined;
    }
    const value = getAt(target.data, targetSegments);
    if (value === undefined) {
      problems.push({
        pointer: refPointer(),
        ...place(),
        message: `$ref '${ref}' points to nothing in ${target.shownPath}`,
        source: 'ref',
      });
      return undefined;
    }
    const key = targetKey(path, fragment);
    if (inlining.has(key)) {
      problems.push({
        pointer: refPointer(),
        ...place(),
        source: 'ref',
        message: `$ref '${ref}' is circular through files`,
        hint: 'name the target under components in the root document so it can be referenced instead of inlined',
      });
      return undefined;
    }
    inlining.add(key);
    const copy = walk(value, target, pathOf(targetSegments), false);
    inlining.delete(key);
    return copy;
  };

  const document = walk(root.data, root, undefined, false) as Record<string, unknown>;
  if (problems.length > 0) return { ok: false, problems };

  const locate = (ptr: string) => {
    let segments: string[];
    try {
      segments = parsePointer(ptr);
    } catch {
      return undefined;
    }
    const target = traceToSource(root, segments, (ref, file) => {
      const split = splitRef(ref, file);
      const f = split && files.get(split.path);
      if (!split || !f) return undefined;
      try {
        return { file: f, segments: parsePointer(split.fragment) };
      } catch {
        return undefined;
      }
    });
    const pos = target.file.locate(target.segments);
    return {
      file: target.file.shownPath,
      line: pos?.line,
      column: pos?.column,
      pointer: '#' + target.segments.map((s) => '/' + escapeSegment(s)).join(''),
    };
  };

  return { ok: true, bundle: { document, files: [...files.values()], locate } };
}

/** Follow a bundled-document pointer through the source files, stepping into refs the bundler inlined. */
function traceToSource(
  root: SourceFile,
  segments: string[],
  follow: (ref: string, file: SourceFile) => Target | undefined,
): Target {
  let file = root;
  let at: string[] = [];
  let node: unknown = root.data;
  for (const segment of segments) {
    for (let hops = 0; hops < 32; hops++) {
      const ref = (node as { $ref?: unknown } | null)?.$ref;
      if (typeof ref !== 'string' || segment === '$ref') break;
      const next = follow(ref, file);
      if (!next) break;
      file = next.file;
      at = next.segments;
      node = getAt(file.data, at);
    }
    const child = getAt(node, [segment]);
    if (child === undefined) break;
    node = child;
    at = [...at, segment];
  }
  return { file, segments: at };
}

/** The file and fragment of a ref; undefined when its percent-encoding is malformed. */
function splitRef(ref: string, from: SourceFile): { path: string; fragment: string } | undefined {
  const hash = ref.indexOf('#');
  const filePart = hash === -1 ? ref : ref.slice(0, hash);
  const fragment = hash === -1 ? '' : ref.slice(hash + 1);
  if (filePart === '') return { path: from.path, fragment };
  try {
    return { path: resolvePath(dirname(from.path), decodeURI(filePart)), fragment };
  } catch {
    return undefined;
  }
}

/** A new object with the first `count` of `keys` of `obj` (the start of a copy on write). */
function copyOf(
  obj: Record<string, unknown>,
  keys: string[],
  count: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) out[keys[i]] = obj[keys[i]];
  return out;
}

function targetKey(path: string, fragment: string): string {
  return `${path}#${fragment}`;
}
