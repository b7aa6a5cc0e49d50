/**
 * The evidence of a check as a tester uses it: as wide as the Runner (no empty column beside it),
 * its SCA diagram in the theme's colours and full screen on a click, its rules' spec sections one
 * click away, each exchange copied as curl or opened in the composer; no axe finding in either
 * theme.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { axeViolations } from './a11y';
import { shotAtReviewSizes, DEMO_SIZES } from './steps';

const SCA_CHECK = 'ERR-SCA-FAILURE-BY-REDIRECT';
const PATHS_CHECK = 'ACCOUNTS-LIST';

async function runChecks(page: Page, ids: string[]) {
  await page.getByTestId('nav-runner').click();
  await page.getByTestId('runner-target').selectOption('embedded-sandbox');
  for (const id of ids) {
    await page.getByTestId('catalogue-search').fill(id);
    await page.getByTestId(`select-check-${id}`).first().check();
  }
  await page.getByTestId('catalogue-search').fill('');
  await expect(page.getByTestId('run-selected')).toHaveText(`Run selected (${ids.length})`);
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 60_000 });
}

async function openEvidence(page: Page, checkId: string) {
  await page.getByTestId(`result-${checkId}`).getByRole('button').click();
  const evidence = page.getByTestId('check-evidence');
  await expect(evidence.locator('h2 code')).toHaveText(checkId);
  return evidence;
}

test('the evidence fills the Runner, its diagram follows the theme and opens full screen, its rules link to the spec', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(webHost.url);
  await runChecks(page, [SCA_CHECK, PATHS_CHECK]);
  const evidence = await openEvidence(page, SCA_CHECK);
  const runner = page.locator('section.runner');

  for (const size of [DEMO_SIZES[0]!, DEMO_SIZES[2]!]) {
    await page.setViewportSize(size);
    const [shown, room] = [await evidence.boundingBox(), await runner.boundingBox()];
    // The whole width of the Runner (its padding aside), at a laptop's size and a full-HD one.
    expect(shown!.width, `evidence width at ${size.width}x${size.height}`).toBeGreaterThan(
      room!.width * 0.9,
    );
    const picture = evidence.getByTestId('evidence-sequence').locator('img');
    await expect(picture).toBeVisible();
    // Legible: drawn at least at its own size (760 units), never a sliver.
    expect((await picture.boundingBox())!.width).toBeGreaterThanOrEqual(
      Math.min(760, shown!.width - 40),
    );
  }

  // Dark theme: drawn on the dark palette's background with light text, not a white image.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const picture = evidence.getByTestId('evidence-sequence').locator('img');
  const darkSvg = decodeURIComponent((await picture.getAttribute('src'))!);
  expect(darkSvg).toContain('fill="#1e1e1e"');
  expect(darkSvg).not.toContain('fill="#ffffff"');

  // A click shows it full screen, as wide as the screen; another click leaves.
  await evidence.getByTestId('evidence-sequence-open').click();
  await expect
    .poll(() => page.evaluate("document.fullscreenElement?.tagName ?? ''"))
    .toBe('FIGURE');
  const viewport = page.viewportSize()!;
  expect((await picture.boundingBox())!.width).toBeGreaterThan(viewport.width * 0.8);
  await evidence.getByTestId('evidence-sequence-open').click();
  await expect.poll(() => page.evaluate('document.fullscreenElement === null')).toBe(true);
  await shotAtReviewSizes(page, testInfo, 'runner-evidence-wide', DEMO_SIZES);

  // The rule's section is a link to the spec's text at that place.
  const spec = page.getByTestId('spec-section');
  await expect(evidence.getByTestId('rule-reference')).toHaveText('§7(4)');
  await evidence.getByTestId('rule-reference').click();
  await expect(spec).toBeVisible();
  await expect(spec.getByTestId('spec-section-text')).toContainText('## 7. Errors');
  await spec.getByRole('button', { name: 'Close' }).click();
  await expect(spec).toHaveCount(0);
  const paths = await openEvidence(page, PATHS_CHECK);
  await expect(paths.getByTestId('rule-reference')).toHaveText('decisions.md › Paths');
  await paths.getByTestId('rule-reference').click();
  await expect(spec).toHaveAccessibleName('decisions.md: Paths');
  await expect(spec.getByTestId('spec-section-text')).toContainText('GET /v1/accounts');
  await shotAtReviewSizes(page, testInfo, 'runner-evidence-spec-section', DEMO_SIZES);
  await page.keyboard.press('Escape');
  await expect(spec).toHaveCount(0);
  await openEvidence(page, SCA_CHECK);
  expect(await axeViolations(page, testInfo, 'runner-evidence-dark')).toEqual([]);

  // The light theme draws it in the printed palette.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme-light').click();
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('check-evidence')).toBeVisible();
  const lightSvg = decodeURIComponent(
    (await page.getByTestId('evidence-sequence').locator('img').getAttribute('src'))!,
  );
  expect(lightSvg).toContain('fill="#ffffff"');
  expect(await axeViolations(page, testInfo, 'runner-evidence-light')).toEqual([]);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expectOnlyLoopback(requests);
});

test('an exchange of the evidence copies as curl and opens in a composer tab of its own', async ({
  page,
  webHost,
  requests,
}) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: webHost.origin,
  });
  await page.goto(webHost.url);
  // A form the user is editing in the composer: the evidence must not land on it.
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
  await page.getByTestId('request-tab-new').click();
  await page.getByTestId('request-path').fill('/v1/accounts?edited=yes');
  const editedTab = await page
    .locator('[data-testid="request-tab"][aria-current="true"]')
    .getAttribute('data-tab');
  const tabsBefore = await page.getByTestId('request-tab').count();

  await runChecks(page, [SCA_CHECK]);
  const evidence = await openEvidence(page, SCA_CHECK);
  const consent = evidence.getByTestId('exchange').filter({ hasText: 'POST /v1/consents' }).first();
  await consent.locator('> summary').click();

  // Copy as curl: the exchange as sent, its computed headers and body included.
  await consent.getByTestId('exchange-copy-curl').click();
  await expect(consent.getByTestId('exchange-copy-curl')).toHaveText('Copied');
  const curl = await page.evaluate('navigator.clipboard.readText()');
  expect(curl).toMatch(/^curl --request POST 'http:\/\/127\.0\.0\.1:\d+\/v1\/consents' \\\n/);
  expect(curl).toContain("--header 'Signature: keyId=");
  expect(curl).toContain("--header 'TPP-Redirect-URI: http://127.0.0.1:9/suite-callback'");
  expect(curl).toMatch(/--data-binary '\{\}'$/);

  // Or as a Node program that signs it afresh (§5.2), chosen by its accessible name.
  await consent.getByLabel('Copy the request as').selectOption('Node fetch');
  await consent.getByTestId('exchange-copy-curl').click();
  await expect(consent.getByTestId('exchange-copy-curl')).toHaveText('Copied');
  const program = String(await page.evaluate('navigator.clipboard.readText()'));
  expect(program).toContain('const signedHeaders = "digest x-request-id tpp-redirect-uri"');
  expect(program).toContain("readFileSync(SIGNING_KEY_FILE, 'utf8')");
  expect(program).not.toContain('keyId="SN=');

  // Open in the composer: a tab of its own with the method, the path, the headers and the body.
  await consent.getByTestId('exchange-open-in-composer').click();
  await expect(page.getByTestId('nav-composer')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('request-tab')).toHaveCount(tabsBefore + 1);
  await expect(page.getByTestId('endpoint-picker')).toHaveValue('createConsent');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/consents');
  await expect(page.getByTestId('headers-value-TPP-Redirect-URI')).toHaveValue(
    'http://127.0.0.1:9/suite-callback',
  );
  // The client computes these again for the request it sends.
  await expect(page.getByTestId('headers-value-Signature')).toHaveCount(0);
  await expect(page.getByTestId('headers-value-X-Request-ID')).toHaveCount(0);
  await expect(page.getByTestId('sign-request')).toBeChecked();
  await expect(page.getByTestId('body-editor')).toContainText('{}');
  // The edited form is where the user left it.
  await page.locator(`[data-testid="request-tab"][data-tab="${editedTab}"]`).click();
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/accounts?edited=yes');
  expectOnlyLoopback(requests);
});
