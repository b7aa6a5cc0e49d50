/**
 * A collection at a team's size in the UI: the generated Postman v2.1 file of 20,000 requests in
 * 200 folders (test/support/big-postman-collection.ts) imports through the Collections panel; its
 * tree shows collapsed and keeps only the rows in view in the DOM; the search box finds a request
 * by a header value and by its body text; the one found opens in the composer and is sent, signed,
 * to the embedded sandbox bank, which answers it. How long each takes is the bench's
 * (`npm run bench:collections`, docs/performance.md), not this test's.
 */
import type { Page } from '@playwright/test';
import {
  bigPostmanFile,
  bigRequestFolder,
  bigRequestName,
} from '../support/big-postman-collection';
import { axeViolations } from './a11y';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { composerOnSignedSandbox, shot } from './steps';

const REQUESTS = 20_000;
const FOLDERS = 200;
/** Far fewer than the 20,000 requests and 220 folders: the rows in view and a margin. */
const MOST_ROWS = 2_000;

/** Rows of the tree in the DOM, folders and requests. */
const treeRows = (page: Page) =>
  page.locator(
    '[data-testid="collection"] [data-testid="saved-request"], [data-testid="collection"] [data-testid="collection-folder"]',
  );

test('a 20,000-request collection imports, its tree stays small, and a request found sends', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  // The import of a 7.5 MB file on a shared machine; no step's duration is asserted.
  test.setTimeout(240_000);
  await composerOnSignedSandbox(page, webHost.url);
  await page.getByTestId('import-postman').setInputFiles({
    name: 'team.postman_collection.json',
    mimeType: 'application/json',
    buffer: Buffer.from(bigPostmanFile({ requests: REQUESTS, folders: FOLDERS })),
  });
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('Imported', { timeout: 120_000 });
  const name = (await report.locator('strong').innerText()).trim();
  const tree = page.locator(`[data-testid="collection"][data-collection-name="${name}"]`);
  await expect(tree.locator('summary').first()).toContainText(`(${REQUESTS})`);

  // Collapsed: its twenty areas, and nothing of what they hold.
  await expect(tree.getByTestId('collection-folder')).toHaveCount(20);
  await expect(tree.getByTestId('saved-request')).toHaveCount(0);
  const area = tree.locator('[data-testid="collection-folder"][data-folder-name="Area 0"]');
  await expect(area).toHaveAttribute('aria-level', '1');
  await area.getByTestId('folder-toggle').click();
  await expect(area.getByTestId('folder-toggle')).toHaveAttribute('aria-expanded', 'true');
  const folder = tree.locator('[data-testid="collection-folder"][data-folder-name="Folder 0"]');
  await expect(folder).toHaveAttribute('aria-level', '2');
  await folder.getByTestId('folder-toggle').click();
  await expect(
    tree.locator(`[data-testid="saved-request"][data-request-name="${bigRequestName(0)}"]`),
  ).toHaveAttribute('aria-level', '3');
  // Folder 0 holds 100 requests: fewer rows are in the DOM than the tree has open.
  expect(await treeRows(page).count()).toBeLessThan(50);
  // Scrolled to its end: the last area's row is rendered, the first area's is gone.
  await tree.getByTestId('collection-rows').evaluate((rows) => rows.scrollTo(0, rows.scrollHeight));
  await expect(
    tree.locator('[data-testid="collection-folder"][data-folder-name="Area 19"]'),
  ).toBeVisible();
  await expect(area).toHaveCount(0);

  // By its body text: the one request whose JSON body holds it, with its folder path.
  const search = page.getByTestId('collection-search');
  const results = page.getByTestId('collection-search-result');
  await search.fill('e2e-19994');
  await expect(results).toHaveCount(1);
  await expect(results).toHaveAttribute('data-request-name', bigRequestName(19994));
  await expect(results).toContainText(
    `${name} / ${bigRequestFolder(19994, FOLDERS)} · in the body`,
  );

  // Many matches: counted, and a window of them in the DOM.
  await search.fill('psu-ip-address');
  await expect(page.getByTestId('collection-search-count')).toContainText(
    `${REQUESTS} requests hold that text; the first 1000 shown`,
  );
  expect(await results.count()).toBeLessThan(100);

  // By a header value; opened from the result as from the tree, then sent signed.
  const target = REQUESTS - 1; // GET /v1/sandbox/customers
  await search.fill(`trace-${target}`);
  await expect(results).toHaveCount(1);
  await expect(results).toContainText('in the header X-Trace-Tag');
  await shot(page, testInfo, 'big-collection-found');
  expect(await axeViolations(page, testInfo, 'big-collection')).toEqual([]);
  await results.getByRole('button').click();
  await expect(page.getByTestId('composer-notice')).toContainText(
    `Opened “${bigRequestName(target)}”`,
  );
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/sandbox/customers');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await expect(page.getByTestId('response-curl')).toContainText(`X-Trace-Tag: trace-${target}`);

  expect(await treeRows(page).count()).toBeLessThan(MOST_ROWS);
  expect(await page.locator('*').count()).toBeLessThan(MOST_ROWS * 5);

  // The worker's web host is shared with the journeys after this one: the collection goes again.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Remove the collection ${name}` }).click();
  await expect(tree).toHaveCount(0, { timeout: 60_000 });
  expectOnlyLoopback(requests);
});
