/**
 * The SCA flow over the pages (docs/sca.md has the state table): which page an authorisation is
 * at, and what a submitted form does to it. Every successful submission answers with a redirect
 * (post/redirect/get) to the authorisation's page, or at the end to the TPP (§6.1, §6.2).
 */
import {
  MAX_LOGIN_ATTEMPTS,
  SCA_FAILURES,
  failAuthorisation,
  finaliseAuthorisation,
  moveScaStatus,
  oneTimeCodeOf,
  sameToken,
  type AuthorisationFailure,
} from '../../../domain/authorisations.js';
import {
  applyConsentChoice,
  consentScreenAccounts,
  findConsent,
  type ConsentChoice,
  type ConsentScope,
} from '../../../domain/access.js';
import type { Authorisation, DomainState } from '../../../domain/model.js';
import { agreementsRepresentedBy, checkIdentityNumber } from '../../../domain/psu.js';
import type { BankMode } from '../../../../../shared/mode.js';
import { field, type FormFields } from './forms.js';
import {
  authorisePage,
  codePage,
  consentPage,
  contextPage,
  loginPage,
  type ContextOption,
  type PageBase,
  type PageStep,
} from './views.js';
import { faultActive } from '../../../faults/index.js';
import { AUTHORISATION_KINDS } from '../../authorisation-kinds.js';

export type PageOutcome =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'redirect'; location: string; toTpp: boolean };

export interface FlowInput {
  state: DomainState;
  authorisation: Authorisation;
  now: Date;
  mode: BankMode;
  /** Fault profiles of the page request (faults/). */
  faults?: ReadonlySet<string>;
}

export function pagePath(authorisation: Authorisation): string {
  return `/sca/${authorisation.authorisationId}`;
}

/** The page an authorisation is at, from its scaStatus (docs/sca.md). */
export function currentStep(authorisation: Authorisation): PageStep {
  switch (authorisation.scaStatus) {
    case 'RECEIVED':
    case 'PSU_IDENTIFIED':
      return 'login';
    case 'SCA_METHOD_SELECTED':
      return 'code';
    case 'PSU_AUTHENTICATED':
      return 'context';
    case 'STARTED':
      return authorisation.kind === 'consent' ? 'consent' : 'authorise';
    default:
      return 'error';
  }
}

const fail = (input: FlowInput, failure: AuthorisationFailure): PageOutcome => ({
  kind: 'redirect',
  location: failAuthorisation(
    input.state,
    input.authorisation,
    failure,
    input.now,
    AUTHORISATION_KINDS,
  ),
  toTpp: true,
});

const again = (input: FlowInput): PageOutcome => ({
  kind: 'redirect',
  location: pagePath(input.authorisation),
  toTpp: false,
});

function contextOptions(input: FlowInput): ContextOption[] {
  const { authorisation } = input;
  const agreements = agreementsRepresentedBy(input.state, authorisation.customerNumber!).map(
    (agreement): ContextOption => ({
      value: `agreement:${agreement.id}`,
      label: agreement.name,
      agreementId: agreement.id,
    }),
  );
  return authorisation.requestedContext === 'CORPORATE'
    ? agreements
    : [{ value: 'PRIVATE', label: 'Private' }, ...agreements];
}

function settle(input: FlowInput, option: ContextOption): void {
  const { authorisation, now } = input;
  authorisation.context = option.agreementId === undefined ? 'PRIVATE' : 'CORPORATE';
  if (option.agreementId !== undefined) authorisation.agreementId = option.agreementId;
  else delete authorisation.agreementId;
  moveScaStatus(authorisation, 'STARTED', now);
}

/**
 * §1: the context is chosen during SCA, unless PSU-Context / PSU-Corporate-ID preselected it or
 * there is nothing to choose. Returns a failure outcome, the options to offer, or undefined
 * when it settled.
 */
function settleContext(input: FlowInput): PageOutcome | ContextOption[] | undefined {
  const { authorisation } = input;
  const options = contextOptions(input);
  const requested = authorisation.requestedAgreementId;
  if (requested !== undefined) {
    const option = options.find((candidate) => candidate.agreementId === requested);
    if (!option)
      return fail(input, {
        status: 403,
        code: 'FORBIDDEN',
        message: 'The PSU does not represent the corporate agreement of PSU-Corporate-ID.',
      });
    settle(input, option);
    return undefined;
  }
  if (options.length === 0) return fail(input, SCA_FAILURES.noCorporateAgreement());
  const alwaysPrivate =
    faultActive(input, 'CORP-CONTEXT-CHOSEN-DURING-SCA') && options[0]!.value === 'PRIVATE';
  if (authorisation.requestedContext === 'PRIVATE' || options.length === 1 || alwaysPrivate) {
    settle(input, options[0]!);
    return undefined;
  }
  return options;
}

