/**
 * Two things a tester does between requests: fill in an optional query parameter (typing a value
 * ticks its "Send" box, so the value goes out; unticking it by hand keeps it out), and start a new
 * PSU session from the status bar after an SCA ("Forget PSU"), to act as another PSU in a new TPP session
 * (§3.4, §5.3.4: a new TPP-Session-ID starts a new SCA session).
 */
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import {
  completeConsentScaInPopup,
  ensureSandboxBankRunning,
  rawResponseBody,
  shot,
  signSandboxWithNewQsealc,
} from './steps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The URL of the request the response view shows as sent. */
async function sentUrl(page: Page): Promise<URL> {
  const details = page.locator('details').filter({ hasText: 'Request as sent' });
  if ((await details.getAttribute('open')) === null)
    await page.getByText('Request as sent').click();
  const line = page.getByTestId('sent-request-line');
  await expect(line).toHaveText(/^GET https?:\/\/127\.0\.0\.1:\d+\//);
  return new URL((await line.innerText()).replace(/^GET /, ''));
}

/** The full TPP-Session-ID the status bar shows for the active target. */
async function statusSessionId(page: Page): Promise<string> {
  const id = await page.getByTestId('status-tpp-session-id').getAttribute('data-session-id');
  expect(id).toMatch(UUID);
  return id!;
}

test('typing an optional query value sends it; Forget PSU forgets the PSU and starts a new TPP session', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.goto(webHost.url);
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);

  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
  await page.getByTestId('endpoint-picker').selectOption('listSandboxCustomers');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/sandbox/customers');

  // `limit` is optional: offered unticked. Typing a value, and nothing else, ticks it.
  const sendLimit = page.getByRole('checkbox', { name: 'Send limit' });
  await expect(sendLimit).not.toBeChecked();
  await page.getByTestId('query-value-limit').pressSequentially('1');
  await expect(sendLimit).toBeChecked();
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');
  expect((await sentUrl(page)).searchParams.get('limit')).toBe('1');
  expect(JSON.parse(await (await rawResponseBody(page)).innerText())).toHaveLength(1);
  await shot(page, testInfo, 'optional-query-typed');

  // Unticked by hand it stays unticked, value kept, and is not sent.
  await sendLimit.uncheck();
  await expect(sendLimit).not.toBeChecked();
  await expect(page.getByTestId('query-value-limit')).toHaveValue('1');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('composer-notice')).toHaveText('Sent: 200');
  await expect(page.getByTestId('sent-request-line')).not.toContainText('limit=');
  expect((await sentUrl(page)).searchParams.has('limit')).toBe(false);
  const customers = JSON.parse(await (await rawResponseBody(page)).innerText()) as {
    type: string;
    nationalIdentityNumber: string;
  }[];
  expect(customers.length).toBeGreaterThan(1);
  const psu = customers.find((c) => c.type === 'PRIVATE')!;

  // The session has a TPP-Session-ID from the start (a spec before this one in the same web host
  // may have identified a PSU in it already).
  const firstSessionId = await statusSessionId(page);

  // A consent's SCA identifies the PSU in this session (as in consent-sca-journey.spec.ts).
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/consents');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  const psuId = (await page.getByTestId('sca-psu-id').innerText()).trim();
  expect(psuId).toMatch(UUID);
  await expect(page.getByTestId('status-psu-id')).toHaveText(psuId);
  await expect(page.getByTestId('status-sca')).toContainText('left');
  expect(await statusSessionId(page)).toBe(firstSessionId);
  const preparedSession = page
    .getByTestId('prepared-headers')
    .locator('tr[data-header="TPP-Session-ID"]');
  await expect(preparedSession).toContainText(firstSessionId);

  // "Forget PSU": says what it does, forgets the PSU, and starts a new TPP-Session-ID.
  const forget = page.getByTestId('status-forget-psu');
  await expect(forget).toHaveText('Forget PSU');
  await expect(forget).toHaveAttribute('title', /new TPP-Session-ID.*PSU-ID/);
  await forget.click();
  await expect(page.getByTestId('status-psu-id')).toHaveCount(0);
  await expect(page.getByTestId('status-psu')).toContainText('not identified yet');
  await expect(page.getByTestId('status-psu-notice')).toHaveText('PSU forgotten');
  await expect(page.getByTestId('status-sca')).toContainText('none');
  await expect(page.getByTestId('status-tpp-session-id')).not.toHaveAttribute(
    'data-session-id',
    firstSessionId,
  );
  const secondSessionId = await statusSessionId(page);
  expect(secondSessionId).not.toBe(firstSessionId);
  // The SCA panel no longer claims the session carries that PSU.
  await expect(page.getByTestId('sca-session-replaced')).toBeVisible();
  // The next request goes out in the new session, without the PSU.
  await expect(preparedSession).toContainText(secondSessionId);
  await expect(
    page.getByTestId('prepared-headers').locator('tr[data-header="PSU-ID"]'),
  ).toHaveCount(0);
  await shot(page, testInfo, 'new-psu-session');

  expectOnlyLoopback(requests);
});
