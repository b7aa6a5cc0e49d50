/**
 * Steps several journeys share, done through the page as a user does them: screenshots kept as
 * test artifacts, a QSealC that signs for the embedded sandbox, and the sandbox bank running.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

/** A full-page screenshot kept in test-results and attached to the report. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** A new test CA and QSealC, chosen as the signing certificate of the embedded sandbox target. */
export async function signSandboxWithNewQsealc(page: Page): Promise<void> {
  // The sandbox checks the signature only (§5.2); production would also want the registry.
  await page.getByTestId('nav-certificates').click();
  await page.getByTestId('create-ca').click();
  // RSA key generation: seconds on a loaded machine.
  await expect(page.getByTestId('certs-status')).toContainText('Created “Workbench Test CA”', {
    timeout: 30_000,
  });
  await page.getByTestId('issue-kind').selectOption('qsealc');
  await page.getByTestId('issue-submit').click();
  await expect(page.getByTestId('certs-status')).toContainText(
    'Issued “Workbench Test TPP QSealC”',
    {
      timeout: 30_000,
    },
  );
  // The entry just issued is selected: its panel offers the targets.
  await expect(page.getByTestId('cert-details')).toContainText('Workbench Test TPP QSealC');
  await page.getByTestId('assign-target').selectOption('embedded-sandbox');
  await page.getByTestId('use-as-signing').click();
  await expect(page.getByTestId('cert-used-by')).toContainText('signs for Embedded bank (sandbox)');
}

/** A signed embedded sandbox, running, chosen in the composer, at the first review size. */
export async function composerOnSignedSandbox(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(url);
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
}

/** Starts the embedded sandbox bank from the bank console unless it runs already. */
export async function ensureSandboxBankRunning(page: Page): Promise<void> {
  // Another test file may have started it already in this worker's web host.
  await page.getByTestId('nav-bank').click();
  await expect(page.getByTestId('bank-sandbox-state')).toHaveText(/running|stopped/);
  if ((await page.getByTestId('bank-sandbox-state').innerText()) === 'stopped') {
    await page.getByTestId('bank-sandbox-start').click();
  }
  await expect(page.getByTestId('bank-sandbox-state')).toHaveText('running');
}

export interface SandboxCustomer {
  name: string;
  type: string;
  nationalIdentityNumber: string;
}

/** The composer on the embedded sandbox target, its customers listed (GET /v1/sandbox/customers). */
export async function listSandboxCustomersInComposer(page: Page): Promise<SandboxCustomer[]> {
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
  await page.getByTestId('endpoint-picker').selectOption('listSandboxCustomers');
  await page.getByTestId('send').click();
  await expect(await rawResponseBody(page)).toContainText('"nationalIdentityNumber"');
  await expect(page.getByTestId('response-status')).toHaveText('200');
  return JSON.parse(await (await rawResponseBody(page)).innerText()) as SandboxCustomer[];
}

/**
 * The composer's last response asked for SCA: the PSU opens it, logs in with a national identity
 * number, acts privately, grants every account (or, asked to, none) and confirms; granting, the
 * workbench sees the redirect succeed.
 */
export async function completeConsentScaInPopup(
  page: Page,
  nationalIdentityNumber: string,
  options: { lingerMs?: number; grant?: 'every account' | 'no account' } = {},
): Promise<void> {
  const grantsNothing = options.grant === 'no account';
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('open-sca').click();
  const popup = await popupOpened;
  // A PSU who takes their time: the workbench polls the SCA status meanwhile (every 1.5 s).
  if (options.lingerMs) await popup.waitForTimeout(options.lingerMs);
  await popup.locator('[name="nationalIdentityNumber"]').fill(nationalIdentityNumber);
  await popup.getByTestId('login').click();
  const context = popup.getByTestId('context-form');
  const consent = popup.getByTestId('consent-form');
  await expect(context.or(consent)).toBeVisible();
  if (await context.isVisible()) {
    await popup.getByTestId('context-private').check();
    await popup.getByTestId('choose').click();
  }
  await expect(consent).toBeVisible();
  for (const account of await consent.locator('input[type="checkbox"][name="account"]').all()) {
    await account.setChecked(!grantsNothing);
  }
  await popup.getByTestId('confirm').click();
  if (grantsNothing) {
    await page.bringToFront();
    return;
  }
  await expect(page.getByTestId('sca-success')).toBeVisible();
  // The window stays on the redirect page (§6.1 parameters); the PSU returns to the workbench.
  await expect(popup.getByTestId('redirect-title')).toHaveText('Authorisation complete');
  await page.bringToFront();
}

/** POST /v1/consents in a fresh TPP session from the composer: the new consent's id (201). */
export async function sendNewConsent(page: Page): Promise<string> {
  await page.getByTestId('status-new-tpp-session').click();
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await sendForNewAnswer(page, '201');
  return JSON.parse(await (await rawResponseBody(page)).innerText()).consentId as string;
}

/**
 * Sends the composer's request and waits for its own answer: when the tab already shows an answer
 * of the same status (an earlier consent's 201), the status alone does not say the new one came,
 * and its scaRedirect would be the earlier, used one.
 */
export async function sendForNewAnswer(page: Page, status: string): Promise<void> {
  const hadAnswer = (await page.getByTestId('response-status').count()) > 0;
  const before = hadAnswer ? await (await rawResponseBody(page)).innerText() : undefined;
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText(status);
  if (before !== undefined)
    await expect.poll(async () => (await rawResponseBody(page)).innerText()).not.toBe(before);
}

/**
 * A private PSU's consent with its SCA done, in a fresh TPP session of the signed embedded sandbox
 * bank: the composer sends POST /v1/consents and the PSU completes the SCA in the popup.
 */
export async function consentWithScaDone(
  page: Page,
): Promise<{ consentId: string; psu: SandboxCustomer }> {
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);
  const customers = await listSandboxCustomersInComposer(page);
  const psu = customers.find((c) => c.type === 'PRIVATE')!;
  const consentId = await sendNewConsent(page);
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  return { consentId, psu };
}

/** The workbench opened at 1280×720 with a private PSU's consent SCA done (`consentWithScaDone`). */
export async function openWithConsentDone(page: Page, url: string) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(url);
  return consentWithScaDone(page);
}

/** The sizes screens are reviewed at by default (1280×720, 1440×900). */
const REVIEW_SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];

/** A laptop, a projector's 720p and a full-HD screen: where a demonstration is shown. */
export const DEMO_SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

/** Screenshots of the page at the sizes the screens are reviewed at (`REVIEW_SIZES` unless given). */
export async function shotAtReviewSizes(
  page: Page,
  testInfo: TestInfo,
  name: string,
  sizes = REVIEW_SIZES,
) {
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    const path = testInfo.outputPath(`${name}-${size.width}x${size.height}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`${name}-${size.width}x${size.height}`, {
      path,
      contentType: 'image/png',
    });
  }
  if (before) await page.setViewportSize(before);
}

/**
 * The response body as text: the response viewer switched to its Raw view (the choice stays for
 * later responses). Waits for a response to show.
 */
export async function rawResponseBody(page: Page) {
  const raw = page.getByTestId('response-view-raw');
  const body = page.getByTestId('response-body');
  await expect(raw.or(body).first()).toBeVisible();
  if ((await raw.count()) > 0 && (await raw.getAttribute('aria-pressed')) !== 'true') {
    await raw.click();
  }
  return body;
}
