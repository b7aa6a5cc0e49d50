/**
 * The PSU in a real browser: the same PSU steps (tpp/psu-agent/steps.ts) played by the same
 * interpreter (play.ts) in Chromium through Playwright — fill, check, select and click on the
 * bank's own pages, with its CSS, cookies and redirects as a person's browser meets them — and one
 * PNG screenshot of every page it plays, taken after filling and before submitting, as evidence.
 *
 * It stops at the redirect to the TPP-Redirect-URI without loading it: every navigation is routed
 * through the agent, and the one that leaves the bank's pages (leavesBankPages) is answered by the
 * agent itself, so its URL and the §6.1/§6.2 parameters are read and nothing reaches the TPP.
 *
 * Playwright is loaded only when a browser is launched, so the headless path never needs it.
 */
import type { Browser, BrowserContext, BrowserType, Locator, Page } from 'playwright-core';
import { readScaRedirect } from '../redirect-listener.js';
import {
  leavesBankPages,
  PsuAgentError,
  type PsuAgentResult,
  type SeenPage,
} from '../psu-agent/agent.js';
import {
  describePage,
  pageMatches,
  playPage,
  psuVariablesOf,
  PsuPlayError,
  ruleFor,
  type ControlView,
  type FoundElement,
  type PageSurface,
} from '../psu-agent/play.js';
import type { AgentIntent } from '../psu-agent/script.js';
import { selectorCss } from '../psu-agent/selector.js';
import type { PsuSteps } from '../psu-agent/steps.js';
import { resolvePsuSteps } from '../psu-agent/built-in-steps.js';
import { envVariablesOf } from '../psu-agent/env-references.js';
import { noRuleFits } from '../psu-agent/no-rule-fits.js';
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM } from './chromium.js';

export { DEFAULT_CHROMIUM };

/** Launches a headless Chromium for PSU agents; close it when the run ends. */
export async function launchPsuBrowser(
  options: { executablePath?: string } = {},
): Promise<Browser> {
  // An optional peer of the package (docs/ci.md): the CLI installs without it, and only browser
  // SCA needs it.
  let chromium: BrowserType;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      "browser SCA needs the package playwright-core: run 'npm install playwright-core@1.65.1' beside the workbench, or choose sca.mode headless or manual",
    );
  }
  return chromium.launch({
    headless: true,
    executablePath: options.executablePath ?? DEFAULT_CHROMIUM,
    args: [...CHROMIUM_ARGS],
  });
}

export interface PsuScreenshot {
  /** The rule that played the page (e.g. `login`), or `unplayed` for a page the agent stopped on. */
  step: string;
  url: string;
  /** ISO 8601 instant it was taken. */
  at: string;
  png: Buffer;
}

export interface BrowserPsuOptions {
  /** The browser to open a private context in (one per SCA, so cookies never leak between). */
  browser: Browser;
  /** The bank's PSU steps: a built-in name or a script (default `workbench-bank`). */
  steps?: PsuSteps | string;
  /** The TPP-Redirect-URI; see PsuAgentOptions.redirectUri. */
  redirectUri?: string;
  /** Where `${env:NAME}` in the steps is read (default: this process's environment). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Pages before giving up (a loop guard). Default 25. */
  maxPages?: number;
  /** Per navigation and per action, in ms. Default 15 000. */
  timeoutMs?: number;
  /** Accept the bank's test certificate (TLS targets with a private CA). */
  ignoreHttpsErrors?: boolean;
  /**
   * TLS client certificates (PEM) per origin: a bank that asks every connection for the QWAC
   * (`workbench bank --mtls`) asks the PSU's browser too.
   */
  clientCertificates?: { origin: string; cert: Buffer; key: Buffer }[];
  signal?: AbortSignal;
  /** Each screenshot as it is taken, so a failed SCA keeps the ones before the failure. */
  onScreenshot?(shot: PsuScreenshot): void;
}

export interface BrowserPsuResult extends PsuAgentResult {
  screenshots: PsuScreenshot[];
}

