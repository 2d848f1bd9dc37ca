/**
 * What a description's HTML may hold once sanitized, checked from the outside: every tag one of
 * a short list with only harmless attributes, links to safe schemes only, and no `<` but tags.
 * Written apart from generator/emit/docs/sanitize-html.ts so that a mistake there shows here.
 */

const TAGS = new Set(
  (
    'a abbr b blockquote br code dd del details dl dt em h1 h2 h3 h4 h5 h6 hr i ins kbd li ol p pre ' +
    's samp small strong sub summary sup table tbody td tfoot th thead tr u ul var div'
  ).split(' '),
);
const ATTRIBUTES = new Set([
  'href',
  'title',
  'rel',
  'start',
  'colspan',
  'rowspan',
  'scope',
  'class',
  'tabindex',
]);

/** The problems of one piece of rendered description HTML (empty: safe). */
export function unsafeMarkup(html: string): string[] {
  const problems: string[] = [];
  const rest = html.replace(
    /<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*>/g,
    (tag, _close: string, name: string, attrs: string) => {
      if (!TAGS.has(name)) problems.push(`element <${name}>: ${tag}`);
      for (const [, attr, value] of attrs.matchAll(/([a-z-]+)="([^"]*)"/g)) {
        if (!ATTRIBUTES.has(attr)) problems.push(`attribute ${attr}: ${tag}`);
        if (
          attr === 'class' &&
          !(name === 'div' && value === 'table-scroll') &&
          !(name === 'code' && /^language-[\w-]+$/.test(value))
        )
          problems.push(`class: ${tag}`);
        if (attr === 'href' && !/^(https?:|mailto:|#)/i.test(value.replace(/&#?\w+;/g, 'x')))
          problems.push(`href: ${tag}`);
      }
      return '';
    },
  );
  // What is left is text: a `<` in it would be markup the pattern above did not recognise.
  if (rest.includes('<'))
    problems.push(
      `stray markup: ${rest.slice(Math.max(0, rest.indexOf('<') - 20), rest.indexOf('<') + 40)}`,
    );
  return problems;
}
