/**
 * The status bar's SCA reads the bank's own record of the TPP session (§3.4): valid after SCA;
 * replaced once a second TPP-Session-ID of the same PSU completes SCA; expired an hour later on
 * the bank clock. "New TPP session" keeps the PSU; "Forget PSU" can be undone. The SCA panel
 * says when a completed SCA no longer holds (new session, the hour over, nothing granted), a new
 * consent does not show an older one's SCA, and a bank reset forgets the PSU it no longer has.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import {
  completeConsentScaInPopup,
  rawResponseBody,
  ensureSandboxBankRunning,
  listSandboxCustomersInComposer,
  sendForNewAnswer,
  shot,
  shotAtReviewSizes,
  signSandboxWithNewQsealc,
  type SandboxCustomer,
} from './steps';

/** A signed, running embedded sandbox in the composer, and one of its private customers. */
async function privatePsuOnSignedSandbox(page: Page, url: string): Promise<SandboxCustomer> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(url);
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);
  const customers = await listSandboxCustomersInComposer(page);
  return customers.find((c) => c.type === 'PRIVATE')!;
}

async function sendConsentRequest(page: Page) {
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/consents');
  await sendForNewAnswer(page, '201');
}

test("the status bar shows the bank's view of the TPP session: valid, replaced, expired", async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  const psu = await privatePsuOnSignedSandbox(page, webHost.url);
  const sca = page.getByTestId('status-sca');

  // A fresh session: the bank knows no SCA for it.
  await page.getByTestId('status-new-tpp-session').click();
  await expect(sca).toHaveAttribute('data-state', 'none');
  await expect(sca).toHaveAttribute('data-source', 'bank');
  const firstId = await page.getByTestId('status-tpp-session-id').getAttribute('data-session-id');

  await sendConsentRequest(page);
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  await expect(sca).toHaveAttribute('data-state', 'valid');
  await expect(sca).toContainText(/valid, (59 min|1 h 00 min)/);

  // A second TPP-Session-ID (set by hand on the request) completes SCA for the same PSU: the
  // bank marks the first one replaced (§3.4), though the workbench still sends it.
  const secondId = randomUUID();
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await page.getByTestId('headers-rows').getByRole('button', { name: '+ Add a header' }).click();
  await page.getByTestId('headers-row').last().locator('.row-name').fill('TPP-Session-ID');
  await page.getByTestId('headers-value-TPP-Session-ID').fill(secondId);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  await expect(page.getByTestId('status-tpp-session-id')).toHaveAttribute(
    'data-session-id',
    firstId!,
  );
  await expect(sca).toHaveAttribute('data-state', 'replaced');
  await expect(sca).toContainText(`replaced by ${secondId.slice(0, 8)}…, SCA needed`);
  await shotAtReviewSizes(page, testInfo, 'status-bar-replaced');

  // "New TPP session": same PSU, new id, no SCA yet; the PSU completes SCA in it again.
  const psuId = await page.getByTestId('status-psu-id').innerText();
  await page.getByTestId('status-new-tpp-session').click();
  await expect(page.getByTestId('status-psu-notice')).toHaveText('new session, same PSU');
  await expect(page.getByTestId('status-psu-id')).toHaveText(psuId);
  await expect(sca).toHaveAttribute('data-state', 'none');
  await page
    .getByTestId('headers-row')
    .filter({ has: page.getByTestId('headers-value-TPP-Session-ID') })
    .getByRole('button', { name: 'Remove TPP-Session-ID' })
    .click();
  await sendConsentRequest(page);
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  await expect(sca).toHaveAttribute('data-state', 'valid');

  // The clock set back an hour: still valid for the bank, never more than the SCA hour left.
  await page.getByTestId('nav-bank').click();
  await page.getByTestId('clock-back1h').click();
  await expect(page.getByTestId('status-sca-clock-back')).toBeVisible();
  await expect(sca).toContainText('valid, 1 h 00 min left');
  await page.getByTestId('clock-1h').click();
  await expect(page.getByTestId('status-sca-clock-back')).toHaveCount(0);
  // An hour later on the bank clock the bank and the bar agree: expired.
  await page.getByTestId('clock-1h').click();
  await expect(sca).toHaveAttribute('data-state', 'expired');
  await expect(sca).toContainText('expired');
  await shot(page, testInfo, 'status-bar-expired');

  // "Forget PSU" and its undo.
  await page.getByTestId('status-forget-psu').click();
  await expect(page.getByTestId('status-psu')).toContainText('not identified yet');
  await page.getByTestId('status-undo-reset').click();
  await expect(page.getByTestId('status-psu-id')).toHaveText(psuId);
  await expect(page.getByTestId('status-undo-reset')).toHaveCount(0);

  expectOnlyLoopback(requests);
});

test('the SCA panel keeps to what holds: nothing granted, a new consent, a new session, the hour, a bank reset', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  const psu = await privatePsuOnSignedSandbox(page, webHost.url);
  await page.getByTestId('status-new-tpp-session').click();

  // A consent confirmed with no account ticked: no access granted, not a success.
  await sendConsentRequest(page);
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber, { grant: 'no account' });
  const noLonger = page.getByTestId('sca-no-longer');
  await expect(noLonger).toHaveAttribute('data-state', 'no-access');
  await expect(noLonger).toContainText('No access granted');
  await expect(page.getByTestId('sca-resource-status')).toHaveText('revokedByPsu');
  await expect(page.getByTestId('sca-success')).toHaveCount(0);
  await shot(page, testInfo, 'sca-no-access');

  // A new consent does not show the older one's SCA under it.
  await sendConsentRequest(page);
  await expect(page.getByTestId('sca-panel')).toHaveCount(0);
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  await expect(page.getByTestId('sca-success')).toBeVisible();

  // A new TPP session: the SCA does not cover it.
  await page.getByTestId('status-new-tpp-session').click();
  await expect(noLonger).toHaveAttribute('data-state', 'new-session');
  await expect(page.getByTestId('sca-success')).toHaveCount(0);

  // SCA again, then the hour passes on the bank clock: the green box does not stay green.
  await sendConsentRequest(page);
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  await page.getByTestId('nav-bank').click();
  await page.getByTestId('clock-1h').click();
  await page.getByTestId('nav-composer').click();
  await expect(noLonger).toHaveAttribute('data-state', 'expired');
  await expect(page.getByTestId('sca-no-longer-why')).toContainText('Expired at');
  await shot(page, testInfo, 'sca-expired');

  // A bank reset: the composer no longer sends the PSU-ID the bank has forgotten.
  const psuIdHeader = page.getByTestId('prepared-headers').locator('tr[data-header="PSU-ID"]');
  await expect(psuIdHeader).toHaveCount(1);
  await page.getByTestId('nav-bank').click();
  await page.getByTestId('bank-sandbox-reset').click();
  await expect(page.getByTestId('status-psu')).toContainText('not identified yet');
  await page.getByTestId('nav-composer').click();
  await expect(page.getByTestId('prepared-request')).toBeVisible();
  await expect(
    page.getByTestId('prepared-headers').locator('tr[data-header="TPP-Session-ID"]'),
  ).toHaveCount(1);
  await expect(psuIdHeader).toHaveCount(0);
  // The next consent is not refused for a PSU the bank no longer knows.
  await sendConsentRequest(page);
  expect(await (await rawResponseBody(page)).innerText()).toContain('consentId');
  expectOnlyLoopback(requests);
});
