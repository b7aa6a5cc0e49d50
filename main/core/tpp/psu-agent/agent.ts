/**
 * A headless PSU: given a bank's scaRedirect link and a script, it opens the SCA pages over HTTP,
 * reads their forms (html-forms.ts, no browser), fills them as the PSU steps of the bank says
 * (steps.ts, played by play.ts; default the embedded bank's `workbench-bank`) and submits them
 * with the bank's cookies (cookie-jar.ts) and the forms' hidden anti-forgery fields, follows
 * redirects until the bank sends it to the TPP-Redirect-URI, and returns the §6.1/§6.2 parameters
 * with every page it saw as evidence. It knows only what a person would see: attributes and text
 * of the pages (docs/sca.md, "PSU steps for other banks").
 */
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { describeTransportError } from '../transport.js';
import { readScaRedirect, type ScaRedirectParams } from '../redirect-listener.js';
import { CookieJar } from './cookie-jar.js';
import { findElements, formData, parseForms, type HtmlForm } from './html-forms.js';
import {
  describePage,
  pageMatches,
  playPage,
  psuVariablesOf,
  PsuPlayError,
  ruleFor,
  type PageSurface,
} from './play.js';
import type { AgentIntent } from './script.js';
import { selectorMatches } from './selector.js';
import type { PsuSteps } from './steps.js';
import { resolvePsuSteps } from './built-in-steps.js';
import { envVariablesOf } from './env-references.js';
import { noRuleFits } from './no-rule-fits.js';
import type { SeenPage } from './seen-page.js';

export interface PsuAgentOptions {
  /** Where `${env:NAME}` in the steps is read (default: this process's environment). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Pages before giving up (a loop guard). Default 25. */
  maxPages?: number;
  /** Also GET the TPP-Redirect-URI at the end (e.g. to reach a redirect listener). */
  deliverRedirect?: boolean;
  /** undici dispatcher, e.g. an Agent trusting the bank's test CA. */
  dispatcher?: Dispatcher;
  /** The bank's PSU steps: a built-in name or a script (default `workbench-bank`). */
  steps?: PsuSteps | string;
  /**
   * The TPP-Redirect-URI: a redirect to it (same origin and path) ends the script. Without it,
   * a redirect to another origin, or out of the script's `pagesPath`, ends the script.
   */
  redirectUri?: string;
}

export type { SeenPage } from './seen-page.js';

export interface PsuAgentResult {
  redirect: ScaRedirectParams;
  /** The TPP-Redirect-URI with its §6 parameters, as the bank sent it. */
  redirectUrl: string;
  pages: SeenPage[];
}

export class PsuAgentError extends Error {
  override readonly name = 'PsuAgentError';
  constructor(
    message: string,
    readonly pages: SeenPage[],
  ) {
    super(message);
  }
}

/**
 * Where a redirect ends the script: at the TPP-Redirect-URI when known, else anywhere outside the
 * bank's pages (another origin, or a path outside `pagesPath`).
 */
export function leavesBankPages(
  target: URL,
  start: URL,
  steps: Pick<PsuSteps, 'pagesPath'>,
  redirectUri?: string,
): boolean {
  if (redirectUri !== undefined) {
    const tpp = new URL(redirectUri);
    return target.origin === tpp.origin && target.pathname === tpp.pathname;
  }
  if (target.origin !== start.origin) return true;
  return steps.pagesPath !== undefined && !new RegExp(steps.pagesPath).test(target.pathname);
}

/** The interpreter's view of fetched HTML: selectors on the page, the chosen form's controls. */
export function htmlSurface(
  url: URL,
  html: string,
): PageSurface & { form(): HtmlForm | undefined } {
  const forms = parseForms(html);
  let form: HtmlForm | undefined;
  const controls = () => form?.controls ?? [];
  return {
    url,
    form: () => form,
    find: async (selector) =>
      findElements(html, (tag, attributes) => selectorMatches(selector, tag, attributes)).map(
        ({ attributes, text }) => ({ attributes, text }),
      ),
    async useForm(selector, containing) {
      form = selector
        ? forms.find((f) => selectorMatches(selector, 'form', f.attributes))
        : (forms.find(
            (f) => containing !== undefined && f.controls.some((c) => c.name === containing),
          ) ?? forms[0]);
      return form !== undefined;
    },
    controls: async () => controls(),
    async fill(index, value) {
      controls()[index]!.value = value;
    },
    async setChecked(index, checked) {
      const control = controls()[index]!;
      if (checked && control.type === 'radio')
        for (const other of controls())
          if (other.type === 'radio' && other.name === control.name) other.checked = false;
      control.checked = checked;
    },
    async select(index, value) {
      controls()[index]!.value = value;
    },
  };
}

