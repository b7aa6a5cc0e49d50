/**
 * The bank console as a place to act (§1, §3.3, §4.3): human tables that fit the column; the PSU
 * revokes a consent at the bank and the TPP's next account read fails as §1 says; a card account
 * blocked and unblocked; a sandbox API request from a row seen in the request log; the Sessions
 * table reading the bank's §3.4 state after the clock moves.
 */
import { test, expect, expectOnlyLoopback } from './fixtures';
import { consentWithScaDone, rawResponseBody, shotAtReviewSizes } from './steps';

test('revoking a consent in the bank console makes the next account read fail (§1)', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(webHost.url);
  // Consent and SCA, then the accounts can be read.
  const { consentId, psu } = await consentWithScaDone(page);
  await page.getByTestId('endpoint-picker').selectOption('getAccountList');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');

  // The console: the consent as a human row, valid, with its accounts; the table fits.
  await page.getByTestId('nav-bank').click();
  await page.getByTestId('state-table-picker').selectOption('consents');
  const row = page.getByTestId('state-consents').locator(`[data-row-id="${consentId}"]`);
  await expect(row.locator('[data-col="status"]')).toHaveText('valid');
  await expect(row.locator('[data-col="psu"]')).toContainText(psu.name);
  const state = page.getByTestId('bank-state');
  const tableBox = (await page.getByTestId('state-consents').boundingBox())!;
  const cardBox = (await state.boundingBox())!;
  expect(tableBox.width).toBeLessThanOrEqual(cardBox.width);
  await state.scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'bank-console-consents');

  // The PSU revokes it at the bank.
  await row.getByTestId('row-action-Revoke').click();
  await expect(page.getByTestId('bank-status')).toContainText(`Consent ${consentId} revoked`);
  await expect(row.locator('[data-col="status"]')).toHaveText('revokedByPsu');
  await expect(row.locator('[data-col="accounts"]')).toHaveText('0');
  await expect(row.getByTestId('row-action-Revoke')).toHaveCount(0);
  // Every console action shows in the request log and the diagram: the revocation is the PSU's,
  // at the bank, no TPP request (§1: the TPP is not told).
  const revoked = page
    .getByTestId('bank-log')
    .getByTestId('log-event')
    .filter({ hasText: `revoked consent ${consentId}` });
  await expect(revoked).toHaveCount(1);
  await expect(revoked).toHaveAttribute('data-kind', 'revoke-consent');
  await expect(revoked).toContainText('PSU at the bank');
  const revokeStep = page
    .getByTestId('sequence')
    .getByTestId('sequence-step')
    .filter({ hasText: `revoked consent ${consentId.slice(0, 8)}` });
  await expect(revokeStep).toHaveAttribute('data-from', 'psu');
  await expect(revokeStep).toHaveAttribute('data-to', 'bank');
  await page.getByTestId('bank-log').scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'bank-console-revoke-in-log');
  await revokeStep.scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'bank-console-revoke-in-diagram');

  // Accounts: amounts in major units with the currency; a sandbox request from a row is logged.
  await page.getByTestId('state-table-picker').selectOption('accounts');
  await page.getByTestId('state-filter').fill('NOK');
  const accountRow = page.getByTestId('state-accounts').getByTestId('state-row').first();
  await expect(accountRow.locator('[data-col="booked"]')).toHaveText(/^-?[\d,]+\.\d{2} NOK$/);
  await page.getByTestId('state-filter').fill('no such account anywhere');
  await expect(page.getByTestId('bank-state')).toContainText('No row matches the filter.');
  await page.getByTestId('state-filter').fill('');
  const accountId = await accountRow.getAttribute('data-row-id');
  await accountRow.getByTestId('row-action-Change balances').click();
  await page
    .getByTestId('sandbox-action-body')
    .fill('[{"balanceType":"closingBooked","balanceAmount":{"amount":123450,"currency":"NOK"}}]');
  await page.getByTestId('sandbox-action-send').click();
  await expect(page.getByTestId('sandbox-action-answer')).toHaveAttribute('data-ok', 'true');
  await expect(
    page.getByTestId('state-accounts').locator(`[data-row-id="${accountId}"] [data-col="booked"]`),
  ).toHaveText('1,234.50 NOK');
  await expect(page.getByTestId('bank-log').getByTestId('log-entry').first()).toContainText(
    `/v1/sandbox/accounts/${accountId}/balances`,
  );
  // Bad input: the bank's own message, no crash.
  await page.getByTestId('sandbox-action-body').fill('[{"balanceType":"closingBooked"');
  await page.getByTestId('sandbox-action-send').click();
  await expect(page.getByTestId('sandbox-action-error')).toContainText('The body is not JSON');
  await page.getByTestId('sandbox-action-body').fill('[{"balanceType":"nonsense"}]');
  await page.getByTestId('sandbox-action-send').click();
  await expect(page.getByTestId('sandbox-action-answer')).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('sandbox-action-answer')).toContainText('400');
  await page.getByTestId('state-accounts').scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'bank-console-accounts');

  // A card account blocked and unblocked.
  await page.getByTestId('state-table-picker').selectOption('cardAccounts');
  const card = page.getByTestId('state-cardAccounts').getByTestId('state-row').first();
  await card.getByTestId('row-action-Block').click();
  await expect(card.locator('[data-col="status"]')).toHaveText('blocked');
  await card.getByTestId('row-action-Unblock').click();
  await expect(card.locator('[data-col="status"]')).toHaveText('enabled');
  const cardId = await card.getAttribute('data-row-id');
  const cardEvents = page.getByTestId('bank-log').getByTestId('log-event');
  await expect(cardEvents.filter({ hasText: `Bank blocked card account ${cardId}` })).toHaveCount(
    1,
  );
  await expect(cardEvents.filter({ hasText: `unblocked card account ${cardId}` })).toHaveCount(1);
  await expect(
    page
      .getByTestId('sequence')
      .getByTestId('sequence-step')
      .filter({ hasText: `unblocked card account ${cardId}` }),
  ).toHaveAttribute('data-from', 'bank');

  // Sessions from the bank's truth: valid now, expired an hour later on the bank clock.
  await page.getByTestId('state-table-picker').selectOption('sessions');
  const sessionId = await page.getByTestId('status-tpp-session-id').getAttribute('data-session-id');
  const session = page.getByTestId('state-sessions').locator(`[data-row-id="${sessionId}"]`);
  await expect(session.locator('[data-col="state"]')).toHaveText('valid');
  await page.getByTestId('clock-1h').click();
  await expect(session.locator('[data-col="state"]')).toHaveText('expired');

  // The TPP reads the accounts again: the consent is gone (§1), the bank says so.
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('endpoint-picker').selectOption('getAccountList');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('401');
  await expect(await rawResponseBody(page)).toContainText('CONSENT_INVALID');

  // Put the shared web host's bank clock back where this journey found it: the next journey in
  // this worker starts from real time.
  await page.getByTestId('nav-bank').click();
  await page.getByTestId('clock-back1h').click();
  await expect
    .poll(async () => {
      const shown = await page.getByTestId('bank-clock-now').innerText();
      return Math.abs(Date.now() - Date.parse(`${shown.replace(' ', 'T').slice(0, 19)}Z`));
    })
    .toBeLessThan(5 * 60_000);
  expectOnlyLoopback(requests);
});