/** The interpreter's view of a Chromium page: selectors through the DOM, the form's controls. */
function browserSurface(page: Page): PageSurface & { button(index: number): Locator } {
  let controls: Locator | undefined;
  const form = () => {
    if (!controls) throw new PsuPlayError('no form chosen on this page');
    return controls;
  };
  return {
    get url() {
      return new URL(page.url());
    },
    find: (selector): Promise<FoundElement[]> =>
      page.locator(selectorCss(selector)).evaluateAll((elements) =>
        elements.map((element) => ({
          attributes: Object.fromEntries(
            [...element.attributes].map((a) => [a.name.toLowerCase(), a.value]),
          ),
          text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
        })),
      ),
    async useForm(selector, containing) {
      const forms = page.locator(selector ? selectorCss(selector) : 'form');
      const count = await forms.count();
      let chosen = count > 0 ? forms.first() : undefined;
      if (!selector && containing !== undefined)
        for (let i = 0; i < count; i++) {
          const quoted = `"${containing.replace(/["\\]/g, (c) => `\\${c}`)}"`;
          if ((await forms.nth(i).locator(`[name=${quoted}]`).count()) > 0) {
            chosen = forms.nth(i);
            break;
          }
        }
      controls = chosen?.locator('input, button, select, textarea');
      return chosen !== undefined;
    },
    controls: (): Promise<ControlView[]> =>
      form().evaluateAll((elements) =>
        elements.map((element) => {
          const e = element as unknown as {
            tagName: string;
            type?: string;
            name?: string;
            value?: string;
            checked?: boolean;
            textContent: string | null;
            labels?: ArrayLike<{ textContent: string | null }> | null;
            attributes: ArrayLike<{ name: string; value: string }>;
            options?: ArrayLike<{ value: string; textContent: string | null }>;
          };
          const tag = e.tagName.toLowerCase();
          const label = e.labels && e.labels.length > 0 ? e.labels[0]!.textContent : null;
          return {
            tag,
            type: tag === 'select' ? 'select' : (e.type ?? 'text').toLowerCase(),
            ...(e.name ? { name: e.name } : {}),
            value: e.value ?? '',
            checked: e.checked === true,
            ...(label !== null ? { label: label.replace(/\s+/g, ' ').trim() } : {}),
            ...(tag === 'button'
              ? { text: (e.textContent ?? '').replace(/\s+/g, ' ').trim() }
              : {}),
            attributes: Object.fromEntries(
              Array.from(e.attributes).map((a) => [a.name.toLowerCase(), a.value]),
            ),
            ...(tag === 'select'
              ? {
                  options: Array.from(e.options ?? []).map((o) => ({
                    value: o.value,
                    label: (o.textContent ?? '').replace(/\s+/g, ' ').trim(),
                  })),
                }
              : {}),
          };
        }),
      ),
    fill: (index, value) => form().nth(index).fill(value),
    setChecked: (index, checked) => form().nth(index).setChecked(checked),
    select: (index, value) =>
      form()
        .nth(index)
        .selectOption(value)
        .then(() => undefined),
    button: (index) => form().nth(index),
  };
}

const PAGE_AT_THE_TPP =
  '<!doctype html><meta charset="utf-8"><title>Back at the TPP</title><p>The bank sent the PSU back to the TPP.</p>';

