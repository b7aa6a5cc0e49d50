/**
 * Journey 2, "compose a consent request, send it, complete SCA in the SCA popup, see the PSU
 * session, read card transactions, follow `next`": POST /v1/consents from the composer (§1,
 * decisions.md), the bank's SCA pages in the popup (docs/sca.md: login with the mocked national
 * identity number, context, consent screen), the redirect back to main's loopback listener (§6.1),
 * the PSU session in the status bar, then the granted card account's transactions a page at a
 * time (§4.2.3: `limit`, `_links.next` and `previous`) through the response view's link buttons.
 */
import { test, expect, expectOnlyLoopback } from './fixtures';
import {
  shot,
  signSandboxWithNewQsealc,
  ensureSandboxBankRunning,
  listSandboxCustomersInComposer,
  rawResponseBody,
} from './steps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Link {
  href: string;
}

/** §2.5, as far as the journey reads it. */
interface CardTransactionsPage {
  cardAccount?: { maskedPan?: string; currency: string };
  cardTransactions: { booked: { cardTransactionId?: string }[] };
  _links?: { next?: Link; previous?: Link };
}

test('compose a consent request, send it, complete SCA in the SCA popup, see the PSU session, read card transactions, follow next', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.goto(webHost.url);

  await signSandboxWithNewQsealc(page);

  await ensureSandboxBankRunning(page);

  // The sandbox's customers: the PSU logs in with a private customer's mocked identity number.
  const customers = await listSandboxCustomersInComposer(page);
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
  // Sandbox login hints (docs/sandbox-data.md); an empty submit is refused without using an attempt.
  await expect(popup.getByTestId('login-hints')).toContainText(psu.nationalIdentityNumber);
  await popup.getByTestId('login').click();
  await expect(popup.getByTestId('form-error')).toContainText('No login attempt was used');
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

  // The bank redirected to main's listener; main pushed sca.redirect; the popup stays on the
  // redirect page showing its §6.1 parameters.
  await expect(page.getByTestId('sca-success')).toBeVisible();
  await expect(popup.getByTestId('redirect-title')).toHaveText('Authorisation complete');
  await expect(popup.getByTestId('redirect-param-context')).toHaveText('PRIVATE');
  await shot(popup, testInfo, 'sca-popup-redirect');
  const psuId = (await page.getByTestId('sca-psu-id').innerText()).trim();
  await expect(popup.getByTestId('redirect-param-psu-id')).toHaveText(psuId);
  // The PSU returns to the workbench window.
  await page.bringToFront();
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
  await expect(await rawResponseBody(page)).toContainText('"consentStatus": "valid"');
  await shot(page, testInfo, 'composer-after-sca');

  // The card account the PSU granted: GET /v1/card-accounts (§4.2.1) names its resourceId.
  await page.getByTestId('endpoint-picker').selectOption('getCardAccountList');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/card-accounts');
  await page.getByTestId('send').click();
  await expect(await rawResponseBody(page)).toContainText('"cardAccounts"');
  await expect(page.getByTestId('response-status')).toHaveText('200');
  const { cardAccounts } = JSON.parse(await (await rawResponseBody(page)).innerText()) as {
    cardAccounts: { resourceId: string; maskedPan?: string }[];
  };
  expect(cardAccounts.length).toBeGreaterThan(0);
  const card = cardAccounts[0]!;
  expect(card.resourceId).toBeTruthy();

  // §4.2.3 with bookingStatus booked (the composer fills the required enum) and a page of two.
  await page.getByTestId('endpoint-picker').selectOption('getCardAccountTransactionList');
  await expect(page.getByTestId('request-path')).toHaveValue(
    '/v1/card-accounts/{account-id}/transactions',
  );
  await page.getByTestId('path-param-account-id').fill(card.resourceId);
  await expect(page.getByTestId('query-value-bookingStatus')).toHaveValue('booked');
  await page.getByTestId('query-value-limit').fill('2');
  await page.getByRole('checkbox', { name: 'Send limit' }).check();
  await page.getByTestId('send').click();
  await expect(await rawResponseBody(page)).toContainText('"cardTransactions"');
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await page.getByText('Request as sent').click();
  const sent = page.getByTestId('sent-request-line');
  await expect(sent).toHaveText(/^GET https?:\/\/127\.0\.0\.1:\d+\//);
  const firstUrl = new URL((await sent.innerText()).replace(/^GET /, ''));
  expect(firstUrl.pathname).toBe(
    `/v1/card-accounts/${encodeURIComponent(card.resourceId)}/transactions`,
  );
  expect(firstUrl.searchParams.get('bookingStatus')).toBe('booked');
  expect(firstUrl.searchParams.get('limit')).toBe('2');
  const first = JSON.parse(await (await rawResponseBody(page)).innerText()) as CardTransactionsPage;
  if (card.maskedPan) expect(first.cardAccount?.maskedPan).toBe(card.maskedPan);
  expect(first.cardTransactions.booked).toHaveLength(2);
  // The first page links the next one (offset raised by the limit, limit kept) and no previous.
  const nextHref = first._links?.next?.href;
  expect(nextHref).toMatch(/[?&]offset=2(&|$)/);
  expect(nextHref).toMatch(/[?&]limit=2(&|$)/);
  expect(first._links?.previous).toBeUndefined();
  const followNext = page.getByTestId('follow-next');
  await expect(followNext).toBeEnabled();
  await expect(followNext).toHaveAttribute('title', nextHref!);
  await expect(page.getByTestId('follow-previous')).toHaveCount(0);
  await shot(page, testInfo, 'card-transactions-page-1');

  // One click on `next`: the composer GETs the bank's href as it stands.
  await followNext.click();
  await expect(page.getByTestId('composer-notice')).toHaveText('Followed next');
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await expect(sent).toHaveText(`GET ${firstUrl.origin}${nextHref}`);
  // The form follows the page: its query now says what the page shown answers.
  await expect(page.getByTestId('query-value-offset')).toHaveValue('2');
  await expect(page.getByRole('checkbox', { name: 'Send offset' })).toBeChecked();
  await expect(page.getByTestId('query-value-limit')).toHaveValue('2');
  const second = JSON.parse(
    await (await rawResponseBody(page)).innerText(),
  ) as CardTransactionsPage;
  expect(second.cardTransactions.booked.length).toBeGreaterThan(0);
  expect(second.cardTransactions.booked.length).toBeLessThanOrEqual(2);
  const firstIds = first.cardTransactions.booked.map((t) => t.cardTransactionId);
  for (const transaction of second.cardTransactions.booked) {
    expect(transaction.cardTransactionId).toBeTruthy();
    expect(firstIds).not.toContain(transaction.cardTransactionId);
  }
  // The second page links back to the first.
  expect(second._links?.previous?.href).toMatch(/[?&]offset=0(&|$)/);
  await expect(page.getByTestId('follow-previous')).toHaveAttribute(
    'title',
    second._links!.previous!.href,
  );
  await shot(page, testInfo, 'card-transactions-page-2');

  expectOnlyLoopback(requests);
});
