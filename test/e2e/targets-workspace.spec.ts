/**
 * One list of targets and the composer's workspace: a profile written in the UI with keystore
 * certificates (the TPP's QSealC and the AISP-only TPP imported into the Certificates view) runs
 * in the Runner against a `workbench bank` started as its own process and sends from the
 * composer; a consentId captured from its answer fills the next request's path; the variables
 * survive a reload and switch with the environment; tabs keep their own forms across a reload.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { rawResponseBody, shot } from './steps';
import { createCerts, startBankProcess, type BankProcess } from './bank-process';

let dir: string;
let bank: BankProcess | undefined;

test.afterAll(async () => {
  await bank?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Imports a certificate with its key (one PEM file) into the keystore under `label`. */
async function importIntoKeystore(page: Page, label: string, pemFiles: string[]): Promise<void> {
  const file = join(dir, `${label.replace(/\W+/g, '-')}.pem`);
  await writeFile(file, Buffer.concat(await Promise.all(pemFiles.map((f) => readFile(f)))));
  await page.getByTestId('nav-certificates').click();
  const form = page.getByTestId('import-form');
  await form.getByLabel('Label (optional)').fill(label);
  await form.getByTestId('import-file-input').setInputFiles(file);
  await expect(page.getByTestId('cert-details')).toContainText(label, { timeout: 30_000 });
}

