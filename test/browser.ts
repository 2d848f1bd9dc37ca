/**
 * The run's headless Chromium (test/setup/browser.ts): a connection of this test file's own to
 * the one browser every file shares; closing it closes this file's contexts and pages only.
 */
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';

export async function sharedBrowser(): Promise<Browser> {
  const endpoint = inject('browserEndpoint');
  if (!endpoint) throw new Error(`no shared browser: ${inject('browserError')}`);
  return chromium.connect(endpoint);
}
