/**
 * Journey 1, "create certificates and register the TPP", through the page as a user does it: a
 * test CA, a QSealC and a QWAC with PSD2 roles, one click to register the TPP in the embedded
 * banks, the registry and trust store in the bank console — and then a signed request that the
 * production bank accepts, with the generated headers and the signing string on screen.
 */
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shot } from './steps';

test('create certificates and register the TPP', async ({ page, webHost, requests }, testInfo) => {
  await page.goto(webHost.url);
  await page.getByTestId('nav-certificates').click();
  // WORKBENCH_KEYSTORE_PASSPHRASE unlocked the keystore at start: no passphrase prompt.
  await expect(page.getByTestId('unlock-keystore')).toHaveCount(0);

  // Counted from what is there: another test file may have used this worker's web host first.
  const entries = (kind: string) => page.locator(`[data-testid="cert-entry"][data-kind="${kind}"]`);
  // The list has arrived before it is counted.
  await expect(page.getByTestId('cert-entries-loading')).toHaveCount(0);
  const before = { ca: await entries('ca').count(), qsealc: await entries('qsealc').count() };
  await page.getByTestId('create-ca').click();
  await expect(page.getByTestId('certs-status')).toContainText('Created “Workbench Test CA”');
  await expect(entries('ca')).toHaveCount(before.ca + 1);

  // QSealC and QWAC in one go; the button cannot be pressed twice while they are made.
  const issue = page.getByTestId('issue-submit');
  await issue.click();
  await expect(issue).toBeDisabled();
  await expect(page.getByTestId('certs-status')).toContainText('Issued “Workbench Test TPP QWAC”', {
    timeout: 20_000,
  });
  await expect(entries('qsealc')).toHaveCount(before.qsealc + 1);
  await expect(issue).toBeEnabled();

  // The QSealC's details: serial in upper-case hex, RFC 2253 names, PSD2 roles, no warnings.
  await entries('qsealc').last().getByRole('button').click();
  const details = page.getByTestId('cert-details');
  await expect(details.getByTestId('cert-serial')).toHaveText(/^[0-9A-F]+$/);
  await expect(details.getByTestId('cert-subject')).toContainText(
    'CN=Workbench Test TPP,organizationIdentifier=PSDNO-FSA-123456789',
  );
  await expect(details.getByTestId('cert-issuer')).toContainText('CN=Workbench Test CA');
  await expect(details.getByTestId('cert-roles')).toHaveText('PSP_AI, PSP_PI');
  await expect(details.getByTestId('cert-warnings')).toHaveCount(0);
  await shot(page, testInfo, 'certificates-dark');

  await details.getByTestId('register-in-bank').click();
  await expect(details.getByTestId('registration-result')).toContainText(
    'Registered as AISP, PISP',
  );
  // The QSealC signs for the production target; the QWAC is its mTLS certificate.
  await details.getByTestId('assign-target').selectOption('embedded-production');
  await details.getByTestId('use-as-signing').click();
  await expect(details.getByTestId('cert-used-by')).toContainText(
    'signs for Embedded bank (production)',
  );
  await entries('qwac').last().getByRole('button').click();
  await details.getByTestId('assign-target').selectOption('embedded-production');
  await details.getByTestId('use-as-transport').click();
  await expect(details.getByTestId('cert-used-by')).toContainText('mTLS for Embedded bank');

  // The bank console shows the TPP in the production registry and its CA chain trusted.
  await page.getByTestId('nav-bank').click();
  const registry = page.getByTestId('registry-table');
  const registered = registry
    .getByTestId('registry-entry')
    .filter({ hasText: 'PSDNO-FSA-123456789' });
  await expect(registered).toContainText('AISP, PISP');
  await expect(page.getByTestId('trust-anchors')).toContainText('CN=Workbench Test CA Root');
  await expect(page.getByTestId('bank-production-state')).toHaveText(/running|stopped/);
  if ((await page.getByTestId('bank-production-state').innerText()) === 'stopped') {
    await page.getByTestId('bank-production-start').click();
  }
  await expect(page.getByTestId('bank-production-state')).toHaveText('running');
  await shot(page, testInfo, 'bank-console-dark');

  // The composer fills an endpoint from the bank's route definitions (path parameters, fix).
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-production');
  await page.getByTestId('endpoint-picker').selectOption('getCardAccountTransactionList');
  await expect(page.getByTestId('request-path')).toHaveValue(
    '/v1/card-accounts/{account-id}/transactions',
  );
  await expect(page.getByTestId('headers-value-x-accept-fix')).toHaveValue('amount-as-string');
  await expect(page.getByTestId('path-param-account-id')).toBeVisible();

  // A signed AIS request to the production bank: trusted CA, registered AISP, so 201 (§1).
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  const prepared = page.getByTestId('prepared-headers');
  await expect(prepared.locator('tr[data-header="Signature"]')).toContainText('generated');
  await expect(prepared.locator('tr[data-header="TPP-Session-ID"]')).toContainText('session');
  await expect(page.getByTestId('signing-string')).toContainText('digest: SHA-256=');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await expect(page.getByTestId('open-sca')).toBeVisible();
  await shot(page, testInfo, 'composer-dark');

  // The same view in the light theme (Monaco follows).
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme-light').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('nav-composer').click();
  await expect(page.locator('.monaco-editor.vs')).toBeVisible();
  await shot(page, testInfo, 'composer-light');
  await page.getByTestId('nav-certificates').click();
  await shot(page, testInfo, 'certificates-light');

  // History has the exchange, with HAR export as a download.
  await page.getByTestId('nav-history').click();
  await expect(page.getByTestId('history-entry').first()).toContainText('POST /v1/consents');
  const download = page.waitForEvent('download');
  await page.getByTestId('history-export-har').click();
  expect((await download).suggestedFilename()).toMatch(/\.har$/);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  expectOnlyLoopback(requests);
});

test('the shortcut list opens with ? and closes with Escape', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  await page.getByTestId('nav-bank').click();
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-overlay')).toBeVisible();
  await expect(page.getByTestId('help-overlay')).toContainText('Send the request');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('help-overlay')).toBeHidden();
  await page.keyboard.press('Alt+1');
  await expect(page.getByTestId('nav-certificates')).toHaveAttribute('aria-current', 'page');
});
