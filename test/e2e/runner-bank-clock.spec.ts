/**
 * The Runner's pre-flight of the bank clock, as `workbench run` does it: a profile
 * target whose bank clock (its admin API) is a day ahead shows the warning above the run buttons
 * with "Reset the bank clock"; the button sets the bank clock back to real time and the warning
 * goes.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { createCerts, initProfile, startBankProcess, type BankProcess } from './bank-process';
import { DAY_MS } from '../../main/shared/calendar';

let dir: string;
let bank: BankProcess | undefined;

test.afterAll(async () => {
  await bank?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('a bank clock a day ahead: the Runner warns before the run and sets it back on request', async ({
  page,
  webHost,
}) => {
  test.setTimeout(180_000);
  dir = await mkdtemp(join(tmpdir(), 'workbench-e2e-clock-'));
  const certs = join(dir, 'certs');
  await createCerts(certs);
  bank = await startBankProcess(['--admin']);
  const admin = (bank.line as unknown as { admin: { url: string; token: string } }).admin;
  const clock = async (body?: object) => {
    const response = await fetch(`${admin.url.replace(/\/+$/, '')}/clock`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${admin.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return Date.parse(((await response.json()) as { now: string }).now);
  };
  const profilePath = await initProfile(bank.line, certs, dir);
  // The UI reads only WORKBENCH_PROFILE_* variables: the token goes in the file for this journey.
  const profile = JSON.parse(await readFile(profilePath, 'utf8')) as Record<string, unknown>;
  await writeFile(profilePath, JSON.stringify({ ...profile, admin }));
  await clock({ set: new Date(Date.now() + DAY_MS).toISOString() });

  await page.goto(webHost.url);
  await page.getByTestId('nav-settings').click();
  const profiles = page.getByTestId('profiles');
  await profiles.getByTestId('profile-path-input').fill(profilePath);
  await profiles.getByTestId('profile-add').click();
  const row = profiles.getByTestId('profile-row').filter({ hasText: profilePath });
  await expect(row.getByTestId('profile-state')).toHaveText('reads');
  const profileId = (await row.getAttribute('data-profile'))!;

  await page.getByTestId('nav-runner').click();
  await page.getByTestId('runner-target').selectOption(profileId);
  const warning = page.getByTestId('runner-bank-clock');
  await expect(warning).toContainText('the bank clock is 1 d 0 h ahead of real time');
  await page.getByTestId('runner-reset-bank-clock').click();
  await expect(warning).toHaveCount(0);
  expect(Math.abs((await clock()) - Date.now())).toBeLessThan(5_000);
  // An embedded bank has no such warning.
  await page.getByTestId('runner-target').selectOption('embedded-sandbox');
  await expect(warning).toHaveCount(0);
});