/** Completes the SCA behind `scaRedirect` as `script` says, in a private context of `browser`. */
export async function runBrowserPsuAgent(
  scaRedirect: string,
  script: AgentIntent,
  options: BrowserPsuOptions,
): Promise<BrowserPsuResult> {
  const steps = resolvePsuSteps(options.steps);
  const variables: Record<string, string | readonly string[]> = {
    ...psuVariablesOf(script),
    ...envVariablesOf(steps, options.env),
  };
  const start = new URL(scaRedirect);
  const timeout = options.timeoutMs ?? 15_000;
  const pages: SeenPage[] = [];
  const screenshots: PsuScreenshot[] = [];
  let redirectUrl: string | undefined;
  /** Form fields of the last form submission (the navigation's POST body). */
  let lastPost: [string, string][] | undefined;

  const context: BrowserContext = await options.browser.newContext({
    ...(options.ignoreHttpsErrors ? { ignoreHTTPSErrors: true } : {}),
    ...(options.clientCertificates?.length
      ? { clientCertificates: options.clientCertificates }
      : {}),
    viewport: { width: 900, height: 900 },
  });
  context.setDefaultTimeout(timeout);
  const abort = () => void context.close().catch(() => undefined);
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const page = await context.newPage();
    const isMainNavigation = (request: { isNavigationRequest(): boolean; frame(): unknown }) =>
      request.isNavigationRequest() && request.frame() === page.mainFrame();
    // The redirect to the TPP is answered here: its URL is what the agent came for (§6.1/§6.2).
    await context.route('**/*', async (route) => {
      const request = route.request();
      if (isMainNavigation(request)) {
        const url = new URL(request.url());
        if (leavesBankPages(url, start, steps, options.redirectUri)) {
          redirectUrl ??= url.toString();
          return route.fulfill({ status: 200, contentType: 'text/html', body: PAGE_AT_THE_TPP });
        }
      }
      return route.continue();
    });
    page.on('request', (request) => {
      if (!isMainNavigation(request)) return;
      // Redirect hops are requests too: the first one leaving the pages is the TPP redirect.
      const url = new URL(request.url());
      if (leavesBankPages(url, start, steps, options.redirectUri)) redirectUrl ??= url.toString();
      if (request.method() === 'POST' && request.redirectedFrom() === null)
        lastPost = [...new URLSearchParams(request.postData() ?? '')];
    });
    page.on('response', (response) => {
      const request = response.request();
      if (!isMainNavigation(request)) return;
      const url = new URL(response.url());
      if (redirectUrl !== undefined && url.toString() === redirectUrl) return;
      const seen: SeenPage = {
        method: request.method() === 'POST' ? 'POST' : 'GET',
        url: response.url(),
        status: response.status(),
        html: '',
      };
      const location = response.headers().location;
      if (location !== undefined) seen.location = new URL(location, url).toString();
      pages.push(seen);
    });
    const fail = (text: string): never => {
      throw new PsuAgentError(text, pages);
    };
    const shoot = async (step: string) => {
      const shot: PsuScreenshot = {
        step,
        url: page.url(),
        at: new Date().toISOString(),
        png: await page.screenshot({ fullPage: true, type: 'png' }),
      };
      screenshots.push(shot);
      options.onScreenshot?.(shot);
    };

    let redirectDue: string | undefined;
    await page.goto(start.toString(), { waitUntil: 'load' });
    for (let count = 0; count < (options.maxPages ?? 25); count++) {
      options.signal?.throwIfAborted();
      if (redirectUrl !== undefined) {
        const target = new URL(redirectUrl);
        return {
          redirect: readScaRedirect(target.searchParams),
          redirectUrl,
          pages,
          screenshots,
        };
      }
      const seen = pages.at(-1) ?? fail('the browser loaded no page');
      seen.html = await page.content();
      const surface = browserSurface(page);
      Object.assign(seen, await describePage(steps, surface.find));
      const stop = async (text: string): Promise<never> => {
        await shoot(seen.step ?? 'unplayed');
        return fail(text);
      };
      if (redirectDue !== undefined)
        await stop(
          `after the ${redirectDue} page the bank did not send the PSU to the TPP: it answered ${seen.status}${seen.step !== undefined ? ` with the ${seen.step} page` : ''}${seen.error !== undefined ? `: ${seen.error}` : ''}`,
        );
      if (steps.errorPage && (await pageMatches(steps.errorPage, surface.url, surface.find)))
        await stop(
          `the bank answered ${seen.status} with an error page: ${seen.error ?? seen.title ?? ''}`,
        );
      const rule = await ruleFor(steps, surface.url, surface.find);
      if (!rule) return await stop(noRuleFits(steps.name, seen, pages));
      seen.step ??= rule.name;
      let play;
      try {
        play = await playPage(rule, surface, variables);
      } catch (error) {
        if (error instanceof PsuPlayError) return await stop(error.message);
        throw error;
      }
      await shoot(rule.name);
      if (play.expectRedirect) redirectDue = rule.name;
      lastPost = undefined;
      // The wait starts before the click, and both are awaited together: when the page or the
      // browser closes under the click, the click and the wait both reject, and a wait left
      // rejecting on its own would end the whole process, not only this check's SCA.
      await Promise.all([
        page.waitForEvent('framenavigated', {
          predicate: (frame) => frame === page.mainFrame(),
          timeout,
        }),
        surface.button(play.submitter).click({ noWaitAfter: true }),
      ]);
      await page.waitForLoadState('load');
      if (lastPost !== undefined) seen.submitted = lastPost;
    }
    return fail(`no redirect to the TPP after ${options.maxPages ?? 25} pages`);
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await context.close().catch(() => undefined);
  }
}
