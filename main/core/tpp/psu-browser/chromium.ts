/**
 * The headless Chromium the PSU agents drive (browser-agent.ts), and the e2e tests and UI benches
 * too (test/support/test-browser.ts): one list of switches, so what the tests prove holds for the
 * browser a run starts.
 */

/** Debian's Chromium, where CI installs it (never `playwright install`: it downloads). */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Switches for a headless Chromium on a build machine: nothing leaves the machine, no GPU. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
