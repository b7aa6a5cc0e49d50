/**
 * An answer belongs to the target it came from: after a switch to another bank the composer's
 * tab does not show the sandbox's 201 (its scaRedirect points at the sandbox) with "Open SCA"
 * ready; it says whose answer it was, and shows it again when the sandbox is chosen again.
 */
import { test, expect, expectOnlyLoopback } from './fixtures';
import { composerOnSignedSandbox, sendNewConsent } from './steps';

test("after a target switch the tab does not offer another bank's answer", async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await composerOnSignedSandbox(page, webHost.url);
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
  await sendNewConsent(page);
  await expect(page.getByTestId('composer-notice')).toHaveText('Sent: 201');
  await expect(page.getByTestId('open-sca')).toBeVisible();

  // The production bank chosen: the sandbox's answer and its "Open SCA" are not shown here.
  await page.getByTestId('target-picker').selectOption('embedded-production');
  await expect(page.getByTestId('open-sca')).toHaveCount(0);
  await expect(page.getByTestId('response-status')).toHaveCount(0);
  const other = page.getByTestId('response-other-target');
  await expect(other).toContainText('Embedded bank (sandbox)');
  await expect(page.getByTestId('composer-notice')).toHaveText('');
  await testInfo.attach('other-target', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });

  // Back on the sandbox, its answer is there again.
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await expect(page.getByTestId('open-sca')).toBeVisible();
  await expect(other).toHaveCount(0);
  expectOnlyLoopback(requests);
});
