/**
 * The Chromium the end-to-end tests and the UI benches drive: Playwright's own build when
 * installed; otherwise Debian's /usr/bin/chromium (never `playwright install` on the build
 * machines: it downloads). `undefined`: Playwright's own.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../main/core/tpp/psu-browser/chromium';

export function browserExecutable(): string | undefined {
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

/** The switches every test browser starts with: the PSU agents' own (nothing leaves the machine, no GPU). */
export const BROWSER_ARGS = [...CHROMIUM_ARGS];
