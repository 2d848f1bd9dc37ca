/**
 * The TypeScript half of a request sample: a call of the generated client's method for the
 * operation. Source text goes through generator/source.ts (`literal`, `propertyKey`), never
 * through bare concatenation of contract strings.
 */
import { literal, propertyKey } from '../../source.js';
import type { SampleInput } from '../../model/samples.js';

/** `api.sendMessage({...})` with every parameter (path, query, header and body fields) in one object. */
export function typescriptCall(method: string, input: SampleInput, bodyKind: 'form' | 'json' | 'other' | undefined): string {
  const args: Record<string, unknown> = { ...input.path, ...input.query };
  if (input.body !== undefined) {
    if (bodyKind === 'form' && input.body && typeof input.body === 'object' && !Array.isArray(input.body)) Object.assign(args, input.body);
    else args.body = input.body;
  }
  const call = Object.keys(args).length === 0 ? `api.${method}()` : `api.${method}(${tsValue(args, '')})`;
  return `const { data, error } = await ${call};\nif (error) throw new Error(\`\${error.code}: \${error.msg}\`);\nconsole.log(data);`;
}

/** A JS literal laid out over lines when it does not fit on one. */
export function tsValue(value: unknown, indent: string): string {
  const flat = literal(value);
  if (flat.length <= 60 || value === null || typeof value !== 'object') return flat;
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + tsValue(v, inner)).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return `{\n${entries.map(([k, v]) => `${inner}${propertyKey(k)}: ${tsValue(v, inner)}`).join(',\n')},\n${indent}}`;
}
