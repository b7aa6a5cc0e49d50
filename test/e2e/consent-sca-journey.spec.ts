/**
 * Journey 2, "compose a consent request, send it, complete SCA in the SCA popup, see the PSU
 * session": POST /v1/consents from the composer (§1, decisions.md), the bank's SCA pages in the
 * popup (docs/sca.md: login with the mocked national identity number, context, consent screen),
 * the redirect back to main's loopback listener (§6.1), and the PSU session in the status bar.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

test('compose a consent request, send it, complete SCA in the SCA popup, see the PSU session', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.goto(webHost.url);

  // A QSealC signs for the sandbox bank (the sandbox checks the signature only).
  await page.getByTestId('nav-certificates').click();
  await page.getByTestId('create-ca').click();
  await expect(page.getByTestId('certs-status')).toContainText('Created Workbench Test CA');
  await page.getByTestId('issue-kind').selectOption('qsealc');
  await page.getByTestId('issue-submit').click();
  await expect(page.getByTestId('certs-status')).toContainText('Issued Workbench Test TPP QSealC');
  // The entry just issued is selected: its panel offers the targets.
  await expect(page.getByTestId('cert-details')).toContainText('Workbench Test TPP QSealC');
  await page.getByTestId('assign-target').selectOption('embedded-sandbox');
  await page.getByTestId('use-as-signing').click();
  await expect(page.getByTestId('cert-used-by')).toContainText('signs for Embedded bank (sandbox)');

  // Another test file may have started it already in this worker's web host.
  await page.getByTestId('nav-bank').click();
  await expect(page.getByTestId('bank-sandbox-state')).toHaveText(/running|stopped/);
  if ((await page.getByTestId('bank-sandbox-state').innerText()) === 'stopped') {
    await page.getByTestId('bank-sandbox-start').click();
  }
  await expect(page.getByTestId('bank-sandbox-state')).toHaveText('running');

  // The sandbox's customers: the PSU logs in with a private customer's mocked identity number.
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
  await page.getByTestId('endpoint-picker').selectOption('listSandboxCustomers');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');
  const customers = JSON.parse(await page.getByTestId('response-body').innerText()) as {
    type: string;
    nationalIdentityNumber: string;
  }[];
  const psu = customers.find((c) => c.type === 'PRIVATE')!;

  // POST /v1/consents: 201 with _links.scaRedirect (the body is ignored, §1).
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await expect(page.getByTestId('request-method')).toHaveValue('POST');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/consents');
  await expect(
    page.getByTestId('prepared-headers').locator('tr[data-header="TPP-Redirect-URI"]'),
  ).toContainText('session');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await expect(page.getByTestId('follow-scaStatus')).toBeVisible();

  // The SCA popup: the bank's pages, completed as the PSU.
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('open-sca').click();
  const popup = await popupOpened;
  await expect(page.getByTestId('sca-waiting')).toBeVisible();
  await popup.locator('[name="nationalIdentityNumber"]').fill(psu.nationalIdentityNumber);
  await shot(popup, testInfo, 'sca-popup-login');
  await popup.getByTestId('login').click();
  // Ola represents a company: the context page asks how he acts (docs/sca.md "Context rules").
  const context = popup.getByTestId('context-form');
  const consent = popup.getByTestId('consent-form');
  await expect(context.or(consent)).toBeVisible();
  if (await context.isVisible()) {
    await popup.getByTestId('context-private').check();
    await popup.getByTestId('choose').click();
  }
  await expect(consent).toBeVisible();
  const accounts = consent.locator('input[type="checkbox"][name="account"]');
  for (const account of await accounts.all()) await account.check();
  await shot(popup, testInfo, 'sca-popup-consent');
  await popup.getByTestId('confirm').click();

  // The bank redirected to main's listener; main pushed sca.redirect; the popup closes.
  await expect(page.getByTestId('sca-success')).toBeVisible();
  await expect.poll(() => popup.isClosed()).toBe(true);
  const psuId = (await page.getByTestId('sca-psu-id').innerText()).trim();
  expect(psuId).toMatch(UUID);
  await expect(page.getByTestId('sca-context')).toHaveText('PRIVATE');
  await expect(page.getByTestId('sca-steps')).toContainText('FINALISED');

  // The PSU session in the status bar: PSU-ID, context and the SCA hour on the bank clock.
  await expect(page.getByTestId('status-psu-id')).toHaveText(psuId);
  await expect(page.getByTestId('status-psu')).toContainText('PRIVATE');
  await expect(page.getByTestId('status-sca')).toContainText(/(59|60) min .* left|1 h 00 min left/);

  // Later requests carry the PSU-ID from the session: the consent's status is now valid.
  await page.getByTestId('follow-status').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await expect(page.getByTestId('response-body')).toContainText('"consentStatus": "valid"');
  await shot(page, testInfo, 'composer-after-sca');

  expectOnlyLoopback(requests);
});
