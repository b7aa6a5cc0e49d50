/**
 * "Test my TPP" (docs/tpp-plans.md, "In the workbench"): the tester starts the basic plan in the
 * view, runs their app — here the reference client, from the test process — against the web host's
 * embedded sandbox bank for each module, finishes the module in the view and sees its verdict;
 * the report exports in every format. A broken app fails its module in the view.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BASIC_PLAN } from '../../main/core/bank/index.js';
import { INITIAL_CUSTOMERS } from '../../main/core/bank/domain/initial-data.js';
import { runReferenceTpp, type ReferenceFaults } from '../support/reference-tpp.js';
import { createPki, type Pki } from '../unit/bank/fixtures.js';
import { axeViolations } from './a11y';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shot } from './steps';

const OLA = INITIAL_CUSTOMERS.find((customer) => customer.name === 'Ola Nordmann')!;

/** The tester's app: the reference client as Ola Nordmann; a flow the bank stopped is its result. */
async function runApp(baseUrl: string, pki: Pki, faults: ReferenceFaults = {}): Promise<void> {
  await runReferenceTpp({
    baseUrl,
    signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
    nationalIdentityNumber: OLA.nationalIdentityNumber,
    faults,
  }).catch((error: unknown) => {
    if ((error as Error).name !== 'ReferenceTppError') throw error;
  });
}

/** Opens Test my TPP with the sandbox bank running; the bank's URL as the view names it. */
async function openTestMyTpp(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await page.keyboard.press('Alt+7');
  await expect(page.getByTestId('nav-tpp-plan')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Test my TPP' })).toBeVisible();
  // The view names the bank's URL, or offers to start it, once it knows which holds.
  const start = page.getByTestId('plan-start-bank');
  await expect(page.getByTestId('plan-bank-url').or(start)).toBeVisible();
  if (await start.isVisible()) await start.click();
  await expect(page.getByTestId('plan-bank-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/);
  return page.getByTestId('plan-bank-url').innerText();
}

const moduleRow = (page: Page, id: string) =>
  page.locator(`[data-testid="plan-module"][data-module="${id}"]`);

/** Starts the current module in the view, runs the app while it is open, finishes it. */
async function playModule(page: Page, id: string, app: () => Promise<void>): Promise<void> {
  await expect(page.getByTestId('plan-current')).toHaveAttribute('data-module', id);
  await page.getByTestId('plan-start-module').click();
  await expect(moduleRow(page, id).getByTestId('plan-verdict')).toHaveAttribute(
    'data-status',
    'RUNNING',
  );
  await app();
  // The view counted the app's exchanges live, before the module is judged.
  await expect(page.getByTestId('plan-exchanges')).toHaveText(/Running: [1-9]\d* exchanges/);
  await page.getByTestId('plan-finish-module').click();
}

test('the reference client passes every module of the basic plan in Test my TPP', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(180_000);
  const pki = await createPki();
  const bankUrl = await openTestMyTpp(page, webHost.url);
  await page.getByTestId('plan-choice').selectOption('basic');
  await page.getByTestId('plan-start').click();
  await expect(page.getByTestId('plan-module')).toHaveCount(BASIC_PLAN.modules.length);

  for (const module of BASIC_PLAN.modules) {
    // The instruction as the module states it, its names filled once it runs.
    await expect(page.getByTestId('plan-current')).toContainText(module.section);
    await playModule(page, module.id, () => runApp(bankUrl, pki));
    const row = moduleRow(page, module.id);
    await expect(row.getByTestId('plan-verdict'), module.id).toHaveAttribute('data-status', 'PASS');
    await expect(row.getByTestId('plan-verdict-text')).toContainText('requests judged');
  }
  await expect(page.getByTestId('plan-current-none')).toBeVisible();
  await shot(page, testInfo, 'tpp-plan-all-pass');
  expect(await axeViolations(page, testInfo, 'tpp-plan-all-pass')).toEqual([]);

  const exported: Record<string, string> = {};
  for (const format of ['json', 'junit', 'html'] as const) {
    const download = page.waitForEvent('download');
    await page.getByTestId(`plan-export-${format}`).click();
    const file = await download;
    exported[file.suggestedFilename()] = await readFile(await file.path(), 'utf8');
  }
  expect(Object.keys(exported).sort()).toEqual([
    'tpp-plan-junit.xml',
    'tpp-plan-report.html',
    'tpp-plan-report.json',
  ]);
  expect(JSON.parse(exported['tpp-plan-report.json']!).counts).toMatchObject({
    total: 5,
    PASS: 5,
    FAIL: 0,
  });
  expect(exported['tpp-plan-junit.xml']).toContain('PAGING-NEXT-LINKS');
  expectOnlyLoopback(requests);
});

test('an app that reuses one X-Request-ID fails that module in the view, and passes it once fixed', async ({
  page,
  webHost,
}, testInfo) => {
  const pki = await createPki();
  const bankUrl = await openTestMyTpp(page, webHost.url);
  await page.getByTestId('plan-start').click();
  await expect(moduleRow(page, 'SIGNED-FLOW').getByTestId('plan-verdict')).toHaveAttribute(
    'data-status',
    'WAITING',
  );
  // Skipped: the current module moves on, and the report will count it NOT_EXERCISED.
  await page.getByTestId('plan-skip-module').click();
  await expect(moduleRow(page, 'SIGNED-FLOW').getByTestId('plan-verdict')).toHaveAttribute(
    'data-status',
    'SKIPPED',
  );
  await playModule(page, 'X-REQUEST-ID-UNIQUE', () =>
    runApp(bankUrl, pki, { reuseRequestId: true }),
  );
  const row = moduleRow(page, 'X-REQUEST-ID-UNIQUE');
  await expect(row.getByTestId('plan-verdict')).toHaveAttribute('data-status', 'FAIL');
  await row.getByText(/^Evidence: \d+ findings$/).click();
  await expect(row.getByTestId('plan-findings')).toContainText('Broken by exchange #');
  await expect(page.getByTestId('plan-current')).toHaveAttribute(
    'data-module',
    'PAGING-NEXT-LINKS',
  );
  await shot(page, testInfo, 'tpp-plan-fail');
  expect(await axeViolations(page, testInfo, 'tpp-plan-fail')).toEqual([]);

  // The app fixed, the module runs again from a new window and passes.
  await row.getByTestId('plan-run-again').click();
  await expect(page.getByTestId('plan-current')).toHaveAttribute(
    'data-module',
    'X-REQUEST-ID-UNIQUE',
  );
  await runApp(bankUrl, pki);
  await expect(page.getByTestId('plan-exchanges')).toHaveText(/Running: [1-9]\d* exchanges/);
  await page.getByTestId('plan-finish-module').click();
  await expect(row.getByTestId('plan-verdict')).toHaveAttribute('data-status', 'PASS');
});
