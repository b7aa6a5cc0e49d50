/**
 * Who pays in a payment check, and from and to which accounts: the data of the bank under test,
 * not the embedded bank's. On the embedded bank, and a bank in sandbox mode that starts
 * from the documented initial data, it is the documented payer (docs/sandbox-data.md: Ola pays
 * from his current account to Kari's). Against a bank by URL in production mode it is the
 * profile's first private PSU (knownPsu), paying from the accounts the profile names for it
 * (`psus.private[].accounts`), else from the accounts that PSU owns as AIS shows them after a
 * consent (§1: the consent screen offers the PSU's own accounts); never from the documented payer,
 * whose accounts such a bank need not have. A bank whose PSU has no account to pay from leaves the
 * check INCONCLUSIVE: it cannot judge a payment rule without one.
 */
import {
  CheckInconclusive,
  type CheckContext,
  type TargetPsu,
} from '../../main/core/runner/check-api/index.js';
import { aisGet, type AccountView } from './account-information.js';
import { json } from './answers.js';
import { grantedConsent } from './consent.js';
import { knownPsu, type TestPsu } from './test-psus.js';

export interface PaymentParty {
  /** Who initiates and approves: the SCA login (§1) and the name a creditorName carries. */
  payer: TestPsu;
  /** The IBAN the payer pays from. */
  debtor: string;
  /** Another account of the payer (own-account transfers); absent when the payer has one. */
  ownAccount?: string;
  /** The account paid to by default: another PSU's, or else the payer's own other account. */
  creditor: { iban: string; name: string };
  /** How the accounts were found, for the evidence. */
  source: 'documented' | 'profile' | 'ais';
}

/** The documented payer and accounts (docs/sandbox-data.md), in the initial data of both modes. */
export const DOCUMENTED_PARTY: PaymentParty & { debtorMockId: string } = {
  payer: { login: '15038512363', name: 'Ola Nordmann', customerNumber: '10000001' },
  /** Ola's Brukskonto (NOK). */
  debtor: 'NO5297100512347',
  /** Ola's Høyrentekonto (NOK). */
  ownAccount: 'NO8797100523454',
  /** Kari's Brukskonto (NOK). */
  creditor: { iban: 'NO6997100712346', name: 'Kari Nordmann' },
  debtorMockId: 'acc-10000001-brukskonto',
  source: 'documented',
};

/** A bank by URL in production mode: its data is its own, not the documented initial data. */
export const ownDataTarget = (ctx: CheckContext): boolean =>
  ctx.target.mode === 'production' && ctx.target.shared === true;

/**
 * The accounts AIS showed for a PSU of a bank (base URL and login): found once per process, as a
 * production bank's accounts do not change under a run, so each payment check does not cost a
 * consent and an SCA. A failed look-up is not kept.
 */
const discovered = new Map<string, Promise<string[]>>();

const parties = new WeakMap<CheckContext, Promise<PaymentParty>>();

/** The payment party of this check (see the module comment), found once per check. */
export function paymentParty(ctx: CheckContext): Promise<PaymentParty> {
  if (!ownDataTarget(ctx)) return Promise.resolve(DOCUMENTED_PARTY);
  let party = parties.get(ctx);
  if (!party) {
    party = partyOfTarget(ctx);
    parties.set(ctx, party);
  }
  return party;
}

async function partyOfTarget(ctx: CheckContext): Promise<PaymentParty> {
  const payer = knownPsu(ctx, 'private');
  const named = (payer as TargetPsu).accounts;
  const accounts = named?.length ? named : await accountsByAis(ctx, payer);
  const [debtor, ownAccount] = accounts;
  if (!debtor)
    return ctx.inconclusive(
      `the target's PSU ${payer.login} has no NOK account with an IBAN to pay from (AIS after consent showed none; name them in the profile, psus.private[].accounts)`,
    );
  const creditor = await creditorOf(ctx, payer, ownAccount);
  ctx.evidence.note(
    `payments from ${payer.name} (${payer.login}), account ${debtor}, to ${creditor.name} ${creditor.iban} (${named?.length ? 'accounts named in the profile' : 'accounts found through AIS'})`,
  );
  return {
    payer,
    debtor,
    ...(ownAccount ? { ownAccount } : {}),
    creditor,
    source: named?.length ? 'profile' : 'ais',
  };
}

/** Another private PSU's first account (profile or AIS), else the payer's own other account. */
async function creditorOf(
  ctx: CheckContext,
  payer: TestPsu,
  ownAccount: string | undefined,
): Promise<{ iban: string; name: string }> {
  const other = ctx.target.psus ? ctx.target.psus.private[1] : knownPsu(ctx, 'other-private');
  if (other) {
    const iban = (other as TargetPsu).accounts?.[0] ?? (await accountsByAis(ctx, other))[0];
    if (iban) return { iban, name: other.name };
  }
  if (ownAccount) return { iban: ownAccount, name: payer.name };
  return ctx.inconclusive(
    `no account to pay to at the target: ${payer.login} has one NOK account and the profile names no second private PSU with one (psus.private)`,
  );
}

/** The NOK IBANs `psu` owns, from GET /v1/accounts after a consent to every account offered. */
function accountsByAis(ctx: CheckContext, psu: TestPsu): Promise<string[]> {
  const key = `${ctx.target.baseUrl} ${psu.login}`;
  let found = discovered.get(key);
  if (!found) {
    found = lookUp(ctx, psu);
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  } else ctx.evidence.note(`${psu.login}'s accounts as an earlier check of this run found them`);
  return found;
}

async function lookUp(ctx: CheckContext, psu: TestPsu): Promise<string[]> {
  const session = await grantedConsent(
    ctx,
    { login: psu.login, context: 'PRIVATE', consent: { grant: ['*'] } },
    `consent of ${psu.login} to find the accounts to pay with`,
  );
  const read = await aisGet(ctx, session, '/v1/accounts', {
    label: `the accounts ${psu.login} owns`,
  });
  if (read.response?.status !== 200)
    throw new CheckInconclusive(
      `GET /v1/accounts for ${psu.login} was not answered 200, so the check has no account to pay with`,
      read,
    );
  return (json<{ accounts?: AccountView[] }>(read)?.accounts ?? [])
    .filter((account) => account.iban && (account.currency ?? 'NOK') === 'NOK')
    .map((account) => account.iban!);
}