function base(input: FlowInput, extras: { error?: string; notice?: string } = {}): PageBase {
  const { authorisation } = input;
  return {
    mode: input.mode,
    authorisationId: authorisation.authorisationId,
    formToken: authorisation.site!.formToken,
    ...(authorisation.tppName !== undefined ? { tppName: authorisation.tppName } : {}),
    ...extras,
  };
}

function scopeOf(authorisation: Authorisation, faults?: ReadonlySet<string>): ConsentScope {
  return {
    ...(faults && faults.size > 0 ? { faults } : {}),
    tppId: authorisation.tppId,
    customerNumber: authorisation.customerNumber!,
    ...(authorisation.context === 'CORPORATE' && authorisation.agreementId !== undefined
      ? { agreementId: authorisation.agreementId }
      : {}),
  };
}

function contextLabel(input: FlowInput): string {
  const { authorisation } = input;
  if (authorisation.context !== 'CORPORATE') return 'Private';
  const agreement = input.state.agreements.find((a) => a.id === authorisation.agreementId);
  return `Corporate: ${agreement?.name ?? authorisation.agreementId}`;
}

/** The current page (with a message about the last submission, when there is one). */
export function showCurrent(
  input: FlowInput,
  extras: { error?: string; notice?: string; status?: number } = {},
): PageOutcome {
  const { authorisation, state, now } = input;
  const { status = 200, ...messages } = extras;
  const page = (html: string): PageOutcome => ({ kind: 'page', status, html });
  switch (currentStep(authorisation)) {
    case 'login':
      return page(
        loginPage({
          ...base(input, messages),
          appFlowRequested: !authorisation.redirectPreferred,
          ...(input.mode === 'sandbox'
            ? {
                testIdentities: state.customers
                  .filter((c) => c.type === 'PRIVATE')
                  .map((c) => ({ name: c.name, nationalIdentityNumber: c.nationalIdentityNumber })),
              }
            : {}),
        }),
      );
    case 'code':
      return page(
        codePage({ ...base(input, messages), oneTimeCode: oneTimeCodeOf(authorisation) }),
      );
    case 'context': {
      const settled = settleContext(input);
      if (settled === undefined) return showCurrent(input, extras);
      if (!Array.isArray(settled)) return settled;
      return page(contextPage({ ...base(input, messages), options: settled }));
    }
    case 'consent': {
      const description = AUTHORISATION_KINDS.consent.describeForPsu(state, authorisation);
      return page(
        consentPage({
          ...base(input, messages),
          ...description,
          context: contextLabel(input),
          accounts: consentScreenAccounts(state, scopeOf(authorisation, input.faults), now),
        }),
      );
    }
    case 'authorise': {
      const description = AUTHORISATION_KINDS[authorisation.kind].describeForPsu(
        state,
        authorisation,
      );
      return page(authorisePage({ ...base(input, messages), ...description }));
    }
    default:
      throw new Error(`no page for scaStatus ${authorisation.scaStatus}`);
  }
}

/** A failed login or code: counted; the third fails the authorisation (docs/sca.md). */
function wrongCredentials(input: FlowInput, text: string): PageOutcome {
  const site = input.authorisation.site!;
  site.loginAttempts++;
  if (site.loginAttempts >= MAX_LOGIN_ATTEMPTS)
    return fail(
      input,
      SCA_FAILURES.credentials(`Login failed ${MAX_LOGIN_ATTEMPTS} times. Last reason: ${text}`),
    );
  const left = MAX_LOGIN_ATTEMPTS - site.loginAttempts;
  return showCurrent(input, {
    error: `${text} ${left} attempt${left === 1 ? '' : 's'} left.`,
    status: 400,
  });
}

