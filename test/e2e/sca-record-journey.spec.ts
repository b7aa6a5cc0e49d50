/**
 * Record SCA steps by clicking (docs/sca.md, "Recording SCA steps"): the tester turns Record on,
 * opens a consent's scaRedirect in the web host's SCA popup and clicks through the embedded
 * bank's pages (login typed key by key, context, every account ticked, confirm); the recording
 * becomes a PSU steps file, saved by download; Replay plays it in browser mode on a new consent's
 * scaRedirect with a screenshot per page; and the SCA checks pass with the saved file as a target
 * profile's browser-mode PSU steps (`workbench run --target-file`).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parsePsuSteps } from '../../main/core/tpp/psu-agent/steps.js';
import { test, expect, expectOnlyLoopback } from './fixtures';
import {
  ensureSandboxBankRunning,
  listSandboxCustomersInComposer,
  rawResponseBody,
  sendNewConsent,
  shot,
  signSandboxWithNewQsealc,
} from './steps';
import { createCerts, initProfile, startBankProcess, type BankProcess } from './bank-process';

const run = promisify(execFile);
let dir: string | undefined;
let bank: BankProcess | undefined;

test.afterAll(async () => {
  await bank?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('record SCA steps by clicking, save them, replay them in browser mode, pass the SCA checks with them', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(240_000);
  dir = await mkdtemp(join(tmpdir(), 'workbench-e2e-record-'));
  await page.goto(webHost.url);
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);
  const customers = await listSandboxCustomersInComposer(page);
  const psu = customers.find((c) => c.type === 'PRIVATE')!;

  // A consent, a new TPP session; Record on before opening its scaRedirect.
  await sendNewConsent(page);
  await page.getByTestId('sca-record-toggle').check();
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('open-sca').click();
  const popup = await popupOpened;
  await expect(page.getByTestId('sca-recording-status')).toBeVisible();

  // The tester clicks through the bank's pages, typing the login key by key.
  const login = popup.locator('[name="nationalIdentityNumber"]');
  // The bank's page puts the focus on its first field.
  await expect(login).toBeFocused();
  await login.pressSequentially(psu.nationalIdentityNumber);
  await popup.getByTestId('login').click();
  const context = popup.getByTestId('context-form');
  const consent = popup.getByTestId('consent-form');
  await expect(context.or(consent)).toBeVisible();
  const askedContext = await context.isVisible();
  if (askedContext) {
    await popup.getByTestId('context-private').check();
    await popup.getByTestId('choose').click();
  }
  await expect(consent).toBeVisible();
  for (const account of await consent.locator('input[type="checkbox"][name="account"]').all())
    await account.check();
  await shot(popup, testInfo, 'sca-record-consent');
  await popup.getByTestId('confirm').click();
  await expect(page.getByTestId('sca-success')).toBeVisible();
  await page.bringToFront();
  await expect(page.getByTestId('sca-recording-status')).toContainText('sent the PSU back');

  // Stop: the steps file, in the format the agents replay.
  await page.getByTestId('sca-record-stop').click();
  const shown = page.getByTestId('sca-recorded-steps');
  await expect(shown).toBeVisible();
  // The answer's scaRedirect is spent (its SCA ended): no Replay on it, but what to do instead.
  await expect(page.getByTestId('sca-replay')).toHaveCount(0);
  await expect(page.getByTestId('sca-replay-spent')).toHaveText(
    'This scaRedirect was used (its SCA ended); send the request again for a new link.',
  );
  const downloading = page.waitForEvent('download');
  await page.getByTestId('sca-record-save').click();
  const download = await downloading;
  // Named after the target and the day, not the relay's loopback port.
  expect(download.suggestedFilename()).toMatch(
    /^embedded-bank-sandbox-\d{4}-\d{2}-\d{2}\.psu-steps\.json$/,
  );
  const stepsFile = join(dir, 'recorded.psu-steps.json');
  await download.saveAs(stepsFile);
  const text = await readFile(stepsFile, 'utf8');
  expect(text).toBe(await shown.innerText().then((t) => t.trimEnd() + '\n'));
  const steps = parsePsuSteps(JSON.parse(text));
  expect(steps.pages.map((p) => p.name)).toEqual(
    askedContext ? ['login', 'context', 'consent'] : ['login', 'consent'],
  );
  const [loginPage] = steps.pages;
  expect(loginPage!.match).toEqual({ selector: '[data-step=login]' });
  // Eleven key presses, one fill with the whole number.
  expect(loginPage!.actions).toEqual([
    { fill: 'nationalIdentityNumber', value: psu.nationalIdentityNumber },
    { submit: 'action', value: 'login' },
  ]);
  const consentPage = steps.pages.at(-1)!;
  expect(consentPage.actions).toEqual([
    { expectRedirect: true },
    { tick: 'account', all: true },
    { submit: 'action', value: 'confirm' },
  ]);
  // No hidden field (the anti-forgery token) and no value the bank generated is in the file.
  expect(text).not.toMatch(/csrf|[0-9a-f]{8}-[0-9a-f]{4}-/);
  await shot(page, testInfo, 'sca-recorded-steps');

  // Replay in browser mode on a new consent's scaRedirect (once confirmed): a screenshot per page,
  // success.
  await sendNewConsent(page);
  await page.getByTestId('sca-replay').click();
  // What it will type where is shown first; it plays once confirmed.
  await expect(page.getByTestId('sca-replay-typing')).not.toHaveCount(0);
  await page.getByTestId('sca-replay-confirm-go').click();
  const outcome = page.getByTestId('sca-replay-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'success', { timeout: 60_000 });
  await expect(page.getByTestId('sca-replay-shot')).toHaveCount(steps.pages.length);
  // Readable at the panel's width, not a thumbnail; a click shows a screenshot at full size.
  const firstShot = page.getByTestId('sca-replay-shot-open').first();
  expect((await firstShot.locator('img').boundingBox())!.width).toBeGreaterThan(400);
  await firstShot.click();
  await expect(firstShot).toHaveAttribute('aria-pressed', 'true');
  await firstShot.click();
  await shot(page, testInfo, 'sca-replayed');
  // The replay's redirect counted for the PSU session: the new consent (status link) is valid.
  await page.getByTestId('follow-status').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await expect(await rawResponseBody(page)).toContainText('"consentStatus": "valid"');
  expectOnlyLoopback(requests);

  // The SCA checks with the saved file as the PSU steps of a target profile, in browser mode.
  const certs = join(dir, 'certs');
  await createCerts(certs);
  bank = await startBankProcess();
  const profilePath = await initProfile(bank.line, certs, dir);
  const profile = JSON.parse(await readFile(profilePath, 'utf8')) as Record<string, unknown>;
  await writeFile(
    profilePath,
    JSON.stringify({ ...profile, sca: { mode: 'browser', script: stepsFile } }, null, 2),
  );
  const ran = await run(
    process.execPath,
    [
      'bin/workbench.js',
      'run',
      '--target-file',
      profilePath,
      '--grep',
      'CONSENT-GRANTED-DURING-SCA',
      '--out',
      join(dir, 'report'),
      '--json',
    ],
    { timeout: 120_000 },
  ).catch((error: { stdout: string; stderr: string }) => error);
  const summary = JSON.parse(ran.stdout.trim().split('\n').at(-1)!) as {
    exitCode: number;
    counts: Record<string, number>;
  };
  expect(ran.stderr).toMatch(/PASS\s+CONSENT-GRANTED-DURING-SCA/);
  expect(summary.counts).toMatchObject({ PASS: 1 });
  expect(summary.exitCode).toBe(0);
});
