/**
 * End-to-end tests drive the real renderer through the web host in Chromium (which one:
 * test/support/test-browser.ts).
 */
import { defineConfig } from '@playwright/test';
import { BROWSER_ARGS, browserExecutable } from './test/support/test-browser';

const executablePath = browserExecutable();

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: BROWSER_ARGS,
    },
  },
});
