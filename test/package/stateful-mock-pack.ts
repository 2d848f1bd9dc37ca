/**
 * The stateful mock's tarball, as `npm run pack:stateful-mock` makes it: built from
 * mock/stateful (mock/stateful/package/build.ts) into a folder under `dest`, then `npm pack`ed
 * into `dest`. For any test that installs it into an app beside the bindings' tarball.
 */
import { join } from 'node:path';
import { buildStatefulMock } from '../../mock/stateful/package/build.js';
import { pack } from './workspace.js';

/** The tarball's absolute path (in `dest`). */
export async function packStatefulMock(dest: string): Promise<string> {
  const folder = buildStatefulMock(join(dest, 'stateful-mock-package'));
  return pack(folder, dest);
}