function submitLogin(input: FlowInput, fields: FormFields): PageOutcome {
  const { authorisation, now, state } = input;
  const login = field(fields, 'nationalIdentityNumber') ?? '';
  // Nothing typed is not a wrong credential: it costs no attempt.
  if (login.trim() === '')
    return showCurrent(input, {
      error: 'Enter a national identity number. No login attempt was used.',
      status: 400,
    });
  const byNumber =
    input.mode === 'sandbox' && faultActive(input, 'SCA-SANDBOX-LOGIN-NIN')
      ? state.customers.find((c) => c.customerNumber === login.trim() && c.type === 'PRIVATE')
      : undefined;
  const check = byNumber
    ? { ok: true as const, customer: byNumber }
    : checkIdentityNumber(state, login);
  if (!check.ok) return wrongCredentials(input, check.text);
  const customerNumber = check.customer.customerNumber;
  if (authorisation.customerNumber !== undefined && authorisation.customerNumber !== customerNumber)
    return wrongCredentials(
      input,
      'This authorisation was started for another PSU (PSU-ID or X-PSU-IDENTITY of the TPP request).',
    );
  authorisation.customerNumber = customerNumber;
  if (authorisation.scaStatus === 'RECEIVED') moveScaStatus(authorisation, 'PSU_IDENTIFIED', now);
  // Sandbox: the mocked number is the whole login (§1). Production: a one-time code follows.
  moveScaStatus(
    authorisation,
    input.mode === 'sandbox' ? 'PSU_AUTHENTICATED' : 'SCA_METHOD_SELECTED',
    now,
  );
  return again(input);
}

function submitCode(input: FlowInput, fields: FormFields): PageOutcome {
  const code = (field(fields, 'oneTimeCode') ?? '').trim();
  if (!sameToken(oneTimeCodeOf(input.authorisation), code))
    return wrongCredentials(input, 'The one-time code is not correct.');
  moveScaStatus(input.authorisation, 'PSU_AUTHENTICATED', input.now);
  return again(input);
}

function submitContext(input: FlowInput, fields: FormFields): PageOutcome {
  const settled = settleContext(input);
  if (settled === undefined) return again(input);
  if (!Array.isArray(settled)) return settled;
  const value = field(fields, 'context');
  const option = settled.find((candidate) => candidate.value === value);
  if (!option)
    return showCurrent(input, { error: 'Choose one of the listed contexts.', status: 400 });
  settle(input, option);
  return again(input);
}

function submitConsent(input: FlowInput, fields: FormFields): PageOutcome {
  const { authorisation, state, now } = input;
  const scope = scopeOf(authorisation, input.faults);
  const offered = new Set(
    consentScreenAccounts(state, scope, now).map((account) => `${account.kind}:${account.id}`),
  );
  const chosen: ConsentChoice[] = [];
  for (const value of fields.get('account') ?? []) {
    if (!offered.has(value))
      return showCurrent(input, {
        error: `The account '${value}' is not one you can share here.`,
        status: 400,
      });
    const [kind, ...rest] = value.split(':');
    chosen.push({ kind: kind as ConsentChoice['kind'], accountId: rest.join(':') });
  }
  const consent = findConsent(state, authorisation.resourceId);
  if (!consent || consent.consentStatus !== 'received')
    return fail(input, {
      status: 401,
      code: 'CONSENT_INVALID',
      message: `The consent is no longer waiting for authorisation (${consent?.consentStatus ?? 'unknown'}).`,
    });
  applyConsentChoice(state, consent, scope, chosen, now);
  return {
    kind: 'redirect',
    location: finaliseAuthorisation(state, authorisation, now, AUTHORISATION_KINDS),
    toTpp: true,
  };
}

/** A submitted form: the anti-forgery token and the browser were checked by the page route. */
export function submit(input: FlowInput, fields: FormFields): PageOutcome {
  const { authorisation } = input;
  const action = field(fields, 'action');
  if (action === 'cancel') return fail(input, SCA_FAILURES.cancelled(authorisation.kind));
  const step = currentStep(authorisation);
  if (field(fields, 'step') !== step)
    return showCurrent(input, {
      notice: 'That page was no longer current; this is where your authorisation stands.',
    });
  switch (step) {
    case 'login':
      return submitLogin(input, fields);
    case 'code':
      return submitCode(input, fields);
    case 'context':
      return submitContext(input, fields);
    case 'consent':
      if (action !== 'confirm') break;
      return submitConsent(input, fields);
    case 'authorise':
      if (action !== 'confirm') break;
      return {
        kind: 'redirect',
        location: finaliseAuthorisation(input.state, authorisation, input.now, AUTHORISATION_KINDS),
        toTpp: true,
      };
    default:
      break;
  }
  return showCurrent(input, { error: 'Choose Confirm or Cancel.', status: 400 });
}
