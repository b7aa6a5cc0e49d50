/**
 * The SCA pages. Every control has a stable `name` and
 * `data-testid`, every form carries the authorisation's anti-forgery token and the step it
 * belongs to, and every page says its step in `data-step`, so a person, Playwright or the
 * headless PSU agent (tpp/psu-agent/) can complete it.
 */
import type { BankMode } from '../../../../../shared/mode.js';
import { frame, html, type Html } from './html.js';

export type PageStep = 'login' | 'code' | 'context' | 'consent' | 'authorise' | 'error';

export interface PageBase {
  mode: BankMode;
  authorisationId: string;
  tppName?: string;
  /** Anti-forgery token of the authorisation. */
  formToken: string;
  error?: string;
  notice?: string;
}

export const bankNameOf = (mode: BankMode) =>
  mode === 'sandbox' ? 'PSD2 Workbench Bank (sandbox)' : 'PSD2 Workbench Bank';

function form(page: PageBase, step: PageStep, body: Html): Html {
  return html`<form
    method="post"
    action="/sca/${page.authorisationId}"
    name="${step}"
    data-testid="${step}-form"
  >
    <input type="hidden" name="csrf" value="${page.formToken}" />
    <input type="hidden" name="step" value="${step}" />
    ${body}
  </form>`;
}

/**
 * The page's buttons. `autofocus` puts the focus on the primary button when the page has no
 * field before it: the pages carry no script (html.ts's CSP), so the attribute is the only way
 * a keyboard user starts on the page's first control.
 */
function actions(primary: { value: string; label: string; autofocus?: boolean }): Html {
  return html`<div class="actions">
    <button
      type="submit"
      name="action"
      value="${primary.value}"
      data-testid="${primary.value}"
      ${primary.autofocus === true ? html` autofocus` : html``}
    >
      ${primary.label}
    </button>
    <button
      type="submit"
      name="action"
      value="cancel"
      class="secondary"
      formnovalidate
      data-testid="cancel"
    >
      Cancel
    </button>
  </div>`;
}

function render(page: PageBase, step: PageStep, title: string, body: Html): string {
  return frame(
    {
      title,
      step,
      bankName: bankNameOf(page.mode),
      authorisationId: page.authorisationId,
      ...(page.tppName !== undefined ? { tppName: page.tppName } : {}),
      ...(page.error !== undefined ? { error: page.error } : {}),
      ...(page.notice !== undefined ? { notice: page.notice } : {}),
    },
    form(page, step, body),
  );
}

const LOGIN_HINTS_SHOWN = 8;

/**
 * Login. Sandbox (§1): only a mocked national identity number. Production: the number, then a
 * one-time code (codePage); to the TPP both look the same.
 */
export function loginPage(
  page: PageBase & {
    appFlowRequested: boolean;
    /** Sandbox: the people who can log in (docs/sandbox-data.md "Who to log in as"). */
    testIdentities?: { name: string; nationalIdentityNumber: string }[];
  },
): string {
  const identities = page.testIdentities ?? [];
  const shown = identities.slice(0, LOGIN_HINTS_SHOWN);
  const hints =
    page.mode === 'sandbox' && identities.length > 0
      ? html`<details class="hints" data-testid="login-hints" open>
          <summary>Sandbox test identities</summary>
          <ul>
            ${shown.map(
              (identity) =>
                html`<li data-testid="login-hint">
                  ${identity.name}: <code>${identity.nationalIdentityNumber}</code>
                </li>`,
            )}
          </ul>
          ${
            identities.length > shown.length
              ? html`<p>
                  and ${String(identities.length - shown.length)} more (GET /v1/sandbox/customers).
                </p>`
              : html``
          }
          <p>A corporation is acted for by one of these people, chosen as context after login.</p>
        </details>`
      : html``;
  const intro =
    page.mode === 'sandbox'
      ? 'Sandbox login: enter the mocked national identity number of a sandbox customer.'
      : 'Enter your national identity number. We will send a one-time code to your device.';
  return render(
    page,
    'login',
    'Log in to your bank',
    html`<p data-testid="login-intro">${intro}</p>
      ${
        page.appFlowRequested
          ? html`<p class="notice" data-testid="sca-channel">
              The TPP asked for authentication in the bank's app (TPP-Redirect-Preferred: false).
              The app is not available here, so you continue in the browser.
            </p>`
          : html``
      }
      <label for="nationalIdentityNumber">National identity number</label>
      <input
        type="text"
        id="nationalIdentityNumber"
        name="nationalIdentityNumber"
        inputmode="numeric"
        autocomplete="off"
        maxlength="64"
        data-testid="national-identity-number"
        autofocus
      />
      ${actions({ value: 'login', label: 'Log in' })} ${hints}`,
  );
}

