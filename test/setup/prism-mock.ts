/**
 * Vitest global setup: the Prism mock (mock/prism/start.ts) on a free port for the whole run,
 * its base URL provided to tests as `inject('mockBaseUrl')`, stopped at the end. In watch mode
 * every rerun that needs it gets a new one: the mock reads generated/ when it starts, and a
 * rerun must see generated/ as it is now.
 *
 * It must not break unrelated test files: when the mock cannot start (generated/ not written
 * yet, Prism missing), it provides an empty URL and the reason in `mockError`; the tests that
 * need the mock fail with that reason (they never pass without it).
 */
import { readFileSync } from 'node:fs';
import type { TestProject, TestSpecification } from 'vitest/node';
import { startPrismMock, type RunningMock } from '../../mock/prism/start.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mockBaseUrl: string;
    mockError: string;
  }
}

/**
 * A test file that uses the mock reads its URL: a run of other files (the contract runner's,
 * the docs' without try-it) does not pay for starting Prism.
 */
const usesMock = (file: string) => readFileSync(file, 'utf8').includes("inject('mockBaseUrl')");

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let mock: RunningMock | undefined;
  const start = async (files: string[]) => {
    await mock?.stop();
    mock = undefined;
    if (!files.some(usesMock)) {
      project.provide('mockBaseUrl', '');
      project.provide('mockError', 'the Prism mock was not started: no selected test file uses it');
      return;
    }
    try {
      mock = await startPrismMock({ port: 0 });
      project.provide('mockBaseUrl', mock.baseUrl);
      project.provide('mockError', '');
    } catch (error) {
      project.provide('mockBaseUrl', '');
      project.provide(
        'mockError',
        `the Prism mock did not start: ${(error as Error)?.message ?? String(error)}`,
      );
    }
  };
  // CLI file filters (`npx vitest run test/contract`) are on the Vitest instance (not in its typed API).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  await start((await project.globTestFiles(filters ?? [])).testFiles);
  project.onTestsRerun((specs: TestSpecification[]) => start(specs.map((s) => s.moduleId)));
  return async () => {
    await mock?.stop();
  };
}
