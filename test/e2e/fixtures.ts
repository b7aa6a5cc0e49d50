/**
 * A web host per test file, started from the built bundle exactly as `npm run web` starts it, and
 * a record of every request the page makes so a test can prove nothing left loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect } from '@playwright/test';

export interface WebHostHandle {
  url: string;
  origin: string;
}

/** The keystore passphrase the e2e web host starts with (WORKBENCH_KEYSTORE_PASSPHRASE). */
export const E2E_KEYSTORE_PASSPHRASE = 'e2e keystore passphrase';

async function startWebHost(
  configHome: string,
): Promise<{ host: WebHostHandle; child: ChildProcess }> {
  const child = spawn(process.execPath, ['out/main/web.js', '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own settings, targets and keystore: never the user's ~/.config, never another run's.
    env: {
      ...process.env,
      XDG_CONFIG_HOME: configHome,
      WORKBENCH_KEYSTORE_PASSPHRASE: E2E_KEYSTORE_PASSPHRASE,
    },
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) =>
      reject(new Error(`web host exited with ${code}; run npm run build`)),
    );
  });
  return { host: JSON.parse(firstLine) as WebHostHandle, child };
}

export const test = base.extend<{ requests: URL[]; pageErrors: void }, { webHost: WebHostHandle }>({
  webHost: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const configHome = mkdtempSync(join(tmpdir(), 'workbench-e2e-'));
      const { host, child } = await startWebHost(configHome);
      await use(host);
      child.kill('SIGTERM');
      rmSync(configHome, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  requests: async ({ page }, use) => {
    const requests: URL[] = [];
    page.on('request', (request) => requests.push(new URL(request.url())));
    page.on('websocket', (ws) => requests.push(new URL(ws.url())));
    await use(requests);
  },
  // Any uncaught error in the page fails the test, whatever the test itself asserted.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** Every request went to the loopback web host or stayed inside the page (data:, blob:). */
export function expectOnlyLoopback(requests: URL[]): void {
  const outside = requests.filter(
    (url) => !['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1',
  );
  expect(outside.map(String)).toEqual([]);
  expect(requests.length).toBeGreaterThan(0);
}

export { expect };
