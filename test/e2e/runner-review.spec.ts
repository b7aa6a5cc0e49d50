/**
 * A check a person reviews (REVIEW, docs/ci.md "Checks a person reviews"): a `workbench bank`
 * process, a target profile whose PSU agent plays the SCA pages in Chromium (screenshots), and
 * CONSENT-SCREEN-KEEPS-GRANTED-TICKED run from the Runner. It ends REVIEW with its screenshots;
 * the reviewer fails it with a note, the counts move from REVIEW to FAIL, a reload shows the
 * decision kept, and the view is clean for axe-core.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations } from './a11y';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shot } from './steps';
import { createCerts, initProfile, startBankProcess, type BankProcess } from './bank-process';
import { browserExecutable } from '../support/test-browser';

const CHECK = 'CONSENT-SCREEN-KEEPS-GRANTED-TICKED';
const count = async (page: Page, status: string) =>
  Number(await page.getByTestId(`run-count-${status}`).innerText());

let dir: string;
let bank: BankProcess | undefined;

test.afterAll(async () => {
  await bank?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('a check that ends REVIEW is decided by a person, and the decision is kept', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(240_000);
  dir = await mkdtemp(join(tmpdir(), 'workbench-e2e-review-'));
  const certs = join(dir, 'certs');
  await createCerts(certs);
  bank = await startBankProcess([]);
  const profilePath = await initProfile(bank.line, certs, dir);
  // The same profile, its PSU in Chromium: each SCA page is a screenshot in the evidence.
  const profile = JSON.parse(await readFile(profilePath, 'utf8')) as Record<string, unknown>;
  const executablePath = browserExecutable();
  profile['sca'] = { mode: 'browser', ...(executablePath ? { executablePath } : {}) };
  await writeFile(profilePath, JSON.stringify(profile, null, 2));

  await page.goto(webHost.url);
  await page.getByTestId('nav-settings').click();
  const profiles = page.getByTestId('profiles');
  const rows = profiles.getByTestId('profile-row');
  const rowsBefore = await rows.count();
  await profiles.getByTestId('profile-path-input').fill(profilePath);
  await profiles.getByTestId('profile-add').click();
  const row = rows.filter({ hasText: profilePath });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('profile-sca')).toHaveText('browser');
  const profileId = (await row.getAttribute('data-profile'))!;

  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('coverage-count-all')).not.toHaveText('0');
  await page.getByTestId('runner-target').selectOption(profileId);
  await page.getByTestId('catalogue-search').fill(CHECK);
  await page.getByTestId(`select-check-${CHECK}`).check();
  await page.getByTestId('catalogue-search').fill('');
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 180_000 });

  // The automated part passed, the pages are a person's to judge: REVIEW, not PASS.
  const result = page.getByTestId(`result-${CHECK}`);
  await expect(result).toHaveAttribute('data-status', 'REVIEW');
  expect(await count(page, 'REVIEW')).toBe(1);
  expect(await count(page, 'FAIL')).toBe(0);
  await result.getByRole('button').click();
  const panel = page.getByTestId('review-panel');
  await expect(panel.getByTestId('review-for')).toContainText('checkbox list');
  expect(await panel.locator('img').count()).toBeGreaterThan(0);
  await shot(page, testInfo, 'runner-review-awaiting-dark');
  expect(await axeViolations(page, testInfo, 'runner-review')).toEqual([]);

  await panel.getByTestId('review-note').fill('the second page shows no ticked account');
  await panel.getByTestId('review-fail').click();
  await expect(result).toHaveAttribute('data-status', 'FAIL');
  await expect(panel.getByTestId('review-decision')).toContainText(
    'the second page shows no ticked account',
  );
  await expect(page.getByTestId('run-count-FAIL')).toHaveText('1');
  await expect(page.getByTestId('run-count-REVIEW')).toHaveText('0');

  // Kept in the run by main: a reload reads the decision back.
  await page.reload();
  await page.getByTestId('nav-runner').click();
  const again = page.getByTestId(`result-${CHECK}`);
  await expect(again).toHaveAttribute('data-status', 'FAIL');
  await again.getByRole('button').click();
  await expect(page.getByTestId('review-decision')).toContainText('FAIL');
  await expect(page.getByTestId('review-decision')).toContainText('no ticked account');
  await shot(page, testInfo, 'runner-review-decided-dark');

  await page.getByTestId('nav-settings').click();
  await page
    .getByTestId('profiles')
    .getByTestId('profile-row')
    .filter({ hasText: profilePath })
    .getByTestId('profile-remove')
    .click();
  await expect(rows).toHaveCount(rowsBefore);
  expectOnlyLoopback(requests);
});