test('a profile with keystore certificates runs and sends; captured ids, environments and tabs are kept', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(240_000);
  dir = await mkdtemp(join(tmpdir(), 'workbench-e2e-targets-'));
  const certs = join(dir, 'certs');
  await createCerts(certs);
  bank = await startBankProcess();
  const bankUrl = bank.line.url;
  const run = randomUUID().slice(0, 8);
  const signingLabel = `Profile QSealC ${run}`;
  const aispLabel = `AISP-only QSealC ${run}`;

  await page.goto(webHost.url);
  await importIntoKeystore(page, signingLabel, [
    join(certs, 'qsealc.pem'),
    join(certs, 'qsealc.key.pem'),
  ]);
  await importIntoKeystore(page, aispLabel, [
    join(certs, 'aisp-qsealc.pem'),
    join(certs, 'aisp-qsealc.key.pem'),
  ]);

  // The profile written in the UI, its certificates from the keystore.
  await page.getByTestId('nav-settings').click();
  const profiles = page.getByTestId('profiles');
  await profiles.getByTestId('profile-create').click();
  const form = profiles.getByTestId('profile-form');
  const profilePath = join(dir, 'profiles', 'keystore.json');
  await form.getByTestId('profile-form-path').fill(profilePath);
  await form.getByTestId('profile-form-name').fill(`Bank process ${run}`);
  await form.getByTestId('profile-form-url').fill(bankUrl);
  await form.getByTestId('profile-form-sign-source').selectOption('keystore');
  await form.getByTestId('profile-form-sign-keystore').selectOption(signingLabel);
  await form.getByTestId('profile-form-aisp-source').selectOption('keystore');
  await form.getByTestId('profile-form-aisp-keystore').selectOption(aispLabel);
  await form.getByTestId('profile-form-sca').selectOption('headless');
  await shot(page, testInfo, 'targets-profile-form-keystore');
  await form.getByTestId('profile-form-save').click();
  await expect(form).toHaveCount(0);
  const row = profiles.getByTestId('profile-row').filter({ hasText: profilePath });
  await expect(row.getByTestId('profile-state')).toHaveText('reads');
  const profileId = (await row.getAttribute('data-profile'))!;
  const written = JSON.parse(await readFile(profilePath, 'utf8')) as Record<string, unknown>;
  expect(written).toMatchObject({
    baseUrl: bankUrl,
    signing: { keystore: signingLabel },
    aispOnlyTpp: { signing: { keystore: aispLabel } },
  });
  // One list: the profile is a target beside the embedded banks.
  await expect(page.getByTestId('targets').locator(`[data-target="${profileId}"]`)).toContainText(
    `Bank process ${run}`,
  );

  // The Runner runs a check that needs SCA against it, signed with the keystore's QSealC.
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('coverage-count-all')).not.toHaveText('0');
  await page.getByTestId('runner-target').selectOption(profileId);
  await page.getByTestId('catalogue-search').fill('CONSENT-GRANTED-DURING-SCA');
  await page.getByTestId('select-check-CONSENT-GRANTED-DURING-SCA').check();
  await page.getByTestId('catalogue-search').fill('');
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 120_000 });
  await expect(page.getByTestId('run-target')).toContainText(bankUrl);
  await expect(page.getByTestId('result-CONSENT-GRANTED-DURING-SCA')).toHaveAttribute(
    'data-status',
    'PASS',
  );

  // The composer sends to it: a consent, signed by the keystore's QSealC, at the bank's URL.
  // Chosen in the Runner, it is the composer's target too: one list, one selection.
  await page.getByTestId('nav-composer').click();
  await expect(page.getByTestId('target-picker')).toHaveValue(profileId);
  // Its own tab: the tabs other journeys left stay as they were.
  await page.getByTestId('request-tab-new').click();
  const tabs = page.getByTestId('request-tab');
  const tabsBefore = await tabs.count();
  // This journey's tabs by their ids: earlier journeys may have left tabs of the same operations.
  const shownTab = page.locator('[data-testid="request-tab"][aria-current="true"]');
  const tabWithId = (id: string | null) =>
    page.locator(`[data-testid="request-tab"][data-tab="${id}"]`);
  const statusTab = await shownTab.getAttribute('data-tab');
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await expect(page.getByTestId('sent-request-line')).toHaveText(`POST ${bankUrl}/v1/consents`);
  const consentId = JSON.parse(await (await rawResponseBody(page)).innerText()).consentId as string;

  // The captured consentId fills the next request's path.
  await page.getByTestId('endpoint-picker').selectOption('getConsentStatus');
  await page.getByTestId('path-param-use-consentId').click();
  await expect(page.getByTestId('path-param-consentId')).toHaveValue(consentId);
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await expect(page.getByTestId('sent-request-line')).toHaveText(
    `GET ${bankUrl}/v1/consents/${consentId}/status`,
  );

  // A second tab with another form; the first keeps its own.
  await page.getByTestId('request-tab-new').click();
  await expect(tabs).toHaveCount(tabsBefore + 1);
  const informationTab = await shownTab.getAttribute('data-tab');
  await page.getByTestId('endpoint-picker').selectOption('getConsentInformation');
  await page.getByTestId('path-param-consentId').fill('{{consentId}}');
  await tabWithId(statusTab).click();
  await expect(page.getByTestId('endpoint-picker')).toHaveValue('getConsentStatus');
  await expect(page.getByTestId('path-param-consentId')).toHaveValue(consentId);
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await shot(page, testInfo, 'composer-tabs');

  // After a reload: the variables, the tabs and each tab's form are still there.
  await page.reload();
  await page.getByTestId('nav-composer').click();
  await expect(page.getByTestId('target-picker')).toHaveValue(profileId);
  await expect(tabs).toHaveCount(tabsBefore + 1);
  await expect(page.getByTestId('endpoint-picker')).toHaveValue('getConsentStatus');
  await expect(page.getByTestId('path-param-consentId')).toHaveValue(consentId);
  await tabWithId(informationTab).click();
  await expect(page.getByTestId('path-param-consentId')).toHaveValue('{{consentId}}');
  const variables = page.getByTestId('variables');
  await variables.locator('summary').click();
  await expect(page.getByTestId('variable-value-consentId')).toHaveText(consentId);
  await expect(page.getByTestId('prepared-request').locator('.request-line')).toContainText(
    `/v1/consents/${consentId}`,
  );

  // A new environment starts empty and becomes active; switching back brings the values back.
  await page.getByTestId('variables-new-environment').fill(`staging ${run}`);
  await page.getByTestId('variables-add-environment').click();
  await expect(page.getByTestId('variables-active-environment')).toHaveText(`staging ${run}`);
  await expect(page.getByTestId('target-picker-environment')).toHaveValue(`staging ${run}`);
  await expect(page.getByTestId('variable-consentId')).toHaveCount(0);
  await expect(page.getByTestId('draft-problems')).toContainText('No variable {{consentId}}');
  await page.getByTestId('target-picker-environment').selectOption('default');
  await expect(page.getByTestId('variable-value-consentId')).toHaveText(consentId);
  await shot(page, testInfo, 'composer-variables-environments');

  // Closing this journey's tabs and forgetting its profile: later journeys start as before.
  for (const id of [informationTab, statusTab])
    await tabWithId(id).locator('..').getByTestId('request-tab-close').click();
  await expect(tabs).toHaveCount(tabsBefore - 1);
  await page.getByTestId('nav-settings').click();
  await row.getByTestId('profile-remove').click();
  await expect(profiles.getByTestId('profile-row').filter({ hasText: profilePath })).toHaveCount(0);
  expectOnlyLoopback(requests);
});
