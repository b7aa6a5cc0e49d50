/**
 * Parties and who may see which account: customers, agreements and engagements (§1 "Private and
 * corporate context", §2.6 "Meaning of engagement fields", §4.3 rules 4, 5 and 7). Queries over
 * the domain state (the SCA consent screen and the sandbox handlers both read them), plus the one
 * rule-4 change: a private customer's new account joining the private agreement.
 */
import { validateNorwegianIdentityNumber } from '../../spec/validators/national-identity-number.js';
import type { EngagementRole } from '../../spec/enums.js';
import { newResourceId, norwegianIban } from './ids.js';
import type {
  Account,
  Agreement,
  CardAccount,
  Customer,
  Engagement,
  DomainEntities,
} from './model.js';
import { faultActive } from '../faults/index.js';

/** §4.3 rule 5: an engagement is offered for consent only with both of these roles. */
export const CONSENT_ROLES: readonly EngagementRole[] = ['REGISTER', 'VIEW'];

/** Format of the customer numbers this bank issues (the sandbox's "PSU-ID" of §4.3 rule 7). */
export const CUSTOMER_NUMBER_PATTERN = /^[0-9]{8}$/;

export function isConsentable(engagement: Pick<Engagement, 'roles'>): boolean {
  return CONSENT_ROLES.every((role) => engagement.roles.includes(role));
}

/**
 * Rights that follow from an engagement's roles (§2.6 lists both; their relation is not shown).
 * Workbench choice: VIEW gives access, REGISTER/APPROVE/DISPOSAL give payment rights,
 * INTERNAL_TRANSFER/DISPOSAL give transfer rights (OWNER gives all three).
 */
export function rightsOfRoles(roles: readonly EngagementRole[]): {
  accessRights: boolean;
  paymentRights: boolean;
  transferRights: boolean;
} {
  const has = (...wanted: EngagementRole[]) => wanted.some((role) => roles.includes(role));
  return {
    accessRights: has('OWNER', 'VIEW'),
    paymentRights: has('OWNER', 'REGISTER', 'APPROVE', 'DISPOSAL'),
    transferRights: has('OWNER', 'INTERNAL_TRANSFER', 'DISPOSAL'),
  };
}

// ---- customers -------------------------------------------------------------------------------

export function customerByNumber(
  state: DomainEntities,
  customerNumber: string,
): Customer | undefined {
  return state.customers.find((customer) => customer.customerNumber === customerNumber);
}

/** The sandbox login (§1): the customer with this mock national identity number. */
export function customerByIdentityNumber(state: DomainEntities, nin: string): Customer | undefined {
  return state.customers.find((customer) => customer.nationalIdentityNumber === nin);
}

export type CustomerLookup =
  { ok: true; customer: Customer } | { ok: false; reason: 'format' | 'unknown'; problem: string };

/**
 * §4.3 rule 7: a customer reference in a sandbox body is a customer number (8 digits) or the
 * customer's mock national identity number (11 digits, valid mod-11 check digits). An existing
 * customer number of any form (e.g. from an imported snapshot) is always accepted.
 */
export function resolveCustomer(state: DomainEntities, reference: string): CustomerLookup {
  const byNumber = customerByNumber(state, reference);
  if (byNumber) return { ok: true, customer: byNumber };
  if (/^[0-9]{11}$/.test(reference)) {
    const check = validateNorwegianIdentityNumber(reference);
    if (!check.ok)
      return {
        ok: false,
        reason: 'format',
        problem: `'${reference}' is not a valid Norwegian birth number or D-number: ${check.problem}`,
      };
    const byIdentity = customerByIdentityNumber(state, reference);
    return byIdentity
      ? { ok: true, customer: byIdentity }
      : {
          ok: false,
          reason: 'unknown',
          problem: `no sandbox customer has the identity number '${reference}'`,
        };
  }
  if (CUSTOMER_NUMBER_PATTERN.test(reference))
    return {
      ok: false,
      reason: 'unknown',
      problem: `'${reference}' is not a sandbox customer number (GET /v1/sandbox/customers lists them)`,
    };
  return {
    ok: false,
    reason: 'format',
    problem: `'${reference}' is neither a customer number (8 digits) nor a Norwegian birth number or D-number (11 digits)`,
  };
}

// ---- accounts and card accounts as engagement targets -------------------------------------------

