/**
 * A headless PSU: given a bank's scaRedirect link and a script, it opens the SCA pages over HTTP,
 * reads their forms (a small HTML form reader, no browser), fills and submits them with the
 * bank's cookies and anti-forgery fields, follows redirects until the bank sends it to the
 * TPP-Redirect-URI, and returns the §6.1/§6.2 parameters with every page it saw as evidence. It
 * knows only what a person would see: `data-step`, `name` and `data-testid` attributes (docs/sca.md).
 */
import { fetch, type Dispatcher } from 'undici';
import { readScaRedirect, type ScaRedirectParams } from './redirect-listener.js';

export type PsuAgentStep = 'login' | 'code' | 'context' | 'consent' | 'authorise';

export interface AgentScript {
  nationalIdentityNumber: string;
  /** Context to choose when the bank asks; the agreement by its name on the page. */
  context?: 'PRIVATE' | { agreementName: string };
  /**
   * Consent screen: 'all' ticks everything; otherwise tick `grant`, untick `revoke` and leave the
   * rest as the bank preselected it. An account is named by its id, IBAN, masked PAN or name.
   */
  accounts?: { grant: string[]; revoke?: string[] } | 'all';
  /** On the last page (default confirm). */
  action?: 'confirm' | 'cancel';
  /** With action 'cancel': the page to cancel on (default: the last one). */
  cancelAt?: PsuAgentStep;
  /** Production login's one-time code: 'auto' reads the code "sent to the device" (default). */
  oneTimeCode?: 'auto' | string;
}

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

// ---- a small HTML form reader ----------------------------------------------------------------

export interface FormControl {
  tag: string;
  type: string;
  name?: string;
  value: string;
  checked: boolean;
  attributes: Record<string, string>;
  /** Text of the <label for> of the control. */
  label?: string;
}

export interface HtmlForm {
  action: string;
  method: string;
  attributes: Record<string, string>;
  controls: FormControl[];
}

const TAG =
  /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[lower]!;
  });
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE))
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  return attributes;
}

interface Tag {
  closing: boolean;
  name: string;
  attributes: Record<string, string>;
  start: number;
  end: number;
}

