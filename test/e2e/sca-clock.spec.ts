/**
 * The SCA box and the status bar on the bank clock (§3.4): an SCA completed with the clock
 * untouched never shows "clock set back before the SCA", and with the bank clock an hour ahead the
 * box's scaStatus steps and "SCA completed" read one clock, named.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import {
  completeConsentScaInPopup,
  listSandboxCustomersInComposer,
  sendNewConsent,
  ensureSandboxBankRunning,
  signSandboxWithNewQsealc,
  shot,
} from './steps';

/** Records whether the "clock set back" chip was ever in the page, however briefly. */
async function watchClockBackChip(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(`(() => {
    const seen = (window.clockBackSeen = { chip: false });
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="status-sca-clock-back"]')) seen.chip = true;
    }).observe(document.body, { subtree: true, childList: true });
  })()`);
  return () => page.evaluate('window.clockBackSeen.chip') as Promise<boolean>;
}

/** Minutes since midnight of a "YYYY-MM-DD HH:MM:SS UTC" text. */
function minutesOf(text: string): number {
  const match = /(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})/.exec(text);
  if (!match) throw new Error(`no time in "${text}"`);
  return Date.parse(`${match[1]}T${match[2]}:${match[3]}:00Z`) / 60_000;
}

test('an SCA on the bank clock: no false "clock set back", one clock in the SCA box', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(webHost.url);
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);
  const psu = (await listSandboxCustomersInComposer(page)).find((c) => c.type === 'PRIVATE')!;
  const sca = page.getByTestId('status-sca');

  // The clock untouched: the SCA completes, and the chip never shows, not even for a moment.
  const chipSeen = await watchClockBackChip(page);
  await sendNewConsent(page);
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  await expect(sca).toHaveAttribute('data-state', 'valid');
  await expect(sca).toContainText(/valid, (59|60) min/);
  expect(await chipSeen(), '"clock set back before the SCA" shown after an untouched SCA').toBe(
    false,
  );

  // The bank clock an hour ahead of real time: the steps are on the bank's clock, as is
  // "SCA completed", and the box says which clock that is.
  await page.getByTestId('nav-bank').click();
  await page.getByTestId('clock-1h').click();
  await page.getByTestId('nav-composer').click();
  await sendNewConsent(page);
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  const panel = page.getByTestId('sca-panel');
  await expect(panel.getByTestId('sca-steps')).toContainText('FINALISED');
  await expect(panel.getByTestId('sca-steps-clock')).toContainText('bank clock');
  const completed = minutesOf(await panel.getByTestId('sca-completed-at').innerText());
  for (const at of await panel.getByTestId('sca-step-at').allInnerTexts())
    expect(Math.abs(minutesOf(at) - completed), `step at ${at}`).toBeLessThanOrEqual(2);
  await expect(panel.locator('[data-clock="workbench"]')).toHaveCount(0);
  await shot(page, testInfo, 'sca-box-one-clock');

  // Back to real time for the journeys after this one in the worker's web host.
  await page.getByTestId('nav-bank').click();
  await page.getByTestId('clock-back1h').click();
  expectOnlyLoopback(requests);
});
