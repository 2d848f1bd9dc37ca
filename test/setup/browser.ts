/**
 * Vitest global setup: one headless Chromium for the whole run (playwright-core's browser
 * server), its endpoint provided as `inject('browserEndpoint')`; the test files connect to it
 * (test/browser.ts) instead of each starting a browser of their own. Each file still works in
 * contexts of its own (cookies, storage and service workers apart). Started only when a selected
 * file uses it and Chromium is installed; stopped at the end. In watch mode it stays up across
 * reruns (it reads nothing of this repository), and starts on a rerun whose files need it
 * when the first run's did not. When it cannot start, the reason is in `browserError` and the
 * files that need it fail with it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject, TestSpecification } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    browserEndpoint: string;
    browserError: string;
  }
}

export const CHROMIUM = '/usr/bin/chromium';

/** Every file's flags: no sandbox (root in CI), and no traffic of Chromium's own to the outside. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: BrowserServer | undefined;
  const none = (why: string) => {
    project.provide('browserEndpoint', '');
    project.provide('browserError', why);
  };
  const startIfNeeded = async (files: string[]) => {
    if (server) return;
    if (!existsSync(CHROMIUM)) return none(`${CHROMIUM} is not installed`);
    if (!files.some((file) => readFileSync(file, 'utf8').includes('sharedBrowser(')))
      return none('the browser was not started: no selected test file uses it');
    try {
      server = await chromium.launchServer({ executablePath: CHROMIUM, args: ARGS });
    } catch (error) {
      return none(`Chromium did not start: ${(error as Error)?.message ?? String(error)}`);
    }
    project.provide('browserEndpoint', server.wsEndpoint());
    project.provide('browserError', '');
  };
  // CLI file filters (`npx vitest run test/docs`) are on the Vitest instance (not in its typed API).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  await startIfNeeded((await project.globTestFiles(filters ?? [])).testFiles);
  project.onTestsRerun((specs: TestSpecification[]) => startIfNeeded(specs.map((s) => s.moduleId)));
  return async () => {
    await server?.close();
  };
}
