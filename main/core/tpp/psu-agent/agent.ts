/**
 * A headless PSU: given a bank's scaRedirect link and a script, it opens the SCA pages over HTTP,
 * reads their forms (html-forms.ts, no browser), fills them as the script says (script.ts) and
 * submits them with the bank's cookies (cookie-jar.ts) and anti-forgery fields, follows redirects
 * until the bank sends it to the TPP-Redirect-URI, and returns the §6.1/§6.2 parameters with every
 * page it saw as evidence. It knows only what a person would see: `data-step`, `name` and
 * `data-testid` attributes (docs/sca.md).
 */
import { fetch, type Dispatcher } from 'undici';
import { readScaRedirect, type ScaRedirectParams } from '../redirect-listener.js';
import { CookieJar } from './cookie-jar.js';
import { findElement, formData, parseForms } from './html-forms.js';
import { fillStep, PSU_AGENT_STEPS, type PsuAgentStep, type AgentScript } from './script.js';

export interface PsuAgentOptions {
  /** Pages before giving up (a loop guard). Default 25. */
  maxPages?: number;
  /** Also GET the TPP-Redirect-URI at the end (e.g. to reach a redirect listener). */
  deliverRedirect?: boolean;
  /** undici dispatcher, e.g. an Agent trusting the bank's test CA. */
  dispatcher?: Dispatcher;
}

export interface SeenPage {
  method: 'GET' | 'POST';
  url: string;
  status: number;
  /** `data-step` of the page, when it is an SCA page. */
  step?: string;
  title?: string;
  /** The page's alert (data-testid form-error or error-message). */
  error?: string;
  location?: string;
  /** Fields the agent submitted from this page's form. */
  submitted?: [string, string][];
  html: string;
}

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

/** Completes the SCA behind `scaRedirect` as `script` says, over HTTP only. */
export async function runPsuAgent(
  scaRedirect: string,
  script: AgentScript,
  options: PsuAgentOptions = {},
): Promise<PsuAgentResult> {
  const start = new URL(scaRedirect);
  const jar = new CookieJar();
  const pages: SeenPage[] = [];
  const fail = (text: string): never => {
    throw new PsuAgentError(text, pages);
  };
  const leavesBank = (url: URL) => url.origin !== start.origin || !url.pathname.startsWith('/sca/');
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
      if (leavesBank(target)) {
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
    const step = findElement(html, 'sca-page')?.attributes['data-step'];
    if (step !== undefined) page.step = step;
    const title = findElement(html, 'page-title')?.text;
    if (title !== undefined) page.title = title;
    const error = (findElement(html, 'form-error') ?? findElement(html, 'error-message'))?.text;
    if (error !== undefined) page.error = error;
    if (step === undefined || !PSU_AGENT_STEPS.includes(step))
      fail(
        `the bank answered ${response.status} with ${step === 'error' ? `an error page: ${error}` : 'no SCA page'}`,
      );
    const form = parseForms(html).find((f) => f.attributes.name === step);
    if (!form) fail(`the ${step} page has no form named '${step}'`);
    const submitter = fillStep(step as PsuAgentStep, form!, html, script, fail);
    page.submitted = formData(form!, submitter);
    request = {
      method: form!.method === 'post' ? 'POST' : 'GET',
      url: new URL(form!.action || request.url.toString(), request.url),
      body: page.submitted,
    };
  }
  return fail(`no redirect to the TPP after ${options.maxPages ?? 25} pages`);
}
