/**
 * Strings for the `pattern` of a schema (runtime/msw-fake.ts): a small reader of the regular
 * expressions contracts write (literals, classes and ranges, escapes, groups, alternatives,
 * quantifiers, anchors) that makes a string the expression matches. Lookarounds,
 * backreferences and Unicode property escapes are beyond it: the caller falls back to plain
 * text, checked with the real RegExp.
 */

export function patternTest(pattern: string): ((v: string) => boolean) | undefined {
  for (const flags of ['u', '']) {
    try {
      const re = new RegExp(pattern, flags);
      return (v) => re.test(v);
    } catch {
      // the next reading, or no check
    }
  }
  return undefined;
}

// --- patterns: a string one simple regular expression matches ---------------------------------

type Node =
  | { kind: 'chars'; set: string }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

const DIGITS = '0123456789';
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
const PRINTABLE = `${WORD}-.,:;!?@#$%&*+=/ `;

/** A string `pattern` matches, or undefined when the pattern is beyond this small reader. */
export function fromPattern(pattern: string, random: () => number): string | undefined {
  let node: Node;
  try {
    node = new PatternReader(pattern).read();
  } catch {
    return undefined;
  }
  const out: string[] = [];
  const emit = (n: Node): void => {
    if (n.kind === 'chars') out.push(n.set[Math.floor(random() * n.set.length)] ?? '');
    else if (n.kind === 'seq') n.items.forEach(emit);
    else if (n.kind === 'alt') emit(n.options[Math.floor(random() * n.options.length)]);
    else for (let i = n.min + Math.floor(random() * (n.max - n.min + 1)); i > 0; i--) emit(n.node);
  };
  emit(node);
  return out.join('');
}

class PatternReader {
  private at = 0;
  constructor(private readonly text: string) {}

  read(): Node {
    const node = this.alternation();
    if (this.at < this.text.length) throw new Error('unsupported');
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.text[this.at] === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.text.length && this.text[this.at] !== '|' && this.text[this.at] !== ')') {
      const c = this.text[this.at];
      if (c === '^' || c === '$') {
        this.at++;
        continue;
      }
      items.push(this.quantified(this.atom()));
    }
    return { kind: 'seq', items };
  }

  private atom(): Node {
    const c = this.text[this.at++];
    if (c === '(') {
      if (this.text[this.at] === '?') {
        if (this.text[this.at + 1] !== ':') throw new Error('unsupported'); // lookarounds, names
        this.at += 2;
      }
      const inner = this.alternation();
      if (this.text[this.at++] !== ')') throw new Error('unbalanced');
      return inner;
    }
    if (c === '[') return this.charClass();
    if (c === '.') return { kind: 'chars', set: WORD };
    if (c === '\\') return { kind: 'chars', set: this.escape() };
    if ('*+?'.includes(c)) throw new Error('dangling quantifier');
    return { kind: 'chars', set: c };
  }

  private escape(): string {
    const c = this.text[this.at++];
    if (c === undefined) throw new Error('trailing backslash');
    if (c === 'd') return DIGITS;
    if (c === 'w') return WORD;
    if (c === 's') return ' ';
    if (c === 'D') return 'abcxyz';
    if (c === 'W') return '-.!';
    if (c === 'S') return 'abcxyz';
    if (c === 'n') return '\n';
    if (c === 't') return '\t';
    if (/[0-9bBkpPux]/.test(c)) throw new Error('unsupported escape'); // backreferences, classes, code points
    return c;
  }

  private charClass(): Node {
    let negate = false;
    if (this.text[this.at] === '^') {
      negate = true;
      this.at++;
    }
    let set = '';
    let first = true;
    while (this.at < this.text.length && (this.text[this.at] !== ']' || first)) {
      first = false;
      let c = this.text[this.at++];
      if (c === '\\') {
        const escaped = this.escape();
        if (escaped.length > 1) {
          set += escaped;
          continue;
        }
        c = escaped;
      }
      if (
        this.text[this.at] === '-' &&
        this.text[this.at + 1] !== ']' &&
        this.at + 1 < this.text.length
      ) {
        this.at++;
        let end = this.text[this.at++];
        if (end === '\\') end = this.escape();
        const from = c.codePointAt(0)!;
        const to = end.codePointAt(0)!;
        if (to < from || end.length !== 1) throw new Error('bad range');
        for (let p = from; p <= Math.min(to, from + 200); p++) set += String.fromCodePoint(p);
      } else set += c;
    }
    if (this.text[this.at++] !== ']') throw new Error('unbalanced class');
    if (negate) set = [...PRINTABLE].filter((ch) => !set.includes(ch)).join('');
    if (set === '') throw new Error('empty class');
    return { kind: 'chars', set };
  }

  private quantified(node: Node): Node {
    const c = this.text[this.at];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.at++;
      [min, max] = c === '*' ? [0, 3] : c === '+' ? [1, 3] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.text.slice(this.at));
      if (!m) return node; // a literal brace
      this.at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? min + 3 : Number(m[3]);
    } else return node;
    if (this.text[this.at] === '?') this.at++; // lazy: the same strings
    return { kind: 'repeat', node, min, max: Math.min(max, min + 16) };
  }
}
