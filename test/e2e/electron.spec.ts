/**
 * The desktop app itself, through Playwright's Electron driver. The Electron binary is downloaded
 * on first use, which the build machines cannot do; there this test reports itself skipped with
 * that reason, and the same renderer is covered through the web host.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { _electron as electron } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * The installed Electron binary, found the way electron/index.js finds it but without its
 * fallback, which downloads (nothing in the tests may reach the network).
 */
function electronBinary(): string | null {
  try {
    const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
    const relative = readFileSync(join(packageDir, 'path.txt'), 'utf8');
    const path = override ? join(override, relative) : join(packageDir, 'dist', relative);
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const NO_ELECTRON_BINARY =
  'ELECTRON binary not present on this machine (it is downloaded on first use)';

test('the desktop window opens sandboxed and answers app.info', async () => {
  test.skip(binary === null, NO_ELECTRON_BINARY);
  const app = await electron.launch({ executablePath: binary!, args: ['out/main/index.js'] });
  const window = await app.firstWindow();
  await window.getByTestId('nav-about').click();
  await expect(window.getByTestId('app-host')).toHaveText('electron');
  expect(
    await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require),
  ).toBe('undefined');
  await app.close();
});
