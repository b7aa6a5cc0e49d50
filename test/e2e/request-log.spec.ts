/**
 * The bank's request log reads like a log: newest first in the order requests arrived (moving
 * the bank clock back does not sink new rows), each with date and time and the bank clock beside
 * it, and the workbench's own SCA-status polling hidden unless asked for.
 */
import { test, expect, expectOnlyLoopback } from './fixtures';
import {
  completeConsentScaInPopup,
  ensureSandboxBankRunning,
  listSandboxCustomersInComposer,
  shotAtReviewSizes,
  signSandboxWithNewQsealc,
} from './steps';

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

test('the request log: polling hidden by default, newest first by arrival, date and bank time', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  /** How far the bank clock in the console is behind real time (negative: ahead). */
  const behindMs = async () => {
    const shown = await page.getByTestId('bank-clock-now').innerText();
    return Date.now() - Date.parse(`${shown.replace(' ', 'T').slice(0, 19)}Z`);
  };
  await page.goto(webHost.url);
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);
  // The bank clock starts at real time: a journey before this one in the same web host may have
  // moved it (the bank console's +1 h), and "same" below means "the bank clock is real time".
  await page.getByTestId('nav-bank').click();
  for (let hour = 0; hour < 24 && (await behindMs()) < -30 * 60_000; hour++) {
    const before = await behindMs();
    await page.getByTestId('clock-back1h').click();
    await expect.poll(behindMs).toBeGreaterThan(before + 59 * 60_000);
  }
  expect(Math.abs(await behindMs())).toBeLessThan(30 * 60_000);
  const customers = await listSandboxCustomersInComposer(page);
  const psu = customers.find((c) => c.type === 'PRIVATE')!;

  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber, { lingerMs: 4000 });

  await page.getByTestId('nav-bank').click();
  const log = page.getByTestId('bank-log');
  const rows = log.getByTestId('log-entry');
  await expect(rows.first()).toBeVisible();
  // Hidden by default: no polling row shows, though the bank answered some.
  await expect(log.locator('[data-testid="log-entry"][data-polling="true"]')).toHaveCount(0);
  const toggle = page.getByTestId('log-show-polling');
  await expect(toggle).not.toBeChecked();
  await expect(toggle.locator('xpath=..')).toContainText(/polling \([1-9]\d*\)/);
  await toggle.check();
  await expect(log.locator('[data-testid="log-entry"][data-polling="true"]').first()).toBeVisible();
  await toggle.uncheck();
  await expect(log.locator('[data-testid="log-entry"][data-polling="true"]')).toHaveCount(0);

  // Every row has its date and time of arrival.
  await expect(rows.first().getByTestId('log-arrived')).toHaveText(DATE_TIME);

  // The bank clock set back an hour: the next request still comes first, its bank time beside it.
  await page.getByTestId('clock-back1h').click();
  // The jump must have reached the bank before the request that shows it is sent.
  await expect.poll(behindMs).toBeGreaterThan(59 * 60_000);
  await listSandboxCustomersInComposer(page);
  await page.getByTestId('nav-bank').click();
  await expect(rows.first()).toContainText('GET /v1/sandbox/customers');
  await expect(rows.first().getByTestId('log-bank-time')).toHaveText(DATE_TIME);
  const arrived = Date.parse(`${await rows.first().getByTestId('log-arrived').innerText()}Z`);
  const bank = Date.parse(`${await rows.first().getByTestId('log-bank-time').innerText()}Z`);
  expect(arrived - bank).toBeGreaterThan(59 * 60_000);
  await expect(rows.nth(1).getByTestId('log-bank-time')).toHaveText('same');
  await rows.first().click();
  await expect(page.getByTestId('log-detail')).toContainText('bank clock');
  await shotAtReviewSizes(page, testInfo, 'request-log');

  // Put the shared web host's bank clock back to real time for the journeys after this one.
  await page.getByTestId('clock-1h').click();
  await expect.poll(async () => Math.abs(await behindMs())).toBeLessThan(30 * 60_000);
  expectOnlyLoopback(requests);
});
