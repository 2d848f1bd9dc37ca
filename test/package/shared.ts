/**
 * The packages of a run, made once for every test file that installs them: the toolkit, the
 * bindings and the stateful mock each packed once (the toolkit's prepack builds its CLI into the
 * repository's dist/, so two packs at once would also race on it), and one app with them
 * installed (test/package/workspace.ts) that install.test.ts and toolkit-cli.test.ts share.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStatefulMock } from '../../mock/stateful/package/build.js';
import { oncePerRun } from '../once-per-run.js';
import { installWorkspace, pack, REPO, type Tarballs, type Workspace } from './workspace.js';

/** The three tarballs of the run (`npm pack`, as `npm run pack:stateful-mock` for the mock). */
export function runTarballs(): Promise<Tarballs> {
  return oncePerRun('tarballs', async (dest) => {
    mkdirSync(dest, { recursive: true });
    const mockFolder = buildStatefulMock(join(dest, 'stateful-mock-package'));
    const [toolkit, bindings, statefulMock] = await Promise.all([
      pack('.', dest),
      pack('./generated', dest),
      pack(mockFolder, dest),
    ]);
    return {
      toolkit,
      bindings,
      statefulMock,
      bindingsName: nameOf(join(REPO, 'generated')),
      statefulMockName: nameOf(mockFolder),
    };
  });
}

/** The run's app with the three tarballs installed (read-only to its users but for new folders). */
export function sharedWorkspace(): Promise<Workspace> {
  return oncePerRun('workspace', async (root) => installWorkspace(root, await runTarballs()));
}

function nameOf(packageFolder: string): string {
  return (JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')) as { name: string })
    .name;
}
