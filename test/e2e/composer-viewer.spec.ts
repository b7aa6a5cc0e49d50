/**
 * The composer reads like a tool: operations found by typing and grouped by area, a response
 * that belongs to its operation, a JSON viewer (tree with sizes, search, clickable links; lists
 * as tables with their count), Escape out of the body editor, and nothing wider than the window.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { ensureSandboxBankRunning, shotAtReviewSizes, signSandboxWithNewQsealc } from './steps';

/** The page's width in CSS pixels (the e2e sources are type-checked without the DOM library). */
function pageWidth(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth') as Promise<number>;
}

/** Whether the keyboard focus is inside the request body editor. */
function focusInEditor(page: Page): Promise<boolean> {
  return page.evaluate(
    "document.getElementById('request-body').contains(document.activeElement)",
  ) as Promise<boolean>;
}

test('find an operation, see a 200-item page as a table with its count, search the tree, follow a link', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  // A 200-row table rendered and shot at three sizes: more than a minute on a loaded machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(webHost.url);
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');

  // Found by typing; Enter picks the match. Grouped by area in the picker.
  const total = Number((await page.getByTestId('endpoint-count').innerText()).split(' of ')[1]);
  expect(total).toBeGreaterThan(40);
  await page.getByTestId('endpoint-search').fill('fixed test');
  await expect(page.getByTestId('endpoint-count')).toHaveText(`1 of ${total}`);
  await page.getByTestId('endpoint-search').press('Enter');
  await expect(page.getByTestId('endpoint-picker')).toHaveValue('fillSandboxFixedTestData');
  await expect(page.getByTestId('endpoint-description')).not.toContainText('.md');
  expect(
    await page
      .getByTestId('endpoint-picker')
      .locator('optgroup')
      .evaluateAll((groups) => groups.map((g) => g.getAttribute('label'))),
  ).toContain('Sandbox · fixed test data');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');

  // A response belongs to its operation: another operation shows none until it is sent.
  await page.getByTestId('endpoint-search').fill('');
  await page.getByTestId('endpoint-picker').selectOption('listSandboxCustomers');
  await expect(page.getByTestId('response')).toHaveCount(0);
  await page.getByTestId('endpoint-picker').selectOption('fillSandboxFixedTestData');
  await expect(page.getByTestId('response-status')).toHaveText('200');

  // The fixed set's current account: a page of 200 transactions, as a table with its count.
  await page.getByTestId('endpoint-picker').selectOption('listSandboxAccountTransactions');
  await page.getByTestId('path-param-mockAccountId').fill('acc-30000001-brukskonto');
  await page.getByTestId('query-value-limit').fill('200');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200', { timeout: 15_000 });
  await expect(page.getByTestId('response-tree').getByTestId('json-size').first()).toHaveText(
    '200 items',
  );
  await page.getByTestId('response-view-table').click();
  await expect(page.getByTestId('response-table-count')).toHaveText('200 items');
  await expect(page.getByTestId('response-table-row')).toHaveCount(200);
  await expect(page.getByTestId('response-table').locator('thead')).toContainText('bookingDate');
  // Nothing wider than the window.
  expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
  await shotAtReviewSizes(page, testInfo, 'composer-table-200');

  // The tree: search counts and marks matches.
  await page.getByTestId('response-view-tree').click();
  await page.getByTestId('response-search').fill('Testbedriften');
  await expect(page.getByTestId('response-search-count')).toHaveText(/^[1-9]\d* match(es)?$/);
  await expect(page.getByTestId('response-tree').locator('mark').first()).toBeVisible();

  // Links in the tree are clickable: a consent's `self` is followed.
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await page.getByTestId('json-link-self').click();
  await expect(page.getByTestId('composer-notice')).toHaveText('Followed self');
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await shotAtReviewSizes(page, testInfo, 'composer-tree');

  // Escape leaves the body editor (Tab stays for indenting).
  await page.locator('#request-body .monaco-editor .view-lines').click();
  await expect.poll(() => focusInEditor(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => focusInEditor(page)).toBe(false);

  // At 1440 too, the page fits the window.
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await pageWidth(page)).toBeLessThanOrEqual(1440);

  expectOnlyLoopback(requests);
});
