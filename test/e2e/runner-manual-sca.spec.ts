/**
 * Manual SCA from the Runner: a target profile written by the Targets screen's form with
 * `"sca": { "mode": "manual" }` against a second `workbench bank` process. The consent check
 * WAITS; the Runner shows its SCA link and what to do; the test opens the SCA window from the
 * Runner and completes the bank's pages there as the PSU the instructions name; the bank's
 * redirect reaches the run's loopback listener and the check goes on and PASSES.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shot } from './steps';
import { createCerts, startBankProcess, type BankProcess } from './bank-process';

const CHECK = 'CONSENT-GRANTED-DURING-SCA';

let dir: string;
let bank: BankProcess | undefined;

test.afterAll(async () => {
  await bank?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('a check waits for manual SCA, the SCA window opens from the Runner, and the check passes', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(180_000);
  dir = await mkdtemp(join(tmpdir(), 'workbench-e2e-manual-'));
  const certs = join(dir, 'certs');
  await createCerts(certs);
  bank = await startBankProcess();
  const bankUrl = bank.line.url;

  // The profile, written by the UI from its form.
  await page.goto(webHost.url);
  await page.getByTestId('nav-settings').click();
  const profiles = page.getByTestId('profiles');
  await profiles.getByTestId('profile-create').click();
  const form = profiles.getByTestId('profile-form');
  const profilePath = join(dir, 'profiles', 'manual.json');
  await form.getByTestId('profile-form-path').fill(profilePath);
  await form.getByTestId('profile-form-name').fill('Bank process, manual SCA');
  await form.getByTestId('profile-form-url').fill(bankUrl);
  await form.getByTestId('profile-form-mode').selectOption('sandbox');
  await form.getByTestId('profile-form-sign-cert').fill(join(certs, 'qsealc.pem'));
  await form.getByTestId('profile-form-sign-key').fill(join(certs, 'no-such-key.pem'));
  await form.getByTestId('profile-form-sca').selectOption('manual');
  await form.getByTestId('profile-form-sca-timeout').fill('120');
  // A key file that is not there: refused naming the JSON path, and nothing is written.
  await form.getByTestId('profile-form-save').click();
  await expect(profiles.getByTestId('profile-error')).toContainText('/signing/key');
  await expect(profiles.getByTestId('profile-error')).toContainText('ENOENT');
  expect(existsSync(profilePath)).toBe(false);
  await form.getByTestId('profile-form-sign-key').fill(join(certs, 'qsealc.key.pem'));
  await shot(page, testInfo, 'targets-profile-form-dark');
  await form.getByTestId('profile-form-save').click();
  await expect(form).toHaveCount(0);
  // Other journeys in this web host may have added profiles of their own.
  const row = profiles.getByTestId('profile-row').filter({ hasText: profilePath });
  await expect(row.getByTestId('profile-name')).toHaveText('Bank process, manual SCA');
  await expect(row.getByTestId('profile-sca')).toHaveText('manual');
  const written = JSON.parse(await readFile(profilePath, 'utf8')) as Record<string, unknown>;
  expect(written).toMatchObject({
    profileVersion: 1,
    baseUrl: bankUrl,
    mode: 'sandbox',
    sca: { mode: 'manual', timeoutSeconds: 120 },
  });
  const profileId = (await row.getAttribute('data-profile'))!;

  // One SCA-dependent check against it: it waits for a person.
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('coverage-count-all')).not.toHaveText('0');
  await page.getByTestId('runner-target').selectOption(profileId);
  await page.getByTestId('catalogue-search').fill(CHECK);
  await page.getByTestId(`select-check-${CHECK}`).check();
  await expect(page.getByTestId('run-selected')).toHaveText('Run selected (1)');
  await page.getByTestId('run-selected').click();
  const waiting = page.getByTestId('waiting-check');
  await expect(waiting).toHaveAttribute('data-check', CHECK, { timeout: 30_000 });
  await expect(waiting.getByTestId('waiting-status')).toHaveAttribute('data-status', 'WAITING');
  await expect(waiting.getByTestId('waiting-link')).toHaveAttribute(
    'href',
    new RegExp(`^${bankUrl.replace(/[.:/]/g, '\\$&')}/sca/`),
  );
  const instructions = await waiting.getByTestId('waiting-instructions').innerText();
  const login = /log in as (\d+)/.exec(instructions)?.[1];
  expect(login, instructions).toBeDefined();
  await expect(page.getByTestId('run-state')).toHaveText('running');
  await shot(page, testInfo, 'runner-waiting-dark');

  // The target is the run's while it runs: the composer's switcher (the same choice) is locked,
  // and says why.
  await page.getByTestId('nav-composer').click();
  await expect(page.getByTestId('target-picker')).toBeDisabled();
  await expect(page.getByTestId('target-picker-environment')).toBeDisabled();
  await expect(page.getByTestId('target-picker-locked')).toContainText('a run is in progress');
  await page.getByTestId('nav-runner').click();

  // A reload still shows the waiting check (the run summary keeps it).
  await page.reload();
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('waiting-check')).toHaveAttribute('data-check', CHECK);

  // The SCA window, opened from the Runner: the bank's pages, completed as the PSU named.
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('waiting-open-sca').click();
  const popup = await popupOpened;
  await popup.locator('[name="nationalIdentityNumber"]').fill(login!);
  await popup.getByTestId('login').click();
  const context = popup.getByTestId('context-form');
  const consent = popup.getByTestId('consent-form');
  await expect(context.or(consent)).toBeVisible();
  if (await context.isVisible()) {
    await popup.getByTestId('context-private').check();
    await popup.getByTestId('choose').click();
  }
  await expect(consent).toBeVisible();
  for (const account of await consent.locator('input[type="checkbox"][name="account"]').all())
    await account.check();
  await shot(popup, testInfo, 'runner-sca-window-consent');
  await popup.getByTestId('confirm').click();

  // The redirect reached the run: the check goes on, and passes.
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 60_000 });
  await expect(page.getByTestId('waiting-check')).toHaveCount(0);
  await expect(page.getByTestId(`result-${CHECK}`)).toHaveAttribute('data-status', 'PASS');
  await expect(page.getByTestId('run-count-PASS')).toHaveText('1');
  await page.getByTestId('nav-composer').click();
  await expect(page.getByTestId('target-picker')).toBeEnabled();
  await expect(page.getByTestId('target-picker-locked')).toHaveCount(0);
  await shot(page, testInfo, 'runner-manual-sca-passed-dark');

  // Forgotten again (its file stays): the next journey in this web host starts without it.
  await page.getByTestId('nav-settings').click();
  await row.getByTestId('profile-remove').click();
  await expect(row).toHaveCount(0);
  // The page itself spoke only to the web host; the SCA window is the bank's, on loopback too.
  expectOnlyLoopback(requests);
});
