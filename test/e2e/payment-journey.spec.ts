/**
 * Journey 3, "initiate a payment, confirm it (SCA in the popup), run the batch, see ACSC": a §2.2
 * SEPA credit transfer from the composer (POST /v1/payments/sepa-credit-transfers, single SCA
 * with PSU-Context, docs/payments.md "Headers"), the bank's login and authorise pages in the popup,
 * the status after SCA (ACTC: authorised, waiting for the batch), the bank console's batch run
 * (bank.runBatch), and the status after it (ACSC, docs/payments.md "Status lifecycle").
 */
import { test, expect, expectOnlyLoopback } from './fixtures';
import {
  shot,
  signSandboxWithNewQsealc,
  ensureSandboxBankRunning,
  listSandboxCustomersInComposer,
  rawResponseBody,
} from './steps';

/** Ola's current account and Kari's (docs/sandbox-data.md, initial data). */
const OLA_BRUKSKONTO = 'NO5297100512347';
const KARI_BRUKSKONTO = 'NO6997100712346';

test('initiate a payment, confirm it in the SCA popup, run the batch, see ACSC', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.goto(webHost.url);

  await signSandboxWithNewQsealc(page);

  await ensureSandboxBankRunning(page);

  // The payer logs in with Ola Nordmann's mocked identity number (the sandbox's customers).
  const customers = await listSandboxCustomersInComposer(page);
  const ola = customers.find((c) => c.name === 'Ola Nordmann')!;
  expect(ola.nationalIdentityNumber).toMatch(/^\d{11}$/);

  // POST /v1/payments/sepa-credit-transfers: the endpoint's required headers are in the table.
  await page.getByTestId('endpoint-picker').selectOption('initiatePayment');
  await expect(page.getByTestId('request-method')).toHaveValue('POST');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/payments/{payment-product}');
  await page.getByTestId('path-param-payment-product').selectOption('sepa-credit-transfers');
  await expect(page.getByTestId('headers-value-x-accept-fix')).toHaveValue('amount-as-string');
  // PSU-IP-Address is required here (§4.2.2); Settings may already propose one.
  const psuIp = page.getByTestId('headers-value-PSU-IP-Address');
  if ((await psuIp.inputValue()) === '') await psuIp.fill('192.0.2.10');
  await expect(psuIp).not.toHaveValue('');
  // Single SCA (release 1.17.0): no PSU-ID yet, PSU-Context instead.
  await page.getByTestId('headers-rows').getByRole('button', { name: '+ Add a header' }).click();
  await page.getByTestId('headers-rows').getByLabel('Headers: name').last().fill('PSU-Context');
  await page.getByTestId('headers-value-PSU-Context').fill('PRIVATE');

  // The §2.2 body, amount as a string (x-accept-fix amount-as-string).
  const remittance = `E2E journey ${Date.now().toString(36)}`;
  const body = {
    instructedAmount: { amount: '100.00', currency: 'NOK' },
    debtorAccount: { iban: OLA_BRUKSKONTO, currency: 'NOK' },
    creditorAccount: { iban: KARI_BRUKSKONTO, currency: 'NOK' },
    creditorName: 'Kari Nordmann',
    remittanceInformationUnstructured: remittance,
  };
  const editor = page.getByTestId('body-editor').locator('.monaco-editor');
  await expect(editor).toContainText('"instructedAmount"');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // One line: Monaco's auto-closing and auto-indent would add to a multi-line insertion. (Not
  // Format Document: its command palette made this step flaky, and the bank reads any layout.)
  await page.keyboard.insertText(JSON.stringify(body));
  await expect(editor).toContainText(remittance);
  await expect(page.getByTestId('body-status')).toHaveText('Valid JSON');
  await expect(page.getByTestId('body-problems')).toHaveCount(0);
  // The signed preview carries the typed header next to the generated and session ones.
  const prepared = page.getByTestId('prepared-headers');
  await expect(prepared.locator('tr[data-header="PSU-Context"]')).toContainText('PRIVATE');
  await expect(prepared.locator('tr[data-header="Digest"]')).toBeVisible();
  await shot(page, testInfo, 'payment-composed');

  // 201 (§2.3): RCVD, and the PSU authorises at _links.scaRedirect.
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('201');
  const created = JSON.parse(await (await rawResponseBody(page)).innerText()) as {
    paymentId: string;
    transactionStatus: string;
    _links: Record<string, { href: string }>;
  };
  expect(created.transactionStatus).toBe('RCVD');
  expect(created.paymentId).toBeTruthy();
  expect(created._links.scaRedirect?.href).toBeTruthy();
  await expect(page.getByTestId('follow-status')).toBeVisible();
  await shot(page, testInfo, 'payment-created');

  // The SCA popup: login as Ola; PSU-Context PRIVATE skips the context page; authorise.
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('open-sca').click();
  const popup = await popupOpened;
  await expect(page.getByTestId('sca-waiting')).toBeVisible();
  await expect(popup.getByTestId('sca-page')).toHaveAttribute('data-step', 'login');
  await popup.getByTestId('national-identity-number').fill(ola.nationalIdentityNumber);
  await shot(popup, testInfo, 'sca-popup-login');
  await popup.getByTestId('login').click();
  await expect(popup.getByTestId('sca-page')).toHaveAttribute('data-step', 'authorise');
  // The page names what the PSU authorises: the body as typed in the composer.
  const lines = popup.getByTestId('resource-lines');
  await expect(lines).toContainText(`Pay 100.00 NOK to Kari Nordmann (${KARI_BRUKSKONTO})`);
  await expect(lines).toContainText(`(${OLA_BRUKSKONTO})`);
  await expect(lines).toContainText(remittance);
  await shot(popup, testInfo, 'sca-popup-authorise');
  await popup.getByTestId('confirm').click();

  // Redirected back (§6.1): the popup shows the redirect's parameters, the steps end FINALISED,
  // the PSU is Ola, private.
  await expect(page.getByTestId('sca-success')).toBeVisible();
  await expect(popup.getByTestId('redirect-param-context')).toHaveText('PRIVATE');
  await expect(page.getByTestId('sca-context')).toHaveText('PRIVATE');
  await expect(page.getByTestId('sca-steps')).toContainText('FINALISED');

  // Authorised, waiting for the batch run: ACTC.
  await page.getByTestId('follow-status').click();
  await expect(page.getByTestId('composer-notice')).toHaveText('Followed status');
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await expect(await rawResponseBody(page)).toContainText('"transactionStatus": "ACTC"');
  await shot(page, testInfo, 'payment-status-actc');

  // The bank console runs the batch now; its answer names the payment as settled.
  await page.getByTestId('nav-bank').click();
  await page.getByTestId('bank-sandbox-run-batch').click();
  await expect(page.getByTestId('bank-status')).toContainText('Batch run on the sandbox bank:');
  await expect(page.getByTestId('bank-status')).toContainText(
    new RegExp(`settled \\d+ \\([^)]*${created.paymentId}`),
  );
  await expect(page.getByTestId('bank-error')).toHaveCount(0);
  await shot(page, testInfo, 'bank-batch-run');

  // Back in the composer: GET …/status says ACSC (settled).
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('endpoint-picker').selectOption('getPaymentStatus');
  await expect(page.getByTestId('request-path')).toHaveValue(
    '/v1/payments/{payment-product}/{paymentId}/status',
  );
  await page.getByTestId('path-param-payment-product').selectOption('sepa-credit-transfers');
  await page.getByTestId('path-param-paymentId').fill(created.paymentId);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('composer-notice')).toHaveText('Sent: 200');
  await expect(page.getByTestId('response-status')).toHaveText('200');
  const status = JSON.parse(await (await rawResponseBody(page)).innerText()) as {
    transactionStatus: string;
    fundsAvailable?: boolean;
  };
  expect(status.transactionStatus).toBe('ACSC');
  expect(status.fundsAvailable).toBe(true);
  await shot(page, testInfo, 'payment-status-acsc');

  expectOnlyLoopback(requests);
});
