/**
 * End-to-end tests drive the real renderer through the web host in Chromium. Playwright's own
 * browser is used when installed; otherwise Debian's /usr/bin/chromium (never `playwright install`
 * on the build machines: it downloads).
 */
import { existsSync } from 'node:fs';
import { chromium, defineConfig } from '@playwright/test';

function browserExecutable(): string | undefined {
  try {
    if (existsSync(chromium.executablePath())) return undefined; // Playwright's own build
  } catch {
    // no bundled browser registered
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
});
