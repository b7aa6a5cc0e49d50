/**
 * The rule coverage map: after a run of the signing checks, the runner maps
 * spec section → rule → checks → the sandbox's last verdict; rules of areas not run are gaps; a
 * verdict opens its check's evidence; the HTML report carries the same map for its run.
 */
import { readFile } from 'node:fs/promises';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { DEMO_SIZES, shotAtReviewSizes } from './steps';

test('the rule coverage map: verdicts per target, gaps, evidence, and in the HTML report', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(webHost.url);
  await page.getByTestId('nav-runner').click();
  // The active target is the one list's, shared with the composer: another journey may have left
  // another one chosen.
  await page.getByTestId('runner-target').selectOption('embedded-sandbox');
  await page.getByTestId('select-area-signing').check();
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 90_000 });

  const map = page.getByTestId('coverage-map');
  await map.locator('summary').click();
  const table = map.getByTestId('coverage-map-table');
  await expect(table.locator('thead')).toContainText(/embedded bank \(sandbox\)/i);
  // A signing rule has the sandbox's verdict; a consent rule was not run there: a gap.
  const signing = table.locator('[data-testid="coverage-map-rule"][data-rule^="SIGN-"]').first();
  await expect(signing.getByTestId('coverage-map-verdict')).toBeVisible();
  const consent = table.locator('[data-testid="coverage-map-rule"][data-rule^="CONSENT-"]').first();
  await expect(consent.getByTestId('coverage-map-not-run')).toHaveText('gap: not run');
  expect(Number(await map.getByTestId('coverage-map-gaps').innerText())).toBeGreaterThan(0);

  // Filtered: the gaps only hide the signing rules that ran; a text filter finds a section.
  await map.getByTestId('coverage-map-gaps-only').check();
  await expect(
    table.locator('[data-rule^="SIGN-"] [data-testid="coverage-map-verdict"]'),
  ).toHaveCount(0);
  await map.getByTestId('coverage-map-gaps-only').uncheck();
  await map.getByTestId('coverage-map-filter').fill('SIGN-');
  await expect(
    table.locator('[data-testid="coverage-map-rule"][data-rule^="CONSENT-"]'),
  ).toHaveCount(0);
  await shotAtReviewSizes(page, testInfo, 'coverage-map', DEMO_SIZES);

  // A verdict opens its check's evidence.
  const verdict = signing.getByTestId('coverage-map-verdict');
  const checkId = (await verdict.getAttribute('title'))!.split(':')[0]!;
  await verdict.click();
  await expect(page.getByTestId('check-evidence')).toContainText(checkId);

  // The HTML report of the run has the map too.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-html').click();
  const html = await readFile((await (await download).path())!, 'utf8');
  expect(html).toContain('<section id="coverage">');
  expect(html).toMatch(/data-rule="SIGN-[^"]+"/);
  expect(html).toContain('gap: not run');
  expectOnlyLoopback(requests);
});