export type Holding =
  { kind: 'account'; account: Account } | { kind: 'card-account'; cardAccount: CardAccount };

/**
 * A card account's IBAN: the Norwegian IBAN of its `accountNumber`, which the sandbox requires to
 * be a Norwegian BBAN (workbench choice; §2.6 engagements name accounts by IBAN).
 */
export function cardAccountIban(
  cardAccount: Pick<CardAccount, 'accountNumber'>,
): string | undefined {
  return norwegianIban(cardAccount.accountNumber);
}

export function holdingByBban(state: DomainEntities, bban: string): Holding | undefined {
  const account = state.accounts.find((candidate) => candidate.bban === bban);
  if (account) return { kind: 'account', account };
  const cardAccount = state.cardAccounts.find((candidate) => candidate.accountNumber === bban);
  return cardAccount ? { kind: 'card-account', cardAccount } : undefined;
}

export function holdingByIban(state: DomainEntities, iban: string): Holding | undefined {
  const account = state.accounts.find((candidate) => candidate.iban === iban);
  if (account) return { kind: 'account', account };
  const cardAccount = state.cardAccounts.find((candidate) => cardAccountIban(candidate) === iban);
  return cardAccount ? { kind: 'card-account', cardAccount } : undefined;
}

export function ownerOfHolding(holding: Holding): string {
  return holding.kind === 'account'
    ? holding.account.customerNumber
    : holding.cardAccount.customerNumber;
}

/** The `{ bban, iban }` an engagement stores for a holding. */
export function engagementAccountOf(holding: Holding): { bban: string; iban: string } {
  if (holding.kind === 'account') return { bban: holding.account.bban, iban: holding.account.iban };
  const bban = holding.cardAccount.accountNumber;
  return { bban, iban: cardAccountIban(holding.cardAccount) ?? '' };
}

/** Whether a BBAN is taken by an account or a card account (BBANs and IBANs are unique). */
export function isBbanInUse(state: DomainEntities, bban: string): boolean {
  return holdingByBban(state, bban) !== undefined;
}

// ---- agreements --------------------------------------------------------------------------------

/** The private customer's own agreement (§4.3 rule 4: new accounts join it). */
export function privateAgreementOf(
  state: DomainEntities,
  customerNumber: string,
): Agreement | undefined {
  return state.agreements.find(
    (agreement) => agreement.type === 'PRIVATE' && agreement.owner === customerNumber,
  );
}

/** Roles of an engagement on one's own account in the private agreement. */
export const OWNER_ROLES: readonly EngagementRole[] = [
  'OWNER',
  'DISPOSAL',
  'VIEW',
  'REGISTER',
  'APPROVE',
  'INTERNAL_TRANSFER',
];

/**
 * §4.3 rule 4: a private customer's new account or card account is added to the customer's
 * agreement (created when missing) as an OWNER engagement, so it shows in the account list.
 */
export function joinPrivateAgreement(
  state: DomainEntities,
  customer: Customer,
  account: { bban: string; iban: string },
): Engagement {
  let agreement = privateAgreementOf(state, customer.customerNumber);
  if (!agreement) {
    agreement = {
      id: newResourceId(),
      name: `${customer.name} (privat)`,
      type: 'PRIVATE',
      owner: customer.customerNumber,
      engagements: [],
      origin: 'sandbox',
    };
    state.agreements.push(agreement);
  }
  const engagement: Engagement = {
    id: newResourceId(),
    customer: customer.customerNumber,
    account: { bban: account.bban, iban: account.iban },
    roles: [...OWNER_ROLES],
    ...rightsOfRoles(OWNER_ROLES),
    registerLimit: 0,
    approvalLimit: 0,
  };
  agreement.engagements.push(engagement);
  return engagement;
}

/** Corporate agreements in which the customer holds at least one engagement (§1 corporate context). */
export function agreementsRepresentedBy(
  state: DomainEntities,
  customerNumber: string,
): Agreement[] {
  return state.agreements.filter(
    (agreement) =>
      agreement.type === 'CORPORATE' &&
      agreement.engagements.some((engagement) => engagement.customer === customerNumber),
  );
}

export interface ConsentableAccount {
  kind: 'account' | 'card-account';
  id: string;
  name: string;
  iban?: string;
  maskedPan?: string;
  currency: string;
}

