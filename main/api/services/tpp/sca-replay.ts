/**
 * Replay of PSU steps in browser mode (docs/sca.md, "Replaying a recording"): the browser agent
 * (core/tpp/psu-browser) plays the steps on an scaRedirect in a private Chromium context, with a
 * screenshot of every page; the redirect it reaches is delivered like the PSU's own, so the PSU
 * session takes the §6.1 parameters and the view shows the outcome.
 *
 * The steps come through the UI, often from a recording a bank's page made, and a replay types
 * environment values into pages and posts them to whatever host serves them (SECURITY.md, "What
 * the UI may reach on the host"). So: the steps name only the variables the UI may read
 * (UI_ENV_POLICY); a call without `confirm` plays nothing and answers what would be typed where
 * (values as the steps write them, so a secret shows as its variable's name) and a token for
 * exactly these steps, this target and this scaRedirect; and nothing the replay answers carries a
 * value it read from the environment.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { parsePsuSteps, PsuStepsError } from '../../../core/tpp/psu-agent/steps.js';
import { envVariablesOf } from '../../../core/tpp/psu-agent/env-references.js';
import { typingPlanOf } from '../../../core/tpp/psu-agent/typing-plan.js';
import {
  launchPsuBrowser,
  runBrowserPsuAgent,
  type PsuScreenshot,
} from '../../../core/tpp/psu-browser/browser-agent.js';
import { redactSecretValues, secretForms } from '../../../core/runner/index.js';
import { UI_ENV_POLICY } from '../../../shared/env-policy.js';
import { CallRefused } from '../../dispatch.js';
import type { CallArgs, ScaReplayScreenshot, ScaReplayView } from '../../contract/index.js';
import type { ScaRedirects } from './sca-redirects.js';

type Env = Readonly<Record<string, string | undefined>>;

const asView = (shot: PsuScreenshot): ScaReplayScreenshot => ({
  step: shot.step,
  url: shot.url,
  at: shot.at,
  png: shot.png.toString('base64'),
});

export class ScaReplay {
  private browser: Promise<Browser> | undefined;
  /** Keys this launch's confirmation tokens: a token from another launch is never valid. */
  private readonly key = randomBytes(32);

  constructor(
    private readonly sca: ScaRedirects,
    private readonly options: { executablePath?: string; env?: Env } = {},
  ) {}

  /** The token that confirms these steps on this target's scaRedirect, and nothing else. */
  private token(args: CallArgs<'sca.replay'>): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([args.targetId, args.href, args.steps]))
      .digest('base64url');
  }

  private confirmed(args: CallArgs<'sca.replay'>): boolean {
    if (args.confirm === undefined) return false;
    const given = Buffer.from(args.confirm);
    const wanted = Buffer.from(this.token(args));
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
    throw new CallRefused(
      'The replay was not confirmed for these steps on this scaRedirect: ask without confirm and confirm what that answer shows.',
    );
  }

  async replay(args: CallArgs<'sca.replay'>): Promise<ScaReplayView> {
    let steps;
    let variables: Record<string, string>;
    try {
      steps = parsePsuSteps(args.steps);
      variables = envVariablesOf(steps, this.options.env ?? process.env, UI_ENV_POLICY);
    } catch (error) {
      if (error instanceof PsuStepsError) throw new CallRefused(error.message);
      throw error;
    }
    if (!this.confirmed(args)) {
      const url = await this.sca.scaUrl(args);
      return {
        confirmation: { token: this.token(args), url: url.toString(), typing: typingPlanOf(steps) },
        screenshots: [],
      };
    }
    // Every value read from the environment, however short: the answer is about them.
    const secrets = secretForms(Object.values(variables), 1);
    const { attempt, redirectUri } = await this.sca.announce(args);
    const screenshots: ScaReplayScreenshot[] = [];
    let browser: Browser;
    try {
      const { executablePath } = this.options;
      this.browser ??= launchPsuBrowser(executablePath !== undefined ? { executablePath } : {});
      browser = await this.browser;
    } catch (error) {
      this.browser = undefined;
      throw new CallRefused(`Chromium could not start for the replay: ${(error as Error).message}`);
    }
    try {
      const result = await runBrowserPsuAgent(
        attempt.url,
        { nationalIdentityNumber: '' },
        {
          browser,
          steps,
          redirectUri,
          env: variablesAsEnv(variables),
          onScreenshot: (shot) => screenshots.push(asView(shot)),
        },
      );
      // Delivered as the PSU's browser would have: the session and the view learn the outcome.
      this.sca.redirected(result.redirect);
      return withoutSecrets(
        { attemptId: attempt.id, redirect: result.redirect, screenshots },
        secrets,
      );
    } catch (error) {
      const view = { attemptId: attempt.id, error: (error as Error).message, screenshots };
      return withoutSecrets(view, secrets);
    }
  }

  async dispose(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    await browser?.then((b) => b.close()).catch(() => undefined);
  }
}

/** `{ 'env:NAME': value }` back to `{ NAME: value }`: the agent reads only what was checked. */
function variablesAsEnv(variables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [name.slice('env:'.length), value]),
  );
}

/** The view with no value from the environment in its text; the PNGs are left whole. */
function withoutSecrets(view: ScaReplayView, secrets: readonly string[]): ScaReplayView {
  const { screenshots, ...text } = view;
  return {
    ...redactSecretValues(text, secrets),
    screenshots: screenshots.map(({ png, ...caption }) => ({
      ...redactSecretValues(caption, secrets),
      png,
    })),
  };
}
