/**
 * The journeys a soak TPP loops through, each a real use of the interface over loopback:
 * consent with SCA and account/card reads with paging (§1, §4.2.3, §5.3), payment initiation
 * with SCA or deletion (§2.2, §3.2), signing baskets (§2.4), status polls, and sandbox changes
 * (§4.3). Each journey records what the invariants need; an answer the spec does not allow ends
 * it with a JourneyStop.
 */
import { revokeGrant } from '../../main/core/bank/domain/access.js';
import { bankDay } from '../../main/core/bank/domain/ids.js';
import { amountToMinor } from '../../main/core/bank/handlers/payments/shapes.js';
import { minorUnitsToAmountString } from '../../main/core/spec/validators/amount.js';
import { linkOf } from '../../main/core/tpp/client.js';
import type { JourneyKind } from './book.js';
import { JourneyStop, type SoakTpp } from './tpp.js';

/** §4.1 header sets this workbench's TPPs send: amounts as strings (fix), private context. */
const AMOUNTS_AS_STRINGS = { 'x-accept-fix': 'amount-as-string' };
const PAYMENT_HEADERS = { ...AMOUNTS_AS_STRINGS, 'PSU-Context': 'PRIVATE' };
const PAGE_LIMIT = 10;
/** Pages followed at most per list (a loop guard; lists are far shorter within a soak). */
const MAX_PAGES = 200;

export const JOURNEY_WEIGHTS: Record<JourneyKind, number> = {
  consent: 3,
  payment: 5,
  basket: 1,
  status: 2,
  sandbox: 2,
};

export async function runJourney(tpp: SoakTpp, kind: JourneyKind): Promise<void> {
  switch (kind) {
    case 'consent':
      return consentJourney(tpp);
    case 'payment':
      return paymentJourney(tpp);
    case 'basket':
      return basketJourney(tpp);
    case 'status':
      return statusJourney(tpp);
    case 'sandbox':
      return sandboxJourney(tpp);
  }
}

// ---- consent and account information -------------------------------------------------------

/**
 * Reads every page of a transaction list (following `next`, §4.2.3) and records whether the read
 * was allowed. Pages must not repeat an entry.
 */
async function readAllPages(
  tpp: SoakTpp,
  accountId: string,
  path: string,
  expected: 'allowed' | 'refused',
  because: string,
): Promise<void> {
  const first = await tpp.send(`GET ${path}`, {
    method: 'GET',
    path,
    query: { bookingStatus: 'both', limit: PAGE_LIMIT },
    headers: AMOUNTS_AS_STRINGS,
  });
  const status = first.response!.status;
  tpp.world.book.access.push({ tppId: tpp.id, accountId, expected, because, status });
  if (status !== 200) return;
  const seen = new Set<string>();
  let page: typeof first | undefined = first;
  for (let count = 0; page && count < MAX_PAGES; count++) {
    const transactions = (page.response!.json as { transactions?: Record<string, unknown> })
      .transactions;
    for (const list of [transactions?.booked, transactions?.pending])
      for (const entry of (list as { transactionId?: string; entryReference?: string }[]) ?? []) {
        const id = entry.transactionId ?? entry.entryReference;
        if (id === undefined) continue;
        if (seen.has(id)) throw new JourneyStop(`GET ${path}: entry ${id} on two pages`);
        seen.add(id);
      }
    const href = linkOf(page, 'next');
    if (href === undefined) break;
    if (tpp.client.resolveUrl(href).origin !== tpp.client.resolveUrl(path).origin)
      throw new JourneyStop(`GET ${path}: next (${href}) leaves the bank`);
    page = await tpp.send(`GET ${path} (next)`, {
      method: 'GET',
      path: href,
      headers: AMOUNTS_AS_STRINGS,
    });
    if (page.response!.status !== 200)
      throw new JourneyStop(`GET ${path} next page: ${page.response!.status}`);
  }
}

/**
 * §1 bank-offered consent: the PSU ticks every account; the TPP then reads its pay account's
 * transactions and its card's with paging. Afterwards the PSU revokes the pay account in the bank
 * (bank console, §1 "may revoke at any time"), or the TPP deletes the consent, or neither — and
 * the next reads must follow.
 */
