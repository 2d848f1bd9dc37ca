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
  const reader = new SourceReader(rootPath, cwd, limits);
  const root = reader.load(reader.rootAbs);
  if (!root) return { ok: false, problems: reader.problems };
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
  const walker = new Walker(reader, root, namedTargets(root), limits);
  const document = walker.walk(root.data, root, undefined, false) as Record<string, unknown>;
  if (reader.problems.length > 0) return { ok: false, problems: reader.problems };
  const locate = (ptr: string) => locateInSources(root, reader.files, ptr);
  return { ok: true, bundle: { document, files: [...reader.files.values()], locate } };
}

/** The source files read so far, within the limits, and the problems met reading them. */
class SourceReader {
  readonly files = new Map<string, SourceFile>();
  readonly problems: ContractProblem[] = [];
  readonly roots: ReturnType<typeof refRoots>;
  readonly rootAbs: string;
  private bytesRead = 0;
  /** Why the last file was not read, when that is all there is to say (no place inside it). */
  notRead: string | undefined;

  constructor(
    rootPath: string,
    private readonly cwd: string,
    private readonly limits: LoadLimits,
  ) {
    this.roots = refRoots(rootPath, limits.refRoots, cwd);
    this.rootAbs = resolvePath(cwd, rootPath);
  }

  shown(abs: string): string {
    const rel = relative(this.cwd, abs);
    return rel.startsWith('..') ? abs : rel;
  }

  load(abs: string): SourceFile | undefined {
    const known = this.files.get(abs);
    if (known) return known;
    const result = readSourceFile(abs, this.shown(abs), {
      ...this.limits,
      maxDocumentBytes: this.limits.maxDocumentBytes - this.bytesRead,
    });
    this.notRead = undefined;
    if (!result.ok) {
      const [only] = result.problems;
      if (
        result.problems.length === 1 &&
        only.line === undefined &&
        only.pointer === '#' &&
        abs !== this.rootAbs
      )
        this.notRead = only.message;
      else this.problems.push(...result.problems);
      return undefined;
    }
    this.bytesRead += result.size;
    this.files.set(abs, result.file);
    return result.file;
  }
}

/** Targets the root names in its components: an external ref to one of them becomes a local ref. */
function namedTargets(root: SourceFile): Map<string, string> {
  const named = new Map<string, string>();
  const components = (root.data as Record<string, unknown>).components;
  if (!components || typeof components !== 'object') return named;
  for (const [kind, entries] of Object.entries(components as Record<string, unknown>)) {
    if (!entries || typeof entries !== 'object' || kind.startsWith('x-')) continue;
    for (const [name, entry] of Object.entries(entries as Record<string, unknown>)) {
      const ref = (entry as { $ref?: unknown } | null)?.$ref;
      if (typeof ref !== 'string' || ref.startsWith('#')) continue;
      const target = splitRef(ref, root);
      if (!target) continue; // reported where the walk meets it
      named.set(targetKey(target.path, target.fragment), childPointer('#/components', kind, name));
    }
  }
  return named;
}

function where(file: SourceFile, segments: string[]) {
  const pos = file.locate(segments);
  return { file: file.shownPath, line: pos?.line, column: pos?.column };
}

/**
 * The walk of the root file that builds the bundled copy. The root file's nodes are never
 * inlined (a ref to one stays a ref), so each is reached once: when it is a tree (JSON), the
 * bundle keeps those it would copy unchanged. Another file's are copied, since two refs may
 * inline the same one.
 */
class Walker {
  private readonly inlining = new Set<string>();
  /** Each file passed the depth check alone; refs inlined into one another could still stack up. */
  private depth = 0;
  private tooDeep = false;

  constructor(
    private readonly reader: SourceReader,
    private readonly root: SourceFile,
    private readonly named: Map<string, string>,
    private readonly limits: LoadLimits,
  ) {}

  private keeps(file: SourceFile): boolean {
    return file === this.root && this.root.tree;
  }

  /** Walks a node of `file` at `path`, returning the bundled copy. */
  walk(node: unknown, file: SourceFile, path: Path, isComponentEntry: boolean): unknown {
    if (node === null || typeof node !== 'object') return node;
    if (this.depth >= this.limits.maxDepth) {
      if (!this.tooDeep) {
        const segments = segmentsOf(path);
        this.reader.problems.push({
          pointer: '#/' + segments.map(escapeSegment).join('/'),
          ...where(file, segments),
          message: `nested deeper than ${this.limits.maxDepth} levels once external $refs are inlined`,
          hint: limitHint('maxDepth', this.limits),
          source: 'limit',
        });
      }
      this.tooDeep = true;
      return null;
    }
    this.depth++;
    try {
      if (Array.isArray(node)) return this.walkArray(node, file, path);
      const obj = node as Record<string, unknown>;
      if (typeof obj.$ref === 'string') return this.walkRef(obj, file, path, isComponentEntry);
      return this.walkObject(obj, file, path);
    } finally {
      this.depth--;
    }
  }

  private walkArray(node: unknown[], file: SourceFile, path: Path): unknown {
    let out: unknown[] | undefined = this.keeps(file) ? undefined : new Array<unknown>(node.length);
    for (let i = 0; i < node.length; i++) {
      const walked = this.walk(node[i], file, { up: path, key: String(i) }, false);
      if (out === undefined && walked !== node[i]) out = node.slice(0, i);
      if (out !== undefined) out[i] = walked;
    }
    return out ?? node;
  }

