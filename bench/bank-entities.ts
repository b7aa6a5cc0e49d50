/**
 * `npm run bench:bank`, a bank holding N consents and N payments: the bench's TPP (its QSealC and
 * its signed requests), a consent and a payment the bank made itself to copy, and the state with N
 * copies of each (engine-stores.ts, bank-memory.ts, open-payments.ts), and the median latency of
 * in-process `bank.handle` calls.
 *
 * The N entities are copies of a consent and a payment the bank made itself (so every field is as
 * the bank writes it), with their own ids, the payments settled (ACSC) as in a long-running
 * sandbox where almost all are final.
 */
import type { KeyObject } from 'node:crypto';
import { createBank, type Bank, type BankRequest } from '../main/core/bank/index.js';
import { buildInitialState } from '../main/core/bank/domain/initial-data.js';
import type { Consent, DomainState, Payment } from '../main/core/bank/domain/model.js';
import type { VirtualClock } from '../main/core/clock.js';
import { signRequest } from '../main/core/tpp/signer.js';
import { createTestCa, issueQsealc } from '../main/core/certs/issue.js';
import { median } from './cpu-per-request.js';

export interface Seal {
  certificateDer: Buffer;
  privateKey: KeyObject | string;
}

const OLA_NIN = '15038512363';
const OLA_ACCOUNT = 'NO5297100512347';
const KARI_ACCOUNT = 'NO6997100712346';

/** A QSealC of a TPP with both roles, from a test CA of its own. */
export async function benchSeal() {
  const ca = await createTestCa();
  return issueQsealc({
    issuer: ca.issuer,
    subject: { commonName: 'Bench TPP', countryName: 'NO', organizationIdentifier: 'PSDNO-FSA-1' },
    roles: ['PSP_AI', 'PSP_PI'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
}

let counter = 0;
/**
 * A signed request, lower-cased as node:http gives it; `session` adds the §4 headers of a TPP
 * acting in a PSU's session (the consent and payment rows need them).
 */
export function benchRequest(
  seal: Seal,
  method: string,
  target: string,
  body?: unknown,
  session = false,
): BankRequest {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const n = (counter += 1).toString(16).padStart(12, '0');
  const headers = signRequest({
    method,
    path: target,
    headers: {
      'X-Request-ID': `6f1c2a9e-7023-4848-9853-${n}`,
      ...(session ? SESSION_HEADERS : {}),
      ...(payload ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(payload ? { body: payload } : {}),
    certificate: seal.certificateDer,
    signingKey: seal.privateKey as never,
  }).headers;
  const lower: Record<string, string> = { host: '127.0.0.1' };
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return {
    method,
    target,
    headers: lower,
    duplicateHeaders: [],
    body: payload ?? Buffer.alloc(0),
    remoteAddress: '127.0.0.1',
  };
}

const SESSION_HEADERS = {
  'X-PSU-IDENTITY': OLA_NIN,
  'x-accept-fix': 'amount-as-string',
  'TPP-Session-ID': 'bench-session',
  'TPP-Redirect-URI': 'https://tpp.example/callback',
  'PSU-IP-Address': '192.0.2.10',
};

export const tppRequest = (seal: Seal, method: string, target: string, body?: unknown) =>
  benchRequest(seal, method, target, body, true);

const transfer = (cents: number) => ({
  instructedAmount: { amount: (cents / 100).toFixed(2), currency: 'NOK' },
  debtorAccount: { iban: OLA_ACCOUNT, currency: 'NOK' },
  creditorAccount: { iban: KARI_ACCOUNT, currency: 'NOK' },
  creditorName: 'Kari Nordmann',
  remittanceInformationUnstructured: `bench ${cents}`,
});

async function expectStatus(bank: Bank, request: BankRequest, status: number) {
  const response = await bank.handle(request);
  if (response.status !== status)
    throw new Error(`${request.method} ${request.target}: ${response.status} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown>;
}

/** A consent and a payment (RCVD, never authorised) as the bank makes them, to copy. */
export async function templates(seal: Seal, clock: VirtualClock) {
  const bank = createBank({ mode: 'sandbox', clock });
  await expectStatus(
    bank,
    tppRequest(seal, 'POST', '/v1/consents', {
      access: { accounts: [{ iban: OLA_ACCOUNT }] },
      recurringIndicator: true,
      validUntil: '2099-12-31',
      frequencyPerDay: 4,
    }),
    201,
  );
  await expectStatus(
    bank,
    tppRequest(seal, 'POST', '/v1/payments/sepa-credit-transfers', transfer(100)),
    201,
  );
  const state = bank.state();
  await bank.close();
  return { consent: state.consents[0]!, payment: state.payments[0]! };
}

/** The initial state with `count` consents and payments; the template consent is the last. */
export function stateWith(
  count: number,
  now: Date,
  consent: Consent,
  payment: Payment,
): DomainState {
  const state = buildInitialState(now);
  for (let i = 0; i < count; i += 1) {
    state.consents.push({ ...structuredClone(consent), consentId: `bench-consent-${i}` });
    state.payments.push({
      ...structuredClone(payment),
      paymentId: `bench-payment-${i}`,
      transactionStatus: 'ACSC',
    });
  }
  state.consents.push(structuredClone(consent));
  return state;
}

export async function getLatencyMs(
  bank: Bank,
  request: BankRequest,
  calls: number,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now();
    const response = await bank.handle(request);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET answered ${response.status}`);
  }
  return median(times);
}
