/**
 * A form is never lost to another: History's "Open in the composer" and a followed link open what
 * they bring beside the tab the user was on, which keeps its form and answer; two windows of the
 * workbench show one tab list, and a tab one window opens does not overwrite the other's typing.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { composerOnSignedSandbox, sendNewConsent, shot } from './steps';

const tabs = (page: Page) => page.getByTestId('request-tab');
const shownTab = (page: Page) => page.locator('[data-testid="request-tab"][aria-current="true"]');

test('History and followed links open beside the shown tab; two windows share one tab list', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await composerOnSignedSandbox(page, webHost.url);
  // The worker's web host keeps the tabs of earlier journeys: start from a tab of this one.
  await page.getByTestId('request-tab-new').click();
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await sendNewConsent(page);
  await expect(page.getByTestId('response-status')).toHaveText('201');
  const consentTab = await shownTab(page).getAttribute('data-tab');
  const before = await tabs(page).count();

  // status → opens the consent's status beside the consent, which keeps its form and answer.
  await page.getByTestId('follow-status').click();
  await expect(page.getByTestId('composer-notice')).toHaveText('Followed status');
  await expect(tabs(page)).toHaveCount(before + 1);
  await expect(shownTab(page)).toHaveText('getConsentStatus');
  const statusTab = await shownTab(page).getAttribute('data-tab');
  await expect(page.getByTestId('endpoint-picker')).toHaveValue('getConsentStatus');
  await page.locator(`[data-testid="request-tab"][data-tab="${consentTab}"]`).click();
  await expect(page.getByTestId('endpoint-picker')).toHaveValue('createConsent');
  await expect(page.getByTestId('response-status')).toHaveText('201');
  // Following it again takes the status tab it opened, not a third one.
  await page.getByTestId('follow-status').click();
  await expect(page.getByTestId('composer-notice')).toHaveText('Followed status');
  await expect(tabs(page)).toHaveCount(before + 1);

  // The user edits the consent tab; History opens an exchange beside it, not over it.
  await page.locator(`[data-testid="request-tab"][data-tab="${consentTab}"]`).click();
  await page.getByTestId('request-path').fill('/v1/consents?edited=yes');
  await page.getByTestId('nav-history').click();
  await page
    .getByTestId('history-entry')
    .filter({ hasText: '/status' })
    .first()
    .getByRole('button')
    .click();
  await page.getByTestId('history-open-in-composer').click();
  await expect(page.getByTestId('endpoint-picker')).toHaveValue('getConsentStatus');
  await expect(tabs(page)).toHaveCount(before + 2);
  const historyTab = await shownTab(page).getAttribute('data-tab');
  await page.locator(`[data-testid="request-tab"][data-tab="${consentTab}"]`).click();
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/consents?edited=yes');
  await shot(page, testInfo, 'tabs-kept');

  // A second window shows the same tabs; a tab opened in one window appears in the other, and
  // does not overwrite what the other window typed in its shown tab.
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1280, height: 720 });
  await other.goto(webHost.url);
  await other.getByTestId('nav-composer').click();
  await expect(tabs(other)).toHaveCount(before + 2);
  await other.locator(`[data-testid="request-tab"][data-tab="${consentTab}"]`).click();
  await other.getByTestId('request-path').fill('/v1/consents?typed=in-the-other-window');
  await page.getByTestId('request-tab-new').click();
  await expect(tabs(page)).toHaveCount(before + 3);
  const newTab = await shownTab(page).getAttribute('data-tab');
  // A new tab's form calls createConsent: it is named so, as a tab opened in the picker is.
  await expect(shownTab(page)).toHaveText('createConsent');
  await expect(tabs(other)).toHaveCount(before + 3);
  await expect(other.getByTestId('request-path')).toHaveValue(
    '/v1/consents?typed=in-the-other-window',
  );
  // And the other way round: the first window gets the other's typing once it is kept.
  await expect(async () => {
    await page.locator(`[data-testid="request-tab"][data-tab="${consentTab}"]`).click();
    await expect(page.getByTestId('request-path')).toHaveValue(
      '/v1/consents?typed=in-the-other-window',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 15_000 });
  await other.close();

  // This journey's tabs closed, each gone before the next: later journeys find the tabs as they
  // were.
  for (const id of [consentTab, statusTab, historyTab, newTab]) {
    const tab = page.locator(`[data-testid="request-tab"][data-tab="${id}"]`);
    await tab.locator('..').getByTestId('request-tab-close').click();
    await expect(tab).toHaveCount(0);
  }
  await expect(tabs(page)).toHaveCount(before - 1);
  expectOnlyLoopback(requests);
});
