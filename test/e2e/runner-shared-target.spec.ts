/**
 * One target for the composer and the Runner (docs/targets.md, docs/variables.md): a profile
 * chosen in the composer is the bank the Runner runs against, with the environment chosen there,
 * which the run names; a target chosen in the Runner is the composer's; a profile that stopped
 * reading is listed but cannot run, with the reason. The bank is a `workbench bank` started as its
 * own process.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shot } from './steps';
import { createCerts, initProfile, startBankProcess, type BankProcess } from './bank-process';

let dir: string;
let bank: BankProcess | undefined;

test.afterAll(async () => {
  await bank?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Adds a profile file in Settings → Targets and returns its id. */
async function addProfile(page: Page, path: string): Promise<string> {
  await page.getByTestId('nav-settings').click();
  const profiles = page.getByTestId('profiles');
  await profiles.getByTestId('profile-path-input').fill(path);
  await profiles.getByTestId('profile-add').click();
  const row = profiles.getByTestId('profile-row').filter({ hasText: path });
  await expect(row.getByTestId('profile-state')).toHaveText('reads');
  return (await row.getAttribute('data-profile'))!;
}

async function removeProfile(page: Page, path: string): Promise<void> {
  await page.getByTestId('nav-settings').click();
  const row = page.getByTestId('profiles').getByTestId('profile-row').filter({ hasText: path });
  await row.getByTestId('profile-remove').click();
  await expect(row).toHaveCount(0);
}

test('the composer and the Runner share one target and its environment', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(240_000);
  dir = await mkdtemp(join(tmpdir(), 'workbench-e2e-shared-target-'));
  const certs = join(dir, 'certs');
  await createCerts(certs);
  bank = await startBankProcess();
  const bankUrl = bank.line.url;
  const profilePath = await initProfile(bank.line, certs, dir);
  const environment = `customer ${randomUUID().slice(0, 8)}`;

  await page.goto(webHost.url);
  const profileId = await addProfile(page, profilePath);

  // Chosen in the composer, with a new environment of its own.
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption(profileId);
  await page.getByTestId('variables').locator('summary').click();
  await page.getByTestId('variables-new-environment').fill(environment);
  await page.getByTestId('variables-add-environment').click();
  await expect(page.getByTestId('target-picker-environment')).toHaveValue(environment);

  // The Runner shows the same target and environment, and runs against that bank.
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('coverage-count-all')).not.toHaveText('0');
  await expect(page.getByTestId('runner-target')).toHaveValue(profileId);
  await expect(page.getByTestId('runner-target-environment')).toHaveValue(environment);
  await expect(page.getByTestId('runner-subtitle')).toContainText(bankUrl);
  await expect(page.getByTestId('runner-profile-note')).toBeVisible();
  await page.getByTestId('catalogue-search').fill('SIGN-ACCEPTS-VALID');
  await page.getByTestId('select-check-SIGN-ACCEPTS-VALID').first().check();
  await page.getByTestId('catalogue-search').fill('');
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 120_000 });
  await expect(page.getByTestId('run-target')).toContainText(bankUrl);
  await expect(page.getByTestId('result-SIGN-ACCEPTS-VALID')).toHaveAttribute(
    'data-status',
    'PASS',
  );
  // The run names the environment it ran in.
  await expect(page.getByTestId('run-picker').locator('option:checked')).toContainText(
    `environment ${environment}`,
  );
  await shot(page, testInfo, 'runner-shared-target');

  // The reverse: chosen in the Runner, it is the composer's target.
  await page.getByTestId('runner-target').selectOption('embedded-sandbox');
  await expect(page.getByTestId('runner-target-environment')).toHaveValue('default');
  await page.getByTestId('nav-composer').click();
  await expect(page.getByTestId('target-picker')).toHaveValue('embedded-sandbox');
  await page.getByTestId('nav-runner').click();
  await page.getByTestId('runner-target').selectOption(profileId);
  await page.getByTestId('nav-composer').click();
  await expect(page.getByTestId('target-picker')).toHaveValue(profileId);
  await expect(page.getByTestId('target-picker-environment')).toHaveValue(environment);
  // Its own tab, closed after: the tabs other journeys left stay as they were.
  const tabs = page.getByTestId('request-tab');
  const tabsBefore = await tabs.count();
  await page.getByTestId('request-tab-new').click();
  await page.getByTestId('endpoint-picker').selectOption('createConsent');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await expect(page.getByTestId('sent-request-line')).toHaveText(`POST ${bankUrl}/v1/consents`);
  await page.locator('.request-tab.active').getByTestId('request-tab-close').click();
  await expect(tabs).toHaveCount(tabsBefore);

  // A profile that no longer reads is listed in the Runner, disabled, with the reason.
  const brokenPath = join(dir, 'broken.json');
  await writeFile(brokenPath, await readFile(profilePath));
  const brokenId = await addProfile(page, brokenPath);
  await writeFile(brokenPath, '{ "profileVersion": 1,');
  await page.reload();
  await page.getByTestId('nav-runner').click();
  const broken = page.getByTestId('runner-target').locator(`option[value="${brokenId}"]`);
  await expect(broken).toBeDisabled();
  await expect(broken).toContainText('disabled: does not read');
  await expect(broken).toHaveAttribute('title', /^the profile does not read: /);
  await expect(page.getByTestId('runner-target')).toHaveValue(profileId);

  await removeProfile(page, brokenPath);

  // An external target (no profile) is the composer's to send to; the Runner says why it cannot run.
  await page.getByTestId('nav-settings').click();
  const targets = page.getByTestId('targets');
  await targets.getByTestId('target-add').click();
  const externalName = `By hand ${environment}`;
  await targets.getByTestId('target-name').fill(externalName);
  await targets.getByTestId('target-base-url').fill(bankUrl);
  await targets.getByTestId('target-save').click();
  const externalRow = targets.getByTestId('target-row').filter({ hasText: externalName });
  const externalId = (await externalRow.getAttribute('data-target'))!;
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption(externalId);
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('runner-target')).toHaveValue(externalId);
  await expect(page.getByTestId('runner-target-unusable')).toContainText(
    'cannot be used here: a run needs a target profile',
  );
  await expect(page.getByTestId('run-all')).toBeDisabled();
  await expect(page.getByTestId('fault-picker')).toHaveCount(0);
  await shot(page, testInfo, 'runner-external-target-unusable');
  await page.getByTestId('nav-settings').click();
  await externalRow.getByRole('button', { name: 'Remove' }).click();
  await expect(externalRow).toHaveCount(0);

  await removeProfile(page, profilePath);
  expectOnlyLoopback(requests);
});