async function consentJourney(tpp: SoakTpp): Promise<void> {
  const started = await tpp.expect('POST /v1/consents', 201, {
    method: 'POST',
    path: '/v1/consents',
    body: {},
  });
  const consentId = started.body.consentId as string;
  const redirect = await tpp.psuAnswers(tpp.link(started.exchange, 'scaRedirect', 'consent'), {
    accounts: 'all',
  });
  if (redirect.outcome !== 'success' || redirect.problems.length > 0)
    throw new JourneyStop(`consent SCA: ${JSON.stringify(redirect)}`);
  const accounts = await tpp.expect('GET /v1/accounts', 200, {
    method: 'GET',
    path: '/v1/accounts',
    headers: AMOUNTS_AS_STRINGS,
  });
  const listed = (accounts.body.accounts as { resourceId: string }[]).map((a) => a.resourceId);
  if (!listed.includes(tpp.pay.id))
    throw new JourneyStop(`GET /v1/accounts: the granted account ${tpp.pay.id} is missing`);
  const payPath = `/v1/accounts/${tpp.pay.id}/transactions`;
  const cardPath = `/v1/card-accounts/${tpp.card.id}/transactions`;
  await readAllPages(tpp, tpp.pay.id, payPath, 'allowed', 'granted on the consent screen');
  await readAllPages(tpp, tpp.card.id, cardPath, 'allowed', 'granted on the consent screen');

  const next = tpp.random.weighted({ revoke: 1, delete: 1, keep: 1 });
  if (next === 'revoke') {
    // The PSU revokes the pay account for this TPP in the bank: every grant of it (§1).
    const scope = { tppId: tpp.id, customerNumber: tpp.psu.customerNumber };
    const revoked = tpp.world.bank.act((state, now) => {
      let count = 0;
      while (revokeGrant(state, { ...scope, accountId: tpp.pay.id, accountKind: 'account' }, now))
        count++;
      return count;
    });
    if (revoked === 0) throw new JourneyStop('bank console: no grant of the pay account to revoke');
    tpp.world.book.consoleRevocations++;
    await readAllPages(tpp, tpp.pay.id, payPath, 'refused', 'revoked by the PSU in the bank');
    await readAllPages(
      tpp,
      tpp.card.id,
      cardPath,
      'allowed',
      'still granted (only the account was revoked)',
    );
  } else if (next === 'delete') {
    await tpp.expect('DELETE /v1/consents/{id}', 204, {
      method: 'DELETE',
      path: `/v1/consents/${consentId}`,
    });
    await readAllPages(tpp, tpp.pay.id, payPath, 'refused', 'consent deleted by the TPP');
    await readAllPages(tpp, tpp.card.id, cardPath, 'refused', 'consent deleted by the TPP');
  }
}

// ---- payments -----------------------------------------------------------------------------

function creditorFor(tpp: SoakTpp): { iban: string; name: string } {
  const { world, random } = tpp;
  const choice = random.weighted({ tpp: 2, initial: 1, outside: 1 });
  if (choice === 'outside') return world.outsideAccount;
  if (choice === 'initial') return random.pick(world.creditorAccounts);
  const others = world.payAccounts.filter((a) => a.id !== tpp.pay.id);
  return others.length > 0
    ? { iban: random.pick(others).iban, name: 'Soak TPP customer' }
    : world.outsideAccount;
}

