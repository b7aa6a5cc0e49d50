/**
 * The Runner against a bank by URL through a target profile: a second `workbench bank` process
 * (started with a fault profile in its state, so one signing rule is broken), the TPP's
 * certificates and a profile from the CLI, the profile added in Settings → Targets (bad paths and
 * files refused with the reason), the signing suite and two SCA-dependent checks run from the
 * Runner, and the failing check's evidence: its assertion and the exchange with the bank's URL.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shot } from './steps';
import {
  createCerts,
  initProfile,
  startBankProcess,
  writeFaultSnapshot,
  type BankProcess,
} from './bank-process';

const count = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).innerText());

let dir: string;
let bank: BankProcess | undefined;

test.afterAll(async () => {
  await bank?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('run the signing suite and SCA checks against a bank by URL through a target profile', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(240_000);
  dir = await mkdtemp(join(tmpdir(), 'workbench-e2e-profile-'));
  const certs = join(dir, 'certs');
  await createCerts(certs);
  // The bank answers 401 where §5.2 wants 400 for a signature that does not verify.
  const state = join(dir, 'state.json');
  await writeFaultSnapshot(state, ['SIGN-INVALID-400']);
  bank = await startBankProcess(['--state', state]);
  const bankUrl = bank.line.url;
  const profilePath = await initProfile(bank.line, certs, dir);

  await page.goto(webHost.url);
  await page.getByTestId('nav-settings').click();
  const profiles = page.getByTestId('profiles');
  // Other journeys in this web host may have added profiles of their own, and the list loads
  // after the page: rows are found by path, never counted.
  const rows = profiles.getByTestId('profile-row');
  const shown = (path: string) =>
    profiles.getByTestId('profile-path').getByText(path, { exact: true });

  // Bad input is refused with what was wrong: a missing file, a file that is not JSON, a
  // profile with a field the schema does not know, a relative path.
  const missing = join(dir, 'no-such-profile.json');
  await profiles.getByTestId('profile-path-input').fill(missing);
  await profiles.getByTestId('profile-add').click();
  await expect(profiles.getByTestId('profile-error')).toContainText(missing);
  await expect(profiles.getByTestId('profile-error')).toContainText('cannot read it (ENOENT)');
  const notJson = join(dir, 'not-json.json');
  await writeFile(notJson, '{ "profileVersion": 1,');
  await profiles.getByTestId('profile-path-input').fill(notJson);
  await profiles.getByTestId('profile-add').click();
  await expect(profiles.getByTestId('profile-error')).toContainText('not JSON');
  const badField = join(dir, 'bad-field.json');
  await writeFile(
    badField,
    JSON.stringify({ profileVersion: 1, baseUrl: bankUrl, mode: 'sandbox', signing: {} }),
  );
  await profiles.getByTestId('profile-path-input').fill(badField);
  await profiles.getByTestId('profile-add').click();
  await expect(profiles.getByTestId('profile-error')).toContainText('/signing');
  await profiles.getByTestId('profile-path-input').fill('profile.json');
  await profiles.getByTestId('profile-add').click();
  await expect(profiles.getByTestId('profile-error')).toContainText('relative path');
  for (const refused of [missing, notJson, badField, 'profile.json'])
    await expect(shown(refused)).toHaveCount(0);

  // The profile `workbench target init` wrote: its name, URL, mode and SCA mode.
  await profiles.getByTestId('profile-path-input').fill(profilePath);
  await profiles.getByTestId('profile-add').click();
  const row = rows.filter({ hasText: profilePath });
  await expect(row).toHaveCount(1);
  await expect(profiles.getByTestId('profile-error')).toHaveCount(0);
  await expect(row.getByTestId('profile-url')).toHaveText(bankUrl);
  await expect(row.getByTestId('profile-sca')).toHaveText('headless');
  await expect(row.getByTestId('profile-state')).toHaveText('reads');
  await expect(row).toContainText('sandbox');
  const profileId = (await row.getAttribute('data-profile'))!;
  await shot(page, testInfo, 'targets-profile-added-dark');

  // The pre-flight before the run, as `workbench doctor`: the bank answers in the profile's mode,
  // the key is the certificate's, and nothing FAILs.
  await row.getByTestId('profile-preflight').click();
  const preflight = profiles.getByTestId('preflight');
  await expect(preflight).toBeVisible({ timeout: 30_000 });
  await expect(preflight).toHaveAttribute('data-ok', 'true');
  for (const check of ['profile', 'key-matches-certificate', 'reachable', 'mode'])
    await expect(
      preflight.locator(`[data-testid="preflight-line"][data-check="${check}"]`),
    ).toHaveAttribute('data-status', 'PASS');
  await expect(preflight.locator('[data-status="FAIL"]')).toHaveCount(0);
  await shot(page, testInfo, 'targets-profile-preflight-dark');

  // The Runner lists it beside the embedded banks; fault profiles are for those only.
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('coverage-count-all')).not.toHaveText('0');
  await page.getByTestId('runner-target').selectOption(profileId);
  await expect(page.getByTestId('runner-profile-note')).toBeVisible();
  // The subtitle names the profile's bank, not the embedded one.
  await expect(page.getByTestId('runner-subtitle')).toContainText(bankUrl);
  await expect(page.getByTestId('runner-subtitle')).not.toContainText('embedded');
  await expect(page.getByTestId('fault-picker')).toHaveCount(0);
  await page.getByTestId('select-area-signing').check();
  for (const id of ['CONSENT-GRANTED-DURING-SCA', 'CONSENT-NO-AIS-BEFORE-GRANT']) {
    await page.getByTestId('catalogue-search').fill(id);
    await page.getByTestId(`select-check-${id}`).check();
  }
  await page.getByTestId('catalogue-search').fill('');
  const selected = Number(
    /\((\d+)\)/.exec(await page.getByTestId('run-selected').innerText())?.[1] ?? 0,
  );
  expect(selected).toBeGreaterThan(2);
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 120_000 });
  await expect(page.getByTestId('run-done')).toHaveText(`${selected} of ${selected} checks`);
  // The run is named by its bank: the profile's name and URL.
  await expect(page.getByTestId('run-target')).toContainText(bankUrl);
  const urlRunId = await page.getByTestId('run-picker').inputValue();
  expect(await count(page, 'run-count-FAIL')).toBeGreaterThanOrEqual(1);
  expect(await count(page, 'run-count-PASS')).toBeGreaterThan(selected / 2);
  // SCA completed against the bank's own pages (headless) for the consent checks.
  await expect(page.getByTestId('result-CONSENT-GRANTED-DURING-SCA')).toHaveAttribute(
    'data-status',
    'PASS',
  );
  await shot(page, testInfo, 'runner-profile-run-dark');

  // The failing check's evidence: the assertion and the exchange with the bank at its URL.
  await page.getByTestId('result-filter-FAIL').click();
  const failedRow = page.getByTestId('result-SIGN-INVALID-SIGNATURE-400');
  await expect(failedRow).toHaveAttribute('data-status', 'FAIL');
  await failedRow.getByRole('button').click();
  const evidence = page.getByTestId('check-evidence');
  await expect(evidence.getByTestId('evidence-status')).toHaveText(/FAIL/);
  await expect(evidence.getByTestId('evidence-assertion-what')).toHaveText(
    'request with a signature that does not verify',
  );
  await expect(evidence.getByTestId('evidence-expected')).toHaveText('400');
  await expect(evidence.getByTestId('evidence-actual')).toHaveText('401');
  // The positive control first (the same request signed: 201), then the refusal judged (401).
  const exchanges = evidence.getByTestId('exchange');
  await expect(exchanges.first().getByTestId('exchange-status')).toHaveText('201');
  const exchange = exchanges.filter({
    has: page.getByTestId('exchange-status').filter({ hasText: /^401$/ }),
  });
  await expect(exchange).toHaveCount(1);
  await expect(exchange).toContainText(`${bankUrl}/v1/`);
  await shot(page, testInfo, 'runner-profile-evidence-dark');

  // The same suite against the embedded sandbox: the run list names both banks, and comparing
  // the two says they are different banks.
  await page.getByTestId('runner-target').selectOption('embedded-sandbox');
  await expect(page.getByTestId('runner-subtitle')).toContainText('embedded bank (sandbox)');
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 120_000 });
  await expect(page.getByTestId('run-target')).toHaveText('embedded bank (sandbox)');
  const embeddedRunId = await page.getByTestId('run-picker').inputValue();
  expect(embeddedRunId).not.toBe(urlRunId);
  const runOption = (runId: string) =>
    page.getByTestId('run-picker').locator(`option[value="${runId}"]`);
  await expect(runOption(urlRunId)).toContainText(bankUrl);
  await expect(runOption(embeddedRunId)).toContainText('embedded bank (sandbox)');
  await expect(runOption(embeddedRunId)).not.toContainText(bankUrl);
  await expect(page.getByTestId('export-target')).toContainText('embedded bank (sandbox)');
  await page.getByTestId('compare-current').selectOption(embeddedRunId);
  await page.getByTestId('compare-previous').selectOption(urlRunId);
  await expect(page.getByTestId('compare-banks-differ')).toContainText(bankUrl);
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('comparison-banks-differ')).toContainText('Two different banks');
  await expect(page.getByTestId('comparison-summary')).toContainText(bankUrl);
  await shot(page, testInfo, 'runner-compare-two-banks');

  // Forgotten again (its file stays): the next journey in this web host starts without it.
  await page.getByTestId('nav-settings').click();
  await row.getByTestId('profile-remove').click();
  await expect(shown(profilePath)).toHaveCount(0);
  expectOnlyLoopback(requests);
});
