/**
 * Recording through the web host's relay in Chromium (main/hosts/web/sca-record-proxy.ts,
 * docs/sca.md "Recording SCA steps"): a tester clicks through "Fjordbank" (test/unit/tpp/
 * fjordbank.ts: username, a password field, a code shown on the page, a profile <select>,
 * account boxes); the recorder in the relayed pages reports back; the steps hold the password as
 * ${env:WORKBENCH_PROFILE_PSU_PASSWORD} and never its value, read the code from the page, and
 * replay in browser mode with the password from the environment (and refuse to start without it).
 * The relayed pages live on a host name of their own: they neither read another loopback
 * service's cookies nor set one it receives.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
    // Named after the bank, not the relay's random host name.
    expect(steps.name).toBe(`recorded-127.0.0.1-${new URL(fjord.start('x')).port}`);
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

  it("keeps the bank's pages apart from the cookies of other loopback services", async () => {
    // Another service on 127.0.0.1 (the workbench's web host, say): it sets a cookie, and shows
    // which cookies it receives.
    const other: Server = createServer((req, res) => {
      if (req.url === '/set') res.setHeader('set-cookie', 'other=secret; Path=/');
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`cookie: ${req.headers.cookie ?? ''}`);
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const recordings = new ScaRecordings();
    const relay = await startScaRecordRelay({
      url: fjord.start('session-cookies'),
      recording: recordings.start('attempt-cookies', new Date()),
    });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${otherUrl}/set`);
      await page.goto(relay.url);
      await page.locator('#u').waitFor();
      expect(new URL(page.url()).hostname).toMatch(/^[0-9a-f]{32}\.localhost$/);
      // Strings, not functions: this file is compiled without the DOM's types.
      expect(await page.evaluate<string>('document.cookie')).not.toContain('other=secret');
      await page.evaluate("document.cookie = 'planted=1; path=/'");
      await page.goto(`${otherUrl}/echo`);
      const received = await page.locator('body').innerText();
      expect(received).toContain('other=secret');
      expect(received).not.toContain('planted');
    } finally {
      await context.close();
      await relay.close();
      await new Promise((done) => other.close(done));
    }
  });
});
