/**
 * The PSU steps in Chromium (main/core/tpp/psu-browser/): the built-in `workbench-bank` script
 * played on the embedded bank's pages in a real browser, one screenshot per page played, stopping
 * at the TPP-Redirect-URI without loading it (§6.1 / §6.2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { has } from '../../support/machine';
import type { Browser } from 'playwright-core';
import {
  DEFAULT_CHROMIUM,
  launchPsuBrowser,
  runBrowserPsuAgent,
} from '../../../main/core/tpp/psu-browser/browser-agent.js';
import { PsuAgentError } from '../../../main/core/tpp/psu-agent/agent.js';
import { OLA, REDIRECT_URI, json, startHarness, type Harness } from './harness.js';
import type { BankMode } from '../../../main/shared/mode.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const hasChromium = has('chromium');

describe.skipIf(!hasChromium)(`PSU steps in Chromium (${DEFAULT_CHROMIUM})`, () => {
  let browser: Browser;
  const harnesses: Harness[] = [];
  beforeAll(async () => {
    browser = await launchPsuBrowser();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(harnesses.map((h) => h.close()));
    await browser?.close();
  });
  const harness = async (mode: BankMode) => {
    const h = await startHarness({ mode });
    harnesses.push(h);
    return h;
  };

  for (const mode of ['sandbox', 'production'] as const)
    it(`grants a consent and stops at the TPP-Redirect-URI (${mode})`, async () => {
      const h = await harness(mode);
      const tpp = h.tpp();
      const { consentId, scaRedirect } = await tpp.startConsent();
      const seen: string[] = [];
      const result = await runBrowserPsuAgent(
        scaRedirect,
        { nationalIdentityNumber: OLA.nationalIdentityNumber, context: 'PRIVATE', accounts: 'all' },
        { browser, onScreenshot: (shot) => seen.push(shot.step) },
      );
      expect(result.redirect).toMatchObject({
        outcome: 'success',
        tppSessionId: tpp.session.tppSessionId,
        context: 'PRIVATE',
      });
      expect(result.redirectUrl.startsWith(`${REDIRECT_URI}?`)).toBe(true);
      const played = result.pages.filter((p) => p.submitted).map((p) => p.step);
      expect(played).toEqual(
        mode === 'production'
          ? ['login', 'code', 'context', 'consent']
          : ['login', 'context', 'consent'],
      );
      expect(result.screenshots.map((s) => s.step)).toEqual(played);
      expect(seen).toEqual(played);
      for (const shot of result.screenshots)
        expect(shot.png.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
      // What the browser posted is what a person's browser posts: the anti-forgery token too.
      const login = result.pages.find((p) => p.step === 'login' && p.submitted)!;
      expect(login.submitted).toEqual(
        expect.arrayContaining([
          ['nationalIdentityNumber', OLA.nationalIdentityNumber],
          ['action', 'login'],
          ['step', 'login'],
        ]),
      );
      expect(login.submitted!.some(([name]) => name === 'csrf')).toBe(true);
      const consent = json(await tpp.send('GET', `/v1/consents/${consentId}`));
      expect(consent.consentStatus).toBe('valid');
    }, 60_000);

  it('cancels on the consent screen: failure redirect SCA_INVALID (§6.2)', async () => {
    const h = await harness('sandbox');
    const { scaRedirect } = await h.tpp().startConsent();
    const result = await runBrowserPsuAgent(
      scaRedirect,
      {
        nationalIdentityNumber: OLA.nationalIdentityNumber,
        context: 'PRIVATE',
        action: 'cancel',
      },
      { browser },
    );
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'SCA_INVALID', status: 401 });
    expect(result.screenshots.at(-1)!.step).toBe('consent');
  }, 60_000);

  it('fails with a named error, and a screenshot, when a tick names no account', async () => {
    const h = await harness('sandbox');
    const { scaRedirect } = await h.tpp().startConsent();
    const shots: string[] = [];
    const error = await runBrowserPsuAgent(
      scaRedirect,
      {
        nationalIdentityNumber: OLA.nationalIdentityNumber,
        context: 'PRIVATE',
        accounts: { grant: ['NO0000000000000'] },
      },
      { browser, onScreenshot: (shot) => shots.push(shot.step) },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PsuAgentError);
    expect((error as Error).message).toMatch(
      /^account 'NO0000000000000' is not on the consent screen; it lists /,
    );
    expect(shots).toEqual(['login', 'context', 'consent']);
  }, 60_000);
});
