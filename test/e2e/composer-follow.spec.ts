/**
 * The composer's form says what is sent: the find box's keys never swap the chosen operation for
 * a match, and a followed link leaves the form on the operation and values it called.
 */
import { test, expect, expectOnlyLoopback } from './fixtures';
import { ensureSandboxBankRunning, shot, signSandboxWithNewQsealc } from './steps';

test('the find box: Enter picks the highlighted match and sends nothing; Ctrl+Enter sends the form', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(webHost.url);
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
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
  await expect(page.getByTestId('history-entry')).toHaveCount(1); // the consent only
  expectOnlyLoopback(requests);
});