/**
 * The accounts the consent screen offers (§1 "Consent model", §4.3 rule 5). Private context (no
 * agreementId): the engagements of the PSU's private agreement (§4.3 rule 4: own accounts join it);
 * a customer without one (e.g. an imported snapshot) is offered its own accounts. Corporate
 * context: the engagements of that agreement naming the PSU. Only engagements with both REGISTER
 * and VIEW; closed accounts and deleted card accounts left out (§7.3); each account once, in
 * engagement order; an engagement's `name` wins over the account name.
 */
export function consentableAccounts(
  state: DomainEntities,
  psu: {
    customerNumber: string;
    agreementId?: string;
    /** Fault profiles of the request (faults/) that change what the screen offers. */
    faults?: ReadonlySet<string>;
  },
): ConsentableAccount[] {
  if (psu.agreementId === undefined && faultActive(psu, 'CORP-PRIVATE-SEES-OWN-ACCOUNTS')) {
    const own = consentableAccounts(state, { customerNumber: psu.customerNumber });
    const corporate = agreementsRepresentedBy(state, psu.customerNumber).flatMap((agreement) =>
      consentableAccounts(state, { customerNumber: psu.customerNumber, agreementId: agreement.id }),
    );
    return [...own, ...corporate.filter((c) => !own.some((o) => o.id === c.id))];
  }
  const consentable = (engagement: Engagement) =>
    faultActive(psu, 'SANDBOX-ENGAGEMENT-REGISTER-AND-VIEW')
      ? engagement.roles.includes('VIEW')
      : isConsentable(engagement);
  const anyRepresentative =
    psu.agreementId !== undefined && faultActive(psu, 'CORP-REPRESENTATIVE-SEES-GRANTED');
  const agreement =
    psu.agreementId === undefined
      ? privateAgreementOf(state, psu.customerNumber)
      : state.agreements.find((candidate) => candidate.id === psu.agreementId);
  if (!agreement)
    return psu.agreementId === undefined ? ownHoldings(state, psu.customerNumber) : [];
  const offered: ConsentableAccount[] = [];
  const seen = new Set<string>();
  for (const engagement of agreement.engagements) {
    if (
      (engagement.customer !== psu.customerNumber && !anyRepresentative) ||
      !consentable(engagement)
    )
      continue;
    const holding =
      holdingByBban(state, engagement.account.bban) ??
      holdingByIban(state, engagement.account.iban);
    const entry = holding && consentableEntry(holding);
    if (!entry || seen.has(`${entry.kind}:${entry.id}`)) continue;
    seen.add(`${entry.kind}:${entry.id}`);
    offered.push(engagement.name ? { ...entry, name: engagement.name } : entry);
  }
  return offered;
}

function ownHoldings(state: DomainEntities, customerNumber: string): ConsentableAccount[] {
  const holdings: Holding[] = [
    ...state.accounts
      .filter((account) => account.customerNumber === customerNumber)
      .map((account): Holding => ({ kind: 'account', account })),
    ...state.cardAccounts
      .filter((cardAccount) => cardAccount.customerNumber === customerNumber)
      .map((cardAccount): Holding => ({ kind: 'card-account', cardAccount })),
  ];
  return holdings.flatMap((holding) => consentableEntry(holding) ?? []);
}

function consentableEntry(holding: Holding): ConsentableAccount | undefined {
  if (holding.kind === 'account') {
    const { account } = holding;
    if (account.status === 'closed') return undefined;
    return {
      kind: 'account',
      id: account.id,
      name: account.accountName,
      iban: account.iban,
      currency: account.currency,
    };
  }
  const { cardAccount } = holding;
  if (cardAccount.status === 'deleted') return undefined;
  return {
    kind: 'card-account',
    id: cardAccount.resourceId,
    name: cardAccount.name,
    maskedPan: cardAccount.maskedPan,
    currency: cardAccount.currency,
  };
}

/** Agreements a customer owns or is engaged in, for the sandbox customer list. */
export function agreementsOfCustomer(
  state: DomainEntities,
  customerNumber: string,
): { agreement: Agreement; relation: 'owner' | 'representative' }[] {
  const result: { agreement: Agreement; relation: 'owner' | 'representative' }[] = [];
  for (const agreement of state.agreements) {
    if (agreement.owner === customerNumber) result.push({ agreement, relation: 'owner' });
    else if (agreement.engagements.some((engagement) => engagement.customer === customerNumber))
      result.push({ agreement, relation: 'representative' });
  }
  return result;
}
