/**
 * Where the reference's TypeScript samples import the client from: the bindings as `--out`
 * put them, relative to the folder tms-gen ran in (`./src/api/client.js`), so a sample pasted
 * into that project runs. An absolute `--out` would publish a machine's path: the package's
 * name (the bindings are an npm package) stands in for it.
 */
import { isAbsolute } from 'node:path';
import { literal } from '../../common/source.js';
import { packageName } from '../../model/artifact-names.js';
import type { ApiModel } from '../../model/types.js';

/** The default `--out`, for callers that give none. */
export const DEFAULT_OUT = 'generated';

export interface ClientImport {
  /** the import specifier of the client module */
  specifier: string;
  /** the folder the bindings are in, as the user named it (`src/api/`); '' when absolute */
  folder: string;
  /** the bindings package's name (package.json) */
  packageName: string;
}

export function clientImportOf(model: ApiModel, outDir: string): ClientImport {
  const name = packageName(model.info.title);
  const dir = outDir.split('\\').join('/').replace(/\/+$/, '');
  if (isAbsolute(outDir) || /^[A-Za-z]:/.test(dir) || dir.startsWith('/'))
    return { specifier: name, folder: '', packageName: name };
  const rel = dir.replace(/^(\.\/)+/, '');
  if (rel === '' || rel === '.')
    return { specifier: './client.js', folder: './', packageName: name };
  const prefix = rel.startsWith('../') ? '' : './';
  return { specifier: `${prefix}${rel}/client.js`, folder: `${rel}/`, packageName: name };
}

/** An import specifier in single quotes, as the samples write strings (JSON quoting when unusual). */
export function specifierText(from: string): string {
  return /^[\w@./-]+$/.test(from) ? `'${from}'` : literal(from);
}
