/**
 * The commands a README tells its user to type: every line of its shell code blocks and every
 * inline code span that starts with `npx` or `npm`, comments dropped, `a && b` split. The
 * section for people who work on this repository is left out (CI runs those: .ci/run).
 * test/package/toolkit-cli.test.ts runs each of them, as written, in its installed app.
 */
import { readFileSync } from 'node:fs';

export interface ReadmeCommand {
  /** the README, relative to the repository */
  readme: string;
  /** the command as written (whitespace collapsed) */
  line: string;
  /** its words, as a shell splits them (quotes removed; `$VAR` kept as written) */
  argv: string[];
}

const LEFT_OUT_SECTIONS = /^## Working on this repository/;
/** Every label a README may give a block of commands: a block labelled otherwise is not run. */
const SHELL_FENCES = /^(sh|bash|shell|zsh|console|shell-session)$/;

export function readmeCommands(path: string, readme: string): ReadmeCommand[] {
  const text = readFileSync(path, 'utf8');
  const lines: string[] = [];
  let inBlock = false;
  let shellBlock = false;
  let leftOut = false;
  let prose = '';
  for (const raw of text.split('\n')) {
    const fence = /^\s*```(\w*)/.exec(raw);
    if (fence) {
      shellBlock = !inBlock && SHELL_FENCES.test(fence[1]);
      inBlock = !inBlock;
      continue;
    }
    if (!inBlock && /^## /.test(raw)) leftOut = LEFT_OUT_SECTIONS.test(raw);
    if (leftOut) continue;
    if (inBlock) {
      if (shellBlock) lines.push(withoutComment(raw));
    } else prose += `${raw}\n`;
  }
  // Inline spans may wrap over a line break, which Markdown reads as a space.
  for (const span of prose.matchAll(/`(np[mx] [^`]+)`/g)) lines.push(span[1]);
  return lines
    .flatMap((line) => line.split('&&'))
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .map((line) => ({ readme, line, argv: words(line) }));
}

/** A line without its `# comment` (a `#` after a space, outside quotes). */
function withoutComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) quote = c === quote ? '' : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}