/** Production second factor: the code "sent to your device" is shown for automation to read. */
export function codePage(page: PageBase & { oneTimeCode: string }): string {
  return render(
    page,
    'code',
    'Enter your one-time code',
    html`<p>
        We sent a one-time code to your device:
        <output class="code" data-testid="one-time-code-sent">${page.oneTimeCode}</output>
      </p>
      <label for="oneTimeCode">One-time code</label>
      <input
        type="text"
        id="oneTimeCode"
        name="oneTimeCode"
        inputmode="numeric"
        autocomplete="one-time-code"
        maxlength="64"
        data-testid="one-time-code"
        autofocus
      />
      ${actions({ value: 'verify', label: 'Confirm code' })}`,
  );
}

export interface ContextOption {
  /** 'PRIVATE' or `agreement:<id>`. */
  value: string;
  label: string;
  agreementId?: string;
}

/** §1: the PSU acts privately or for one of the corporate agreements it represents. */
export function contextPage(page: PageBase & { options: ContextOption[] }): string {
  const choices = page.options.map((option, index) => {
    const id = option.agreementId ? `context-agreement-${option.agreementId}` : 'context-private';
    return html`<div class="choice">
      <input
        type="radio"
        name="context"
        id="${id}"
        value="${option.value}"
        data-testid="${id}"
        ${option.agreementId ? html` data-agreement-id="${option.agreementId}"` : html``}
        data-label="${option.label}"
        ${index === 0 ? html` checked autofocus` : html``}
      />
      <label for="${id}">${option.label}</label>
    </div>`;
  });
  return render(
    page,
    'context',
    'Choose how you act',
    html`<p>Act privately, or on behalf of a company you represent.</p>
      <fieldset>
        <legend>Context</legend>
        ${choices}
      </fieldset>
      ${actions({ value: 'choose', label: 'Continue' })}`,
  );
}

export interface ConsentRow {
  kind: 'account' | 'card-account';
  id: string;
  name: string;
  iban?: string;
  maskedPan?: string;
  currency: string;
  granted: boolean;
}

/** §1 consent screen: a checkbox per consentable account, the granted ones pre-selected. */
export function consentPage(
  page: PageBase & { title: string; lines: string[]; context: string; accounts: ConsentRow[] },
): string {
  const rows = page.accounts.map((account, index) => {
    const id = `account-${account.id}`;
    const reference = account.iban ?? account.maskedPan ?? '';
    return html`<div class="choice">
      <input
        type="checkbox"
        name="account"
        id="${id}"
        value="${account.kind}:${account.id}"
        data-testid="${id}"
        data-account-id="${account.id}"
        data-kind="${account.kind}"
        data-name="${account.name}"
        ${
          account.iban ? html` data-iban="${account.iban}"` : html``
        }${account.maskedPan ? html` data-masked-pan="${account.maskedPan}"` : html``}${
          account.granted ? html` checked` : html``
        }${index === 0 ? html` autofocus` : html``}
      />
      <label for="${id}"
        >${account.name} <span class="detail">${reference} · ${account.currency}</span></label
      >
    </div>`;
  });
  return render(
    page,
    'consent',
    page.title,
    html`${page.lines.map((line) => html`<p>${line}</p>`)}
      <p class="detail" data-testid="consent-context">Context: ${page.context}</p>
      <fieldset>
        <legend>Accounts</legend>
        ${
          rows.length > 0
            ? rows
            : html`<p data-testid="no-accounts">No accounts can be shared in this context.</p>`
        }
      </fieldset>
      <p class="detail">
        Ticked accounts are shared; unticking an account shared before revokes it.
      </p>
      ${actions({ value: 'confirm', label: 'Confirm', autofocus: rows.length === 0 })}`,
  );
}

/** Generic "authorise this resource" page (payments, baskets, sharing identity). */
export function authorisePage(page: PageBase & { title: string; lines: string[] }): string {
  return render(
    page,
    'authorise',
    page.title,
    html`<ul data-testid="resource-lines">
        ${page.lines.map((line) => html`<li>${line}</li>`)}
      </ul>
      ${actions({ value: 'confirm', label: 'Confirm', autofocus: true })}`,
  );
}

/** Any refusal the PSU cannot fix by resubmitting (bad link, finished authorisation, …). */
export function errorPage(mode: BankMode, title: string, message: string): string {
  return frame(
    { title, step: 'error', bankName: bankNameOf(mode) },
    html`<p data-testid="error-message">${message}</p>`,
  );
}