/** Completes the SCA behind `scaRedirect` as `script` says, over HTTP only. */
export async function runPsuAgent(
  scaRedirect: string,
  script: AgentIntent,
  options: PsuAgentOptions = {},
): Promise<PsuAgentResult> {
  const steps = resolvePsuSteps(options.steps);
  const variables: Record<string, string | readonly string[]> = {
    ...psuVariablesOf(script),
    ...envVariablesOf(steps, options.env),
  };
  const start = new URL(scaRedirect);
  const jar = new CookieJar();
  const pages: SeenPage[] = [];
  /** The PSU's browser request; a network failure names the page's origin and its cause. */
  const fetch: typeof undiciFetch = async (input, init) => {
    try {
      return await undiciFetch(input, init);
    } catch (error) {
      throw describeTransportError(error, String(input));
    }
  };
  const fail = (text: string): never => {
    throw new PsuAgentError(text, pages);
  };
  /** The rule after whose page the bank must send the PSU to the TPP (its expectRedirect). */
  let redirectDue: string | undefined;
  let request: { method: 'GET' | 'POST'; url: URL; body?: [string, string][] } = {
    method: 'GET',
    url: start,
  };
  for (let count = 0; count < (options.maxPages ?? 25); count++) {
    const headers: Record<string, string> = { accept: 'text/html' };
    const cookie = jar.header();
    if (cookie) headers.cookie = cookie;
    if (request.body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(request.url, {
      method: request.method,
      headers,
      redirect: 'manual',
      ...(request.body ? { body: new URLSearchParams(request.body).toString() } : {}),
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    jar.store(response.headers.getSetCookie());
    const html = await response.text();
    const page: SeenPage = {
      method: request.method,
      url: request.url.toString(),
      status: response.status,
      html,
    };
    pages.push(page);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const target = new URL(location, request.url);
      page.location = target.toString();
      if (leavesBankPages(target, start, steps, options.redirectUri)) {
        if (options.deliverRedirect)
          await fetch(target, {
            redirect: 'manual',
            ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
          }).then((r) => r.body?.cancel());
        return {
          redirect: readScaRedirect(target.searchParams),
          redirectUrl: target.toString(),
          pages,
        };
      }
      request = { method: 'GET', url: target };
      continue;
    }
    const surface = htmlSurface(request.url, html);
    Object.assign(page, await describePage(steps, surface.find));
    if (redirectDue !== undefined)
      fail(
        `after the ${redirectDue} page the bank did not send the PSU to the TPP: it answered ${response.status}${page.step !== undefined ? ` with the ${page.step} page` : ''}${page.error !== undefined ? `: ${page.error}` : ''}`,
      );
    if (steps.errorPage && (await pageMatches(steps.errorPage, request.url, surface.find)))
      fail(
        `the bank answered ${response.status} with an error page: ${page.error ?? page.title ?? ''}`,
      );
    const rule = await ruleFor(steps, request.url, surface.find);
    if (!rule) return fail(noRuleFits(steps.name, page, pages));
    page.step ??= rule.name;
    let play;
    try {
      play = await playPage(rule, surface, variables);
    } catch (error) {
      if (error instanceof PsuPlayError) return fail(error.message);
      throw error;
    }
    const form = surface.form()!;
    page.submitted = formData(form, form.controls[play.submitter]);
    if (play.expectRedirect) redirectDue = rule.name;
    request = {
      method: form.method === 'post' ? 'POST' : 'GET',
      url: new URL(form.action || request.url.toString(), request.url),
      body: page.submitted,
    };
  }
  return fail(`no redirect to the TPP after ${options.maxPages ?? 25} pages`);
}
