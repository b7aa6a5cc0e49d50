/**
 * The consent flow in a real browser: a sandbox bank runs in the Playwright worker, a TPP starts
 * a consent with a signed POST /v1/consents, Chromium completes the bank's pages like a person
 * (by test id), and the redirect listener receives the §6.1 parameters.
 */
import { createBank, type Bank } from '../../main/core/bank/index.js';
import { INITIAL_CUSTOMERS } from '../../main/core/bank/domain/initial-data.js';
import { VirtualClock } from '../../main/core/clock.js';
import { TppClient } from '../../main/core/tpp/client.js';
import { newPsuSession } from '../../main/core/tpp/psu-session.js';
import {
  startRedirectListener,
  type RedirectListener,
} from '../../main/core/tpp/redirect-listener.js';
import { createPki, type Pki } from '../unit/bank/fixtures.js';
import { expect, test } from './fixtures';

const OLA = INITIAL_CUSTOMERS.find((customer) => customer.name === 'Ola Nordmann')!;

let pki: Pki;
let bank: Bank;
let baseUrl: string;
let redirects: RedirectListener;

test.beforeAll(async () => {
  pki = await createPki();
  bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  baseUrl = (await bank.listen()).url;
  redirects = await startRedirectListener();
});

test.afterAll(async () => {
  await redirects?.close();
  await bank?.close();
});

test('a PSU grants account access on the consent screen and the TPP receives psu-id', async ({
  page,
}, testInfo) => {
  const session = newPsuSession(redirects.redirectUri);
  const client = new TppClient({
    baseUrl,
    signing: { key: pki.seal.privateKey, certificate: pki.seal.certificateDer },
    session: () => session,
  });
  const created = await client.send({ method: 'POST', path: '/v1/consents', body: {} });
  expect(created.response?.status).toBe(201);
  const { consentId, _links } = created.response!.json as {
    consentId: string;
    _links: { scaRedirect: { href: string } };
  };
  const redirected = redirects.waitFor(session.tppSessionId, 30_000);

  await page.goto(_links.scaRedirect.href);
  const step = page.getByTestId('sca-page');
  await expect(step).toHaveAttribute('data-step', 'login');
  await page.getByTestId('national-identity-number').fill(OLA.nationalIdentityNumber);
  await page.getByTestId('login').click();

  await expect(step).toHaveAttribute('data-step', 'context');
  await page.getByTestId('context-private').check();
  await page.getByTestId('choose').click();

  await expect(step).toHaveAttribute('data-step', 'consent');
  const accounts = page.locator('input[name="account"]');
  await expect(accounts.first()).toBeVisible();
  const count = await accounts.count();
  for (let i = 0; i < count; i++) await accounts.nth(i).check();
  await page.screenshot({ path: testInfo.outputPath('consent-screen.png'), fullPage: true });
  await page.getByTestId('confirm').click();

  const redirect = await redirected;
  await expect(page.getByTestId('redirect-title')).toHaveText('Authorisation complete');
  expect(redirect).toMatchObject({
    outcome: 'success',
    tppSessionId: session.tppSessionId,
    context: 'PRIVATE',
    problems: [],
  });
  expect(new URL(page.url()).origin).toBe(new URL(redirects.redirectUri).origin);

  const consent = await client.send({ method: 'GET', path: `/v1/consents/${consentId}` });
  const body = consent.response!.json as { consentStatus: string; access: { accounts: unknown[] } };
  expect(body.consentStatus).toBe('valid');
  expect(body.access.accounts).toHaveLength(count);
  await client.close();
});