  private walkRef(
    obj: Record<string, unknown>,
    file: SourceFile,
    path: Path,
    isComponentEntry: boolean,
  ): unknown {
    const ref = obj.$ref as string;
    const siblings = Object.keys(obj).filter((k) => k !== '$ref');
    const resolved = this.resolveRef(ref, file, path, isComponentEntry);
    if (resolved === undefined) return { ...obj };
    if (typeof resolved === 'string') {
      if (this.keeps(file) && resolved === ref && siblings.length === 0) return obj;
      const out: Record<string, unknown> = { $ref: resolved };
      for (const k of siblings) out[k] = this.walk(obj[k], file, { up: path, key: k }, false);
      return out;
    }
    // Inlined: siblings of the ref (3.1 allows e.g. `description`) win over the target's.
    const inlined = resolved as Record<string, unknown>;
    if (siblings.length === 0 || inlined === null || typeof inlined !== 'object') return inlined;
    const out: Record<string, unknown> = { ...inlined };
    for (const k of siblings) out[k] = this.walk(obj[k], file, { up: path, key: k }, false);
    return out;
  }

  private walkObject(obj: Record<string, unknown>, file: SourceFile, path: Path): unknown {
    const inComponents =
      file === this.root &&
      path !== undefined &&
      path.up === undefined &&
      path.key === 'components';
    const keys = Object.keys(obj);
    // Copy on write (keeps): a node whose children all come back as they were is kept, so a
    // JSON document of local refs only is not copied at all.
    let out: Record<string, unknown> | undefined = this.keeps(file) ? undefined : {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = obj[k];
      const at: Path = { up: path, key: k };
      const w =
        inComponents && !k.startsWith('x-') && v && typeof v === 'object'
          ? this.walkComponentGroup(v as Record<string, unknown>, file, at)
          : this.walk(v, file, at, false);
      if (out === undefined && w !== v) out = copyOf(obj, keys, i);
      if (out !== undefined) out[k] = w;
    }
    return out ?? obj;
  }

  /** One group of the root's components (`schemas`, ...): its entries may be refs to inline. */
  private walkComponentGroup(group: Record<string, unknown>, file: SourceFile, at: Path): unknown {
    let entries: Record<string, unknown> | undefined = this.keeps(file) ? undefined : {};
    const names = Object.keys(group);
    for (let j = 0; j < names.length; j++) {
      const name = names[j];
      const entry = group[name];
      const walked = this.walk(entry, file, { up: at, key: name }, true);
      if (entries === undefined && walked !== entry) entries = copyOf(group, names, j);
      if (entries !== undefined) entries[name] = walked;
    }
    return entries ?? group;
  }

  /** A local ref string, an inlined value, or undefined after recording a problem. */
  private resolveRef(ref: string, file: SourceFile, at: Path, isComponentEntry: boolean): unknown {
    const refuse = this.refusal(ref, file, at);
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
    if (path === this.root.path) {
      if (getAt(this.root.data, fragment) === undefined)
        return refuse('points to nothing', undefined, false);
      return '#' + fragment;
    }
    const local = this.named.get(targetKey(path, fragment));
    if (local && !isComponentEntry) return local;
    const verdict = checkRefTarget(path, this.reader.roots);
    if (!verdict.ok) return refuse(verdict.message, verdict.hint);
    return this.inline(ref, path, fragment, refuse);
  }

  /** The copy of an external ref's target, walked in its own file. */
  private inline(ref: string, path: string, fragment: string, refuse: Refuse): unknown {
    const target = this.reader.load(path);
    if (!target) {
      // A problem inside the target (a syntax error, with its line) is reported there.
      const notRead = this.reader.notRead;
      if (notRead !== undefined)
        refuse(`: cannot read ${this.reader.shown(path)}: ${notRead}`, undefined, false, '');
      return undefined;
    }
    let targetSegments: string[];
    try {
      targetSegments = parsePointer(fragment);
    } catch {
      return refuse(`: '${fragment}' is not a JSON pointer`, undefined, false, '');
    }
    const value = getAt(target.data, targetSegments);
    if (value === undefined)
      return refuse(`points to nothing in ${target.shownPath}`, undefined, false);
    const key = targetKey(path, fragment);
    if (this.inlining.has(key))
      return refuse(
        'is circular through files',
        'name the target under components in the root document so it can be referenced instead of inlined',
        false,
      );
    this.inlining.add(key);
    const copy = this.walk(value, target, pathOf(targetSegments), false);
    this.inlining.delete(key);
    return copy;
  }

  /**
   * Records a problem of the ref at `at`. Positions cost a parse of the file (13 MB for
   * GitHub's), and pointers a string per ref: both made only for a problem.
   */
  private refusal(ref: string, file: SourceFile, at: Path): Refuse {
    return (message, hint, withClause = true, separator = ' ') => {
      const segments = segmentsOf(at);
      this.reader.problems.push({
        pointer: '#/' + segments.map(escapeSegment).join('/'),
        ...where(file, [...segments, '$ref']),
        message: `$ref '${ref}'${separator}${message}`,
        ...(hint ? { hint } : {}),
        source: 'ref',
        ...(withClause ? { clause: REF_CLAUSE } : {}),
      });
      return undefined;
    };
  }
}

/**
 * A ref's problem: `message` follows `$ref '<ref>'` after `separator`; `withClause` cites the
 * specification's clause on references (not for what the contract's own files lack).
 */
type Refuse = (
  message: string,
  hint?: string,
  withClause?: boolean,
  separator?: string,
) => undefined;

/** `file:line` of a pointer into the bundled document, following the refs the bundler inlined. */
function locateInSources(root: SourceFile, files: Map<string, SourceFile>, ptr: string) {
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
