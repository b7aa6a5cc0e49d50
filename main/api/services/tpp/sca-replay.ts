/**
 * Replay of PSU steps in browser mode (docs/sca.md, "Replaying a recording"): the browser agent
 * (core/tpp/psu-browser) plays the steps on an scaRedirect in a private Chromium context, with a
 * screenshot of every page; the redirect it reaches is delivered like the PSU's own, so the PSU
 * session takes the §6.1 parameters and the view shows the outcome.
 */
import type { Browser } from 'playwright-core';
import { parsePsuSteps, PsuStepsError } from '../../../core/tpp/psu-agent/steps.js';
import {
  launchPsuBrowser,
  runBrowserPsuAgent,
  type PsuScreenshot,
} from '../../../core/tpp/psu-browser/browser-agent.js';
import { CallRefused } from '../../dispatch.js';
import type { CallArgs, ScaReplayScreenshot, ScaReplayView } from '../../contract.js';
import type { ScaRedirects } from './sca-redirects.js';

const asView = (shot: PsuScreenshot): ScaReplayScreenshot => ({
  step: shot.step,
  url: shot.url,
  at: shot.at,
  png: shot.png.toString('base64'),
});

export class ScaReplay {
  private browser: Promise<Browser> | undefined;

  constructor(
    private readonly sca: ScaRedirects,
    private readonly options: { executablePath?: string } = {},
  ) {}

  async replay(args: CallArgs<'sca.replay'>): Promise<ScaReplayView> {
    let steps;
    try {
      steps = parsePsuSteps(args.steps);
    } catch (error) {
      if (error instanceof PsuStepsError) throw new CallRefused(error.message);
      throw error;
    }
    const { attempt, redirectUri } = await this.sca.announce(args);
    const screenshots: ScaReplayScreenshot[] = [];
    let browser: Browser;
    try {
      this.browser ??= launchPsuBrowser(this.options);
      browser = await this.browser;
    } catch (error) {
      this.browser = undefined;
      throw new CallRefused(`Chromium could not start for the replay: ${(error as Error).message}`);
    }
    try {
      const result = await runBrowserPsuAgent(
        attempt.url,
        { nationalIdentityNumber: '' },
        { browser, steps, redirectUri, onScreenshot: (shot) => screenshots.push(asView(shot)) },
      );
      // Delivered as the PSU's browser would have: the session and the view learn the outcome.
      this.sca.redirected(result.redirect);
      return { attemptId: attempt.id, redirect: result.redirect, screenshots };
    } catch (error) {
      return { attemptId: attempt.id, error: (error as Error).message, screenshots };
    }
  }

  async dispose(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    await browser?.then((b) => b.close()).catch(() => undefined);
  }
}