function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const match of html.matchAll(TAG)) {
    if (match[2] === undefined) continue; // a comment
    tags.push({
      closing: match[1] === '/',
      name: match[2].toLowerCase(),
      attributes: attributesOf(match[3] ?? ''),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return tags;
}

const textBetween = (html: string, from: number, to: number) =>
  decodeEntities(html.slice(from, to).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** Text and attributes of the first element whose `attribute` is `value` (e.g. data-testid). */
export function findElement(
  html: string,
  value: string,
  attribute = 'data-testid',
): { attributes: Record<string, string>; text: string } | undefined {
  const tags = tagsOf(html);
  const index = tags.findIndex((tag) => !tag.closing && tag.attributes[attribute] === value);
  if (index < 0) return undefined;
  const open = tags[index]!;
  let depth = 0;
  for (const tag of tags.slice(index + 1)) {
    if (tag.name !== open.name) continue;
    if (!tag.closing) depth++;
    else if (depth-- === 0)
      return { attributes: open.attributes, text: textBetween(html, open.end, tag.start) };
  }
  return { attributes: open.attributes, text: '' };
}

/** Every form of a page with its controls (input, button, textarea, select) and their labels. */
export function parseForms(html: string): HtmlForm[] {
  const tags = tagsOf(html);
  const labels = new Map<string, string>();
  const forms: HtmlForm[] = [];
  let form: HtmlForm | undefined;
  let select: FormControl | undefined;
  tags.forEach((tag, i) => {
    const next = tags.slice(i + 1).find((t) => t.closing && t.name === tag.name);
    if (tag.name === 'label' && !tag.closing && tag.attributes.for && next)
      labels.set(tag.attributes.for, textBetween(html, tag.end, next.start));
    if (tag.name === 'form') {
      if (tag.closing) form = undefined;
      else {
        form = {
          action: tag.attributes.action ?? '',
          method: (tag.attributes.method ?? 'get').toLowerCase(),
          attributes: tag.attributes,
          controls: [],
        };
        forms.push(form);
      }
      return;
    }
    if (!form || tag.closing) {
      if (tag.name === 'select' && tag.closing) select = undefined;
      return;
    }
    const a = tag.attributes;
    const control = (type: string, value: string, checked: boolean): FormControl => ({
      tag: tag.name,
      type,
      ...(a.name !== undefined ? { name: a.name } : {}),
      value,
      checked,
      attributes: a,
    });
    if (tag.name === 'input') {
      const type = (a.type ?? 'text').toLowerCase();
      const fallback = type === 'checkbox' || type === 'radio' ? 'on' : '';
      form.controls.push(control(type, a.value ?? fallback, 'checked' in a));
    } else if (tag.name === 'button') {
      form.controls.push(control((a.type ?? 'submit').toLowerCase(), a.value ?? '', false));
    } else if (tag.name === 'textarea' && next) {
      form.controls.push(
        control('textarea', decodeEntities(html.slice(tag.end, next.start)), false),
      );
    } else if (tag.name === 'select') {
      select = control('select', '', false);
      form.controls.push(select);
    } else if (tag.name === 'option' && select && ('selected' in a || select.value === '')) {
      select.value = a.value ?? (next ? textBetween(html, tag.end, next.start) : '');
    }
  });
  for (const control of forms.flatMap((f) => f.controls))
    if (control.attributes.id && labels.has(control.attributes.id))
      control.label = labels.get(control.attributes.id)!;
  return forms;
}

/** The fields a browser would send for `form` submitted with `submitter` (HTML form data set). */
export function formData(form: HtmlForm, submitter?: FormControl): [string, string][] {
  const data: [string, string][] = [];
  for (const control of form.controls) {
    if (control.name === undefined || 'disabled' in control.attributes) continue;
    if (control.tag === 'button' || ['submit', 'image', 'reset'].includes(control.type)) {
      if (control === submitter) data.push([control.name, control.value]);
    } else if (control.type === 'checkbox' || control.type === 'radio') {
      if (control.checked) data.push([control.name, control.value]);
    } else if (control.type !== 'file') data.push([control.name, control.value]);
  }
  return data;
}

// ---- the agent -----------------------------------------------------------------------------

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookies: readonly string[]): void {
    for (const header of setCookies) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string | undefined {
    return this.cookies.size === 0
      ? undefined
      : [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function matches(control: FormControl, wanted: string): boolean {
  const w = wanted.toLowerCase();
  const a = control.attributes;
  const candidates = [
    control.value,
    a['data-account-id'],
    a['data-iban'],
    a['data-masked-pan'],
    a['data-name'],
    a['data-label'],
    control.label,
  ];
  return candidates.some((c) => c !== undefined && c.toLowerCase() === w);
}

/** Fills the page's form for `script`; returns the submitter, or throws a PsuAgentError. */
function fill(
  step: PsuAgentStep,
  form: HtmlForm,
  html: string,
  script: AgentScript,
  fail: (text: string) => never,
): FormControl {
  const named = (name: string) => form.controls.filter((c) => c.name === name);
  const button = (value: string) =>
    form.controls.find((c) => c.name === 'action' && c.value === value) ??
    fail(`the ${step} page has no '${value}' button`);
  const cancelHere =
    script.action === 'cancel' &&
    (script.cancelAt === step ||
      (script.cancelAt === undefined && (step === 'consent' || step === 'authorise')));
  if (cancelHere) return button('cancel');
  switch (step) {
    case 'login':
      for (const c of named('nationalIdentityNumber')) c.value = script.nationalIdentityNumber;
      return button('login');
    case 'code': {
      const code =
        script.oneTimeCode === undefined || script.oneTimeCode === 'auto'
          ? findElement(html, 'one-time-code-sent')?.text
          : script.oneTimeCode;
      if (code === undefined) fail('the code page shows no one-time code to read');
      for (const c of named('oneTimeCode')) c.value = code;
      return button('verify');
    }
    case 'context': {
      const wanted = script.context;
      if (wanted === undefined) fail('the bank asks for a context and the script names none');
      const options = named('context');
      const choice = options.find((o) =>
        wanted === 'PRIVATE' ? o.value === 'PRIVATE' : matches(o, wanted.agreementName),
      );
      if (!choice)
        fail(
          `context ${JSON.stringify(wanted)} is not offered; the page offers ${options
            .map((o) => o.attributes['data-label'] ?? o.value)
            .join(', ')}`,
        );
      for (const o of options) o.checked = o === choice;
      return button('choose');
    }
    case 'consent': {
      const boxes = named('account');
      const plan = script.accounts;
      if (plan === 'all') for (const box of boxes) box.checked = true;
      else if (plan) {
        const set = (wanted: string, checked: boolean) => {
          const box = boxes.find((b) => matches(b, wanted));
          if (!box)
            fail(
              `account '${wanted}' is not on the consent screen; it lists ${
                boxes.map((b) => b.attributes['data-name'] ?? b.value).join(', ') || 'nothing'
              }`,
            );
          box.checked = checked;
        };
        plan.grant.forEach((wanted) => set(wanted, true));
        (plan.revoke ?? []).forEach((wanted) => set(wanted, false));
      }
      return button(script.action === 'cancel' ? 'cancel' : 'confirm');
    }
    case 'authorise':
      return button(script.action === 'cancel' ? 'cancel' : 'confirm');
  }
}

const STEPS: readonly string[] = ['login', 'code', 'context', 'consent', 'authorise'];

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
    if (step === undefined || !STEPS.includes(step))
      fail(
        `the bank answered ${response.status} with ${step === 'error' ? `an error page: ${error}` : 'no SCA page'}`,
      );
    const form = parseForms(html).find((f) => f.attributes.name === step);
    if (!form) fail(`the ${step} page has no form named '${step}'`);
    const submitter = fill(step as PsuAgentStep, form!, html, script, fail);
    page.submitted = formData(form!, submitter);
    request = {
      method: form!.method === 'post' ? 'POST' : 'GET',
      url: new URL(form!.action || request.url.toString(), request.url),
      body: page.submitted,
    };
  }
  return fail(`no redirect to the TPP after ${options.maxPages ?? 25} pages`);
}
