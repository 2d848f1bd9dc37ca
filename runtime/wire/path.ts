/**
 * Path templates: filling `/messages/{message_id}` for a request, and matching a request's path
 * against a template for routing. Values are percent-encoded with encodeURIComponent, so a `/`
 * in a value cannot change the route; matching percent-decodes each parameter back.
 */
import type { WireField } from './types.js';
import { plainText } from './coerce.js';

export function fillPath(template: string, values: Record<string, unknown>): string {
  template = routePart(template);
  if (!template.includes('{')) return template;
  return template
    .split('/')
    .map((segment) => {
      if (!segment.includes('{')) return segment;
      const literal = segmentText(segment);
      const filled = segment.replace(/\{([^}/]+)\}/g, (_, name: string) => {
        const value = values[name];
        if (value === undefined) throw new TypeError(`path parameter \`${name}\` is missing`);
        // OpenAPI's default path style (`simple`, RFC 6570) joins arrays with literal commas,
        // each item encoded on its own: a comma inside an item travels as `%2C`.
        return Array.isArray(value)
          ? value.map((item) => encodeInSegment(plainText(item, name), literal)).join(',')
          : encodeInSegment(plainText(value, name), literal);
      });
      // A URL parser removes `.` and `..` segments (and their `%2E` spellings, WHATWG URL), so
      // no client could send them: refusing here beats reaching a different route.
      if (filled === '.' || filled === '..')
        throw new TypeError(
          `path segment \`${segment}\` would be \`${filled}\`, which URLs treat as a dot segment`,
        );
      return filled;
    })
    .join('/');
}

/** The text between a segment's parameters (`-` of `{prefix}-{number}`). */
function segmentText(segment: string): string {
  return segment.replace(/\{[^}]*\}/g, '');
}

/**
 * A value in a segment that mixes parameters and text (`{prefix}-{number}`, Lufthansa's) has the
 * text's characters percent-encoded (`a-b` → `a%2Db`, the same URL to RFC 3986), so a router
 * that splits the segment before decoding it, as matchPath does, finds the value whole.
 */
function encodeInSegment(text: string, literal: string): string {
  if (literal === '') return encodeURIComponent(text);
  let out = '';
  for (const char of text)
    out += literal.includes(char) ? percentOf(char) : encodeURIComponent(char);
  return out;
}

function percentOf(char: string): string {
  return Array.from(
    new TextEncoder().encode(char),
    (byte) => '%' + byte.toString(16).toUpperCase().padStart(2, '0'),
  ).join('');
}

/**
 * The path of a path template: documents tell operations of one path apart with a fragment
 * (`/web_links/{id}#add_shared_link`, Box's), which no URL sends to a server, or a fixed query
 * (`/rest?method=…`), which travels in the query string (templateQuery).
 */
export function routePart(template: string): string {
  const end = template.search(/[?#]/);
  return end === -1 ? template : template.slice(0, end);
}

/**
 * The fixed query a path template carries (`/rest?method=flickr.photos.search`, Flickr's;
 * `/combined_submissions?v=2`), sent before the parameters; empty when there is none. A pair
 * whose value is a placeholder (`/search?query={query}`, Medium's) only says where a declared
 * parameter goes: that parameter sends itself, so the placeholder is left out.
 */
export function templateQuery(template: string): string {
  const question = template.indexOf('?');
  if (question === -1) return '';
  const hash = template.indexOf('#', question);
  const fixed = template.slice(question + 1, hash === -1 ? undefined : hash);
  if (!fixed.includes('{')) return fixed;
  return fixed
    .split('&')
    .filter((pair) => !/\{[^}]*\}/.test(pair))
    .join('&');
}

/**
 * The parameters of `actualPath` when it matches `template`, else null. `actualPath` is the
 * pathname as received (still percent-encoded); a query string, if left on, is ignored.
 * Segments must match one for one: no trailing-slash or case folding, so routing stays exact.
 * A router matching many requests compiles each template once (`compilePath`).
 */
export function matchPath(
  template: string,
  actualPath: string,
  fields?: readonly PathField[],
): Record<string, string> | null {
  return compilePath(template, fields)(actualPath);
}

/** A template made into a matcher once: its segments split, each templated one a regex. */
export function compilePath(
  template: string,
  fields?: readonly PathField[],
): (actualPath: string) => Record<string, string> | null {
  const matchers = routePart(template)
    .split('/')
    .map((segment) => segmentMatcher(segment, fields));
  return (actualPath) => {
    const question = actualPath.indexOf('?');
    const path = question === -1 ? actualPath : actualPath.slice(0, question);
    const segments = path.split('/');
    if (matchers.length !== segments.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < segments.length; i++) {
      const matched = matchers[i](segments[i]);
      if (matched === null) return null;
      Object.assign(params, matched);
    }
    return params;
  };
}

type SegmentMatcher = (segment: string) => Record<string, string> | null;

/** What routing reads of a field: its name and place, its listed values, whether it is a list. */
type PathField = Pick<WireField, 'name' | 'in' | 'values'> &
  Partial<Pick<WireField, 'types' | 'encoding'>>;

/**
 * A path parameter written as a list (OpenAPI's simple style: items joined with commas). The
 * router hands its text over still percent-encoded, so the decoder splits on the literal commas
 * before decoding each item (decodePathItems) and a comma inside an item stays in it.
 */
export function isPathList(
  field: Partial<Pick<WireField, 'types' | 'encoding'>> | undefined,
): boolean {
  return field?.encoding !== 'json' && field?.types?.length === 1 && field.types[0] === 'array';
}

/** The items of a list path parameter's text as the router left it (isPathList). */
export function decodePathItems(text: string): string[] {
  return text.split(',').map(decodeSegment);
}

function segmentMatcher(templateSegment: string, fields?: readonly PathField[]): SegmentMatcher {
  if (!templateSegment.includes('{'))
    return (segment) =>
      templateSegment === segment || templateSegment === decodeSegment(segment) ? {} : null;
  // A segment may mix text and parameters (`{id}.json`): a small pattern for it. A parameter
  // with its values listed (two parameters with nothing between) matches one of them.
  const names: string[] = [];
  const lists: boolean[] = [];
  const pattern = templateSegment.replace(
    /\{([^}]+)\}|([^{]+)/g,
    (_, name: string | undefined, text: string | undefined) => {
      if (name !== undefined) {
        names.push(name);
        const field = fields?.find((f) => f.in === 'path' && f.name === name);
        lists.push(isPathList(field));
        const values = field?.values;
        return values
          ? `(${values.map((v) => escapeRegex(encodeURIComponent(v))).join('|')})`
          : '(.+?)';
      }
      return escapeRegex(text ?? '');
    },
  );
  const regex = new RegExp(`^${pattern}$`);
  return (segment) => {
    const match = regex.exec(segment);
    if (match === null) return null;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      params[name] = lists[index] ? match[index + 1] : decodeSegment(match[index + 1]);
    });
    return params;
  };
}

/** `text` matched literally inside a regular expression. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Percent-decoding of a path segment: `+` is a plus here, and a bad escape stays as text. */
function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
      const code = parseInt(escape.slice(1), 16);
      // Only ASCII escapes are safe to undo alone; multi-byte ones failed as a whole above.
      return code < 0x80 ? String.fromCharCode(code) : escape;
    });
  }
}