/** POST a §2.2 SCT from the TPP's pay account; records it with the fee it was quoted. */
async function initiate(
  tpp: SoakTpp,
  intent: 'confirm' | 'cancel' | 'delete',
): Promise<{ paymentId: string; path: string; scaRedirect?: string }> {
  const creditor = creditorFor(tpp);
  const amountMinor = tpp.random.int(100, 40_000);
  const { exchange, body } = await tpp.expect('POST /v1/payments/sepa-credit-transfers', 201, {
    method: 'POST',
    path: '/v1/payments/sepa-credit-transfers',
    headers: PAYMENT_HEADERS,
    body: {
      instructedAmount: { amount: minorUnitsToAmountString(amountMinor, 'NOK'), currency: 'NOK' },
      debtorAccount: { iban: tpp.pay.iban, currency: 'NOK' },
      creditorAccount: { iban: creditor.iban, currency: 'NOK' },
      creditorName: creditor.name,
      remittanceInformationUnstructured: `Soak ${tpp.tag()}`,
    },
  });
  const paymentId = body.paymentId as string;
  const record = {
    tppId: tpp.id,
    paymentId,
    debtorAccountId: tpp.pay.id,
    creditorIban: creditor.iban,
    amountMinor,
    currency: 'NOK',
    feeMinor: body.transactionFees
      ? (amountToMinor(body.transactionFees.amount, body.transactionFees.currency) ?? Number.NaN)
      : 0,
    intent,
    seen: [body.transactionStatus as string],
  };
  tpp.world.book.payments.push(record);
  tpp.payments.push(record);
  const scaRedirect = linkOf(exchange, 'scaRedirect');
  return {
    paymentId,
    path: `/v1/payments/sepa-credit-transfers/${paymentId}`,
    ...(scaRedirect ? { scaRedirect } : {}),
  };
}

/** GET …/status; appends what the TPP read to the payment's record. */
export async function pollStatus(tpp: SoakTpp, paymentId: string): Promise<string> {
  const { body } = await tpp.expect('GET payment status', 200, {
    method: 'GET',
    path: `/v1/payments/sepa-credit-transfers/${paymentId}/status`,
    headers: AMOUNTS_AS_STRINGS,
  });
  const status = body.transactionStatus as string;
  tpp.payments.find((p) => p.paymentId === paymentId)?.seen.push(status);
  return status;
}

/**
 * §3.2: initiate, then the PSU confirms (most), cancels the SCA, or the TPP deletes the payment
 * before SCA (sandbox, decisions.md). The batch (bank console loop) settles what was authorised.
 */
async function paymentJourney(tpp: SoakTpp): Promise<void> {
  const intent = tpp.random.weighted({ confirm: 8, cancel: 1, delete: 1 });
  const payment = await initiate(tpp, intent);
  if (intent === 'delete') {
    await tpp.expect('DELETE payment', 204, { method: 'DELETE', path: payment.path });
    const status = await pollStatus(tpp, payment.paymentId);
    if (status !== 'CANC') throw new JourneyStop(`deleted payment reads ${status}`);
    return;
  }
  if (!payment.scaRedirect) throw new JourneyStop('payment: no scaRedirect (risk policy always)');
  const redirect = await tpp.psuAnswers(payment.scaRedirect, {
    action: intent === 'cancel' ? 'cancel' : 'confirm',
  });
  if ((redirect.outcome === 'success') !== (intent === 'confirm'))
    throw new JourneyStop(`payment SCA (${intent}): ${redirect.outcome}`);
  const status = await pollStatus(tpp, payment.paymentId);
  const allowed = intent === 'confirm' ? ['ACTC', 'ACSC', 'RJCT'] : ['RJCT', 'CANC'];
  if (!allowed.includes(status)) throw new JourneyStop(`payment after SCA (${intent}): ${status}`);
}

/** §2.4: two payments signed with one SCA through a signing basket. */
async function basketJourney(tpp: SoakTpp): Promise<void> {
  // A basket is the identified PSU's (1.17.0): the first SCA of the session gives the PSU-ID.
  if (!tpp.session.psuId) return paymentJourney(tpp);
  const payments = [await initiate(tpp, 'confirm'), await initiate(tpp, 'confirm')];
  const basket = await tpp.expect('POST /v1/signing-baskets', 201, {
    method: 'POST',
    path: '/v1/signing-baskets',
    body: { paymentIds: payments.map((p) => p.paymentId) },
  });
  const basketPath = `/v1/signing-baskets/${basket.body.basketId as string}`;
  const started = await tpp.expect('POST basket authorisation', 201, {
    method: 'POST',
    path: `${basketPath}/authorisations`,
    headers: AMOUNTS_AS_STRINGS,
  });
  const redirect = await tpp.psuAnswers(tpp.link(started.exchange, 'scaRedirect', 'basket'), {
    action: 'confirm',
  });
  if (redirect.outcome !== 'success') throw new JourneyStop(`basket SCA: ${redirect.outcome}`);
  for (const payment of payments) {
    const status = await pollStatus(tpp, payment.paymentId);
    if (!['ACTC', 'ACSC', 'RJCT'].includes(status))
      throw new JourneyStop(`basket payment after SCA: ${status}`);
  }
  await tpp.expect('GET basket status', 200, { method: 'GET', path: `${basketPath}/status` });
}

