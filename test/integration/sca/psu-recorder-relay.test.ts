/**
 * Recording through the web host's relay in Chromium (main/hosts/web/sca-record-proxy.ts,
 * docs/sca.md "Recording SCA steps"): a tester clicks through "Fjordbank" (test/unit/tpp/
 * fjordbank.ts: username, a password field, a code shown on the page, a profile <select>,
 * account boxes); the recorder in the relayed pages reports back; the steps hold the password as
 * ${env:WORKBENCH_PROFILE_PSU_PASSWORD} and never its value, read the code from the page, and replay in browser mode
 * with the password from the environment (and refuse to start without it).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import { has } from '../../support/machine';
import {
  launchPsuBrowser,
  runBrowserPsuAgent,
} from '../../../main/core/tpp/psu-browser/browser-agent.js';
import { startScaRecordRelay } from '../../../main/hosts/web/sca-record-proxy.js';
import { ScaRecordings } from '../../../main/api/services/tpp/sca-recordings.js';
import type { PsuSteps } from '../../../main/core/tpp/psu-agent/steps.js';
import {
  FJORD_CODE,
  FJORD_PASSWORD,
  startFjordbank,
  type Fjordbank,
} from '../../unit/tpp/fjordbank.js';

const hasChromium = has('chromium');
const LOGIN = '15038512363';

describe.skipIf(!hasChromium)('recording SCA steps through the relay in Chromium', () => {
  let browser: Browser;
  let fjord: Fjordbank;

  beforeAll(async () => {
    browser = await launchPsuBrowser();
    fjord = await startFjordbank();
  });
  afterAll(async () => {
    await browser?.close();
    await fjord?.close();
  });

  it('records a password as ${env:WORKBENCH_PROFILE_PSU_PASSWORD}, a shown code as a read, and replays', async () => {
    const recordings = new ScaRecordings();
    const sink = recordings.start('attempt-1', new Date());
    const relay = await startScaRecordRelay({ url: fjord.start('session-1'), recording: sink });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // The TPP is not reachable here: the redirect's navigation is answered by the test.
      await page.route('http://tpp.invalid/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<p>TPP</p>' }),
      );
      await page.goto(relay.url);
      await page.locator('#u').pressSequentially(LOGIN);
      await page.locator('#p').pressSequentially(FJORD_PASSWORD);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.locator('[name=otp]').fill(FJORD_CODE);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.locator('#profile').selectOption('p');
      await page.locator('#a2').check();
      await page.getByRole('button', { name: 'Accept' }).click();
      await page.waitForURL('http://tpp.invalid/**');
      await vi.waitFor(() => expect(recordings.view('attempt-1').redirected).toBe(true), {
        timeout: 10_000,
      });
    } finally {
      await context.close();
      await relay.close();
    }

    const view = recordings.view('attempt-1', true);
    expect(view.problem).toBeUndefined();
    const text = view.file!.text;
    expect(text).not.toContain(FJORD_PASSWORD);
    expect(text).not.toContain(FJORD_CODE);
    expect(view.secrets).toEqual(['WORKBENCH_PROFILE_PSU_PASSWORD']);
    const steps = view.steps as PsuSteps;
    expect(steps.pages.map((p) => [p.match, p.actions])).toEqual([
      [
        { selector: 'form[id=login-form]', path: '^/auth/login$' },
        [
          { fill: 'username', value: LOGIN },
          { fill: 'password', value: '${env:WORKBENCH_PROFILE_PSU_PASSWORD}' },
          { submit: '', label: 'Continue' },
        ],
      ],
      [
        { path: '^/auth/otp$' },
        [
          { read: 'span[data-otp]', into: 'read_otp' },
          { fill: 'otp', value: '${read_otp}' },
          { submit: '', label: 'Verify' },
        ],
      ],
      [
        { path: '^/consent/[^/]+$' },
        [
          { expectRedirect: true },
          { choose: 'profile', value: 'p', by: ['value'] },
          { tick: 'accounts', values: ['a2'], by: ['value'] },
          { untick: 'accounts', values: ['a1'], by: ['value'] },
          { submit: 'decision', value: 'accept' },
        ],
      ],
    ]);

    // Replay in browser mode on a new session: the password from the environment.
    const shots: string[] = [];
    const replayed = await runBrowserPsuAgent(
      fjord.start('session-2'),
      { nationalIdentityNumber: '' },
      {
        browser,
        steps,
        redirectUri: fjord.redirectUri,
        env: { WORKBENCH_PROFILE_PSU_PASSWORD: FJORD_PASSWORD },
        onScreenshot: (shot) => shots.push(shot.step),
      },
    );
    expect(replayed.redirect).toMatchObject({ outcome: 'success', context: 'PRIVATE' });
    expect(shots).toHaveLength(3);
    const consent = fjord.submissions.at(-1)!;
    expect(consent.fields).toContainEqual(['accounts', 'a2']);
    expect(consent.fields).not.toContainEqual(['accounts', 'a1']);

    await expect(
      runBrowserPsuAgent(
        fjord.start('session-3'),
        { nationalIdentityNumber: '' },
        {
          browser,
          steps,
          env: {},
        },
      ),
    ).rejects.toThrow(/WORKBENCH_PROFILE_PSU_PASSWORD \(pages\[0\]\.actions\[1\]\)/);
  });
});
