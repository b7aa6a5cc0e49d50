/**
 * `npm run bench:collections`: a collection at a team's size in the UI. A web host of this build
 * (out/main/web.js, as `npm run web` starts it, with its own config folder) and the e2e tests'
 * Chromium; the generated Postman v2.1 file (test/support/big-postman-collection.ts, BENCH_REQUESTS
 * requests in BENCH_FOLDERS folders) imported through the Collections panel. Printed, each from
 * the user's action to what it shows:
 *
 * - import: the file chosen (by its path, as the file picker gives it) → the import's report and
 *   the collection's tree shown;
 * - open: a folder's toggle clicked → its first request shown;
 * - find: a header value typed in the collection search → the one request that has it listed;
 * - the DOM's element count and the tree rows rendered after the import.
 *
 * Needs `npm run build` first. Loopback only. A step that shows nothing within BENCH_TIMEOUT_S
 * seconds (default 120) is printed as not done, and the steps after it are skipped.
 * BENCH_PROFILE (a folder): the web host writes a `--cpu-prof` profile there.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Page } from '@playwright/test';
import {
  bigPostmanFile,
  bigRequestFolder,
  bigRequestName,
} from '../test/support/big-postman-collection.js';
import { BROWSER_ARGS, browserExecutable } from '../test/support/test-browser.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const FOLDERS = Number(process.env.BENCH_FOLDERS ?? 200);
const TIMEOUT = Number(process.env.BENCH_TIMEOUT_S ?? 120) * 1000;

async function startWebHost(configHome: string) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
      'out/main/web.js',
      '--json',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, XDG_CONFIG_HOME: configHome, WORKBENCH_KEYSTORE_PASSPHRASE: 'bench' },
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`web host exited with ${code}; npm run build`)));
  });
  return { child, url: (JSON.parse(line) as { url: string }).url };
}

/** Milliseconds from `act` until `shown` resolves, or undefined past the timeout. */
async function timed(act: () => Promise<unknown>, shown: () => Promise<unknown>) {
  const started = performance.now();
  await act();
  try {
    await shown();
  } catch {
    return undefined;
  }
  return performance.now() - started;
}

const report = (what: string, ms: number | undefined) =>
  console.log(
    `${what.padEnd(8)} ${ms === undefined ? `not done within ${TIMEOUT / 1000} s` : `${(ms / 1000).toFixed(2)} s`}`,
  );

/** `file`: the path of the Postman file, chosen from disk as a user picks it. */
async function steps(page: Page, file: string) {
  const name = `Team collection (${REQUESTS} requests)`;
  const tree = page.locator(`[data-testid="collection"][data-collection-name="${name}"]`);
  const imported = await timed(
    () => page.getByTestId('import-postman').setInputFiles(file),
    () => tree.waitFor({ timeout: TIMEOUT }),
  );
  report('import', imported);
  if (imported === undefined) return;
  const counts = {
    elements: await page.locator('*').count(),
    rows: await page
      .locator('[data-testid="saved-request"],[data-testid="collection-folder"]')
      .count(),
  };
  console.log(`DOM      ${counts.elements} elements, ${counts.rows} tree rows rendered`);

  // The first folder of the first area opens; the last request is found (deep in the last area).
  const folder = bigRequestFolder(0, FOLDERS).split(' / ');
  const target = REQUESTS - 1;
  const first = tree.locator(`[data-testid="saved-request"]`).first();
  const toggle = (name: string) =>
    tree
      .locator(`[data-testid="collection-folder"][data-folder-name="${name}"]`)
      .getByTestId('folder-toggle')
      .click();
  const opened = await timed(
    async () => {
      await toggle(folder[0]!);
      await toggle(folder[1]!);
    },
    () => first.waitFor({ timeout: TIMEOUT }),
  );
  report('open', opened);

  const found = page.locator(
    `[data-testid="collection-search-result"][data-request-name="${bigRequestName(target)}"]`,
  );
  const search = page.getByTestId('collection-search');
  report(
    'find',
    await timed(
      () => search.fill(`trace-${target}`),
      () => found.waitFor({ timeout: TIMEOUT }),
    ),
  );
}

async function main() {
  const file = bigPostmanFile({ requests: REQUESTS, folders: FOLDERS });
  console.log(
    `${REQUESTS} requests in ${FOLDERS} folders, a ${(file.length / 1e6).toFixed(1)} MB Postman v2.1 file`,
  );
  const configHome = mkdtempSync(join(tmpdir(), 'workbench-bench-'));
  const host = await startWebHost(configHome);
  const executablePath = browserExecutable();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: BROWSER_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(host.url);
    await page.getByTestId('nav-composer').click();
    // A path, not the file's bytes: Playwright hands the browser the path as the file picker
    // does, instead of sending 8.9 MB through its protocol into the page (seconds on a busy
    // machine, which no user waits for).
    const path = join(configHome, 'team.postman_collection.json');
    writeFileSync(path, file);
    await steps(page, path);
  } finally {
    await browser.close();
    host.child.kill('SIGTERM');
    rmSync(configHome, { recursive: true, force: true });
  }
}

await main();