/** Status polls of earlier payments (a TPP waiting for the batch). */
async function statusJourney(tpp: SoakTpp): Promise<void> {
  if (tpp.payments.length === 0) return paymentJourney(tpp);
  for (let i = 0; i < 5; i++) await pollStatus(tpp, tpp.random.pick(tpp.payments).paymentId);
}

// ---- sandbox changes (§4.3) ----------------------------------------------------------------

/**
 * Sandbox management on the TPP's own holdings: a booked deposit on the pay account from outside
 * the bank, new balances on the scratch account, or card transactions on its card. Never
 * POST /v1/sandbox/initialize: that would reset every other TPP's world mid-journey.
 */
async function sandboxJourney(tpp: SoakTpp): Promise<void> {
  const today = bankDay(tpp.world.bank.clock.now());
  const change = tpp.random.weighted({ deposit: 2, balances: 1, card: 1 });
  if (change === 'deposit') {
    const amountMinor = tpp.random.int(1_000, 100_000);
    const outside = tpp.world.outsideAccount;
    await tpp.expect('POST sandbox account transactions', 201, {
      method: 'POST',
      path: `/v1/sandbox/accounts/${tpp.pay.id}/transactions`,
      body: [
        {
          amount: amountMinor,
          currency: 'NOK',
          valueDate: today,
          bookingDate: today,
          remittanceInformationUnstructured: `Innskudd ${tpp.tag()}`,
          creditorName: 'Soak customer',
          creditorAccount: { iban: tpp.pay.iban, bban: tpp.pay.bban },
          debtorName: outside.name,
          debtorAccount: { iban: outside.iban, bban: outside.bban },
          bankTransactionCode: 'PMNT-RCDT-DMCT',
          ultimateDebtor: outside.name,
          ultimateCreditor: 'Soak customer',
          purposeCode: 'OTHR',
        },
      ],
    });
    tpp.world.book.deposits.push({ accountId: tpp.pay.id, amountMinor, currency: 'NOK' });
  } else if (change === 'balances') {
    const amount = tpp.random.int(0, 1_000_000);
    await tpp.expect('PUT sandbox balances', 200, {
      method: 'PUT',
      path: `/v1/sandbox/accounts/${tpp.scratch.id}/balances`,
      body: [{ balanceAmount: { currency: 'NOK', amount }, balanceType: 'closingBooked' }],
    });
  } else {
    const amount = -tpp.random.int(100, 50_000);
    await tpp.expect('POST sandbox card transactions', 201, {
      method: 'POST',
      path: `/v1/sandbox/card-accounts/${tpp.card.id}/transactions`,
      body: [
        {
          cardTransactionId: `soak-${tpp.tag()}`,
          terminalId: 'T0001',
          bookingDate: today,
          transactionDate: today,
          transactionAmount: { currency: 'NOK', amount },
          originalAmount: { currency: 'NOK', amount },
          merchantCategoryCode: '5411',
          cardAcceptorId: 'ACQ000000001',
          cardAcceptorAddress: { street: 'Storgata 1', city: 'Oslo', country: 'NO' },
          maskedPan: tpp.card.maskedPan,
          transactionDetails: 'Purchase Matkroken, Oslo',
          invoiced: 'false',
          proprietaryBankTransactionCode: 'PURCHASE',
        },
      ],
    });
  }
  await tpp.expect('GET sandbox account transactions', 200, {
    method: 'GET',
    path: `/v1/sandbox/accounts/${tpp.pay.id}/transactions`,
    query: { limit: PAGE_LIMIT },
  });
}
