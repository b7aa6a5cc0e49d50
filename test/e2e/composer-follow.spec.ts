/**
 * The composer's form says what is sent: the find box's keys never swap the chosen operation for
 * a match, a followed link leaves the form on the operation and values it called, and ids
 * captured from answers fill later requests.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { composerOnSignedSandbox, rawResponseBody, shot } from './steps';

/** POST /v1/consents sent from the composer on a signed sandbox: the new consent's id. */
async function consentCreatedOnSignedSandbox(page: Page, url: string): Promise<string> {
  await composerOnSignedSandbox(page, url);
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('201');
  return JSON.parse(await (await rawResponseBody(page)).innerText()).consentId as string;
}

test('the find box: Enter picks the highlighted match and sends nothing; Ctrl+Enter sends the form', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await composerOnSignedSandbox(page, webHost.url);
  // The web host serves every journey of this worker: count what its history holds already.
  await page.getByTestId('nav-history').click();
  await expect(page.getByTestId('history-list')).toHaveAttribute('data-state', 'loaded');
  const before = await page.getByTestId('history-entry').count();
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/consents');

  // Ctrl+Enter while the find box lists other operations sends the consent the form shows.
  const search = page.getByTestId('endpoint-search');
  await search.fill('accounts');
  await search.press('Control+Enter');
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await expect(page.getByTestId('sent-request-line')).toHaveText(/^POST \S+\/v1\/consents$/);
  await expect(page.getByTestId('endpoint-picker')).toHaveValue('createConsent');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/consents');

  // The matches are listed under the find box, the first highlighted; the arrows move the
  // highlight; Enter picks the highlighted match and sends nothing.
  const matches = page.getByTestId('endpoint-match');
  await expect(matches.first()).toHaveAttribute('aria-selected', 'true');
  await shot(page, testInfo, 'find-box-matches');
  await search.press('ArrowDown');
  await expect(matches.nth(1)).toHaveAttribute('aria-selected', 'true');
  const second = await matches.nth(1).getAttribute('data-operation-id');
  expect(second).not.toBe('createConsent');
  await search.press('Enter');
  await expect(page.getByTestId('endpoint-picker')).toHaveValue(second!);
  await expect(page.getByTestId('endpoint-matches')).toHaveCount(0);
  // No response of that operation: nothing was sent.
  await expect(page.getByTestId('response')).toHaveCount(0);
  await page.getByTestId('nav-history').click();
  await expect(page.getByTestId('history-entry')).toHaveCount(before + 1); // the consent only
  expectOnlyLoopback(requests);
});

test('"status →" and "scaStatus →" leave the form on the operation they called; history opens with its operation', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  const consentId = await consentCreatedOnSignedSandbox(page, webHost.url);

  const picker = page.getByTestId('endpoint-picker');
  const sentLine = page.getByTestId('sent-request-line');
  const previewLine = page.getByTestId('prepared-request').locator('.request-line');

  // status →: the form is on the status operation with the consent's id; the preview is the
  // request that was sent.
  await page.getByTestId('follow-status').click();
  await expect(page.getByTestId('composer-notice')).toHaveText('Followed status');
  await expect(picker).toHaveValue('getConsentStatus');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/consents/{consentId}/status');
  await expect(page.getByTestId('path-param-consentId')).toHaveValue(consentId);
  await expect(sentLine).toHaveText(new RegExp(`^GET \\S+/v1/consents/${consentId}/status$`));
  await expect(previewLine).toHaveText((await sentLine.textContent())!);
  // The consent's other links stay at hand.
  await expect(page.getByTestId('source-follow-status')).toBeVisible();
  await shot(page, testInfo, 'followed-status');

  // scaStatus → from the consent's links: the authorisation's operation and both ids.
  await page.getByTestId('source-follow-scaStatus').click();
  await expect(page.getByTestId('composer-notice')).toHaveText('Followed scaStatus');
  await expect(page.getByTestId('request-path')).toHaveValue(
    /^\/v1\/consents\/\{consentId\}\/authorisations\/\{[^}]+\}$/,
  );
  expect(await picker.inputValue()).not.toBe('');
  await expect(page.getByTestId('path-param-consentId')).toHaveValue(consentId);
  await expect(sentLine).toHaveText(new RegExp(`/v1/consents/${consentId}/authorisations/`));
  await expect(previewLine).toHaveText((await sentLine.textContent())!);
  await expect(page.getByTestId('source-follow-status')).toBeVisible();

  // History: dated, and each entry opens on its own operation with its values.
  await page.getByTestId('nav-history').click();
  await expect(page.getByTestId('history-sent').first()).toHaveText(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );
  await page
    .getByTestId('history-entry')
    .filter({ hasText: `/v1/consents/${consentId}/status` })
    .getByRole('button')
    .click();
  await page.getByTestId('history-open-in-composer').click();
  await expect(picker).toHaveValue('getConsentStatus');
  await expect(page.getByTestId('path-param-consentId')).toHaveValue(consentId);
  await page.getByTestId('nav-history').click();
  await page
    .getByTestId('history-entry')
    .filter({ hasText: 'POST /v1/consents' })
    .first() // newest first: this test's consent
    .getByRole('button')
    .click();
  await page.getByTestId('history-open-in-composer').click();
  await expect(picker).toHaveValue('createConsent');
  await expect(page.getByTestId('response-status')).toHaveText('201');
  expectOnlyLoopback(requests);
});

test('a consentId captured from an answer fills the next request: picked for the path or written as {{consentId}}', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  const consentId = await consentCreatedOnSignedSandbox(page, webHost.url);

  // The status of the consent: its id offered for the path, taken with one click.
  await page.getByTestId('endpoint-picker').selectOption('getConsentStatus');
  await expect(
    page.getByTestId('path-param-values-consentId').locator('option').first(),
  ).toHaveAttribute('value', consentId);
  await page.getByTestId('path-param-use-consentId').click();
  await expect(page.getByTestId('path-param-consentId')).toHaveValue(consentId);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');

  // {{consentId}} in the path parameter: the preview and the request carry the id.
  await page.getByTestId('endpoint-picker').selectOption('getConsentInformation');
  await page.getByTestId('path-param-consentId').fill('{{consentId}}');
  await expect(page.getByTestId('prepared-request').locator('.request-line')).toContainText(
    `/v1/consents/${consentId}`,
  );
  await page.getByTestId('variables').locator('summary').click();
  await expect(page.getByTestId('variable-consentId')).toContainText(consentId);
  await expect(page.getByTestId('variable-authorisationId')).toBeVisible();
  await shot(page, testInfo, 'composer-variables');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await expect(page.getByTestId('sent-request-line')).toHaveText(
    new RegExp(`/v1/consents/${consentId}$`),
  );
  // An unknown name stops the send and says so.
  await page.getByTestId('path-param-consentId').fill('{{noSuchThing}}');
  await expect(page.getByTestId('draft-problems')).toContainText('No variable {{noSuchThing}}');
  await expect(page.getByTestId('send')).toBeDisabled();

  // The payment product is a choice from the spec's list.
  await page.getByTestId('endpoint-picker').selectOption('getPaymentStatus');
  await expect(
    page.getByTestId('path-param-payment-product').locator('option[value="sepa-credit-transfers"]'),
  ).toHaveCount(1);
  expectOnlyLoopback(requests);
});
