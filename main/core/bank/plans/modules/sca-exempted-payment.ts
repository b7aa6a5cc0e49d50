/**
 * §3.1: the bank may exempt a transaction from SCA, depending on risk analysis; the TPP learns it
 * only from the answer, which then carries no scaRedirect. The module plays that analysis with
 * the bank's own risk rule (domain/risk.ts): from setup until it has exempted one payment, the
 * bank's risk policy exempts every payment whose payer the initiation names (PSU-ID or
 * X-PSU-IDENTITY; a single-SCA initiation, whose payer only its SCA names, still needs SCA,
 * handlers/payments/initiate.ts). The exempted payment is created and authorised for real, so
 * its status reads and the batch work as for any other. After the first exempted 201, and when
 * the window closes, the tester's policy is back; after the app's first status read the bank runs
 * its payment batch (as PAYMENT-STATUS-POLLING does), so an app following the payment sees it
 * final. The app must read the payment, not send it again nor ask for its SCA
 * (log/tpp-findings/sca-exemption.ts).
 */
import { runBatchNow } from '../../domain/batch.js';
import type { BankBehaviour, DomainState } from '../../domain/model.js';
import { isPaymentInitiationPath } from '../../log/tpp-findings/sca-exemption.js';
import type { Observation } from '../../log/tpp-findings/recorder.js';
import type { PlanModule } from '../model.js';
import { paymentNames } from './payment-status-polling.js';
import { answered, firstMissing } from './window.js';

const RULE = 'TPP-SCA-EXEMPTION-HONOURED';

type RiskPolicy = BankBehaviour['riskPolicy'];

/** What the module keeps: the tester's risk policy while its own is in force. */
interface Memory {
  policy?: RiskPolicy;
  /** The exempted payment's status path, once its 201 went out; settled once the batch ran. */
  statusPath?: string;
  settled?: boolean;
}

/** A 201 to a payment initiation with no scaRedirect link: the bank exempted the payment. */
const isExempted = (observation: Observation) => {
  const links = (observation.responseBody as { _links?: Record<string, unknown> } | undefined)
    ?._links;
  return links !== undefined && links.scaRedirect === undefined;
};

/** Puts the tester's policy back, unless someone changed the policy since the module set it. */
function restore(state: DomainState, memory: Memory): void {
  const { policy } = memory;
  if (policy === undefined) return;
  delete memory.policy;
  if (state.behaviour.riskPolicy.mode === 'never') state.behaviour.riskPolicy = policy;
}

export const SCA_EXEMPTED_PAYMENT: PlanModule = {
  id: 'SCA-EXEMPTED-PAYMENT',
  title: 'Reads a payment the bank exempted from SCA, and does not send it again (§3.1)',
  section: '§3.1',
  rules: [RULE],
  instruction:
    'In your app, as {psu} (national identity number {nin}), pay 100.00 NOK from {debtor} to {creditor} (a SEPA credit transfer), naming the PSU on the initiation: the PSU-ID your app holds for them, or X-PSU-IDENTITY {nin}. The bank exempts this payment from SCA: its 201 has no scaRedirect, and the payment is created and authorised. Your app reads its status (after the first read the bank runs its payment batch, so the next read answers a final status) and does not send the payment again, nor asks for an SCA of it.',
  setup({ state, memory }) {
    const names = paymentNames(state);
    (memory as Memory).policy = { ...state.behaviour.riskPolicy };
    state.behaviour.riskPolicy = { ...state.behaviour.riskPolicy, mode: 'never' };
    return names;
  },
  react(observation, { memory, change }) {
    const { record, route } = observation;
    const state = memory as Memory;
    const target = record.request.target.split('?')[0];
    if (state.statusPath !== undefined) {
      if (state.settled || target !== state.statusPath || record.response.status !== 200) return;
      state.settled = true;
      change((domain, now) => {
        runBatchNow(domain, now);
      });
      return;
    }
    if (route === undefined || record.request.method !== 'POST') return;
    if (!isPaymentInitiationPath(route.path) || record.response.status !== 201) return;
    const paymentId = (observation.responseBody as { paymentId?: unknown } | undefined)?.paymentId;
    if (!isExempted(observation) || typeof paymentId !== 'string') return;
    state.statusPath = `${target}/${paymentId}/status`;
    // One payment exempted: the bank's risk analysis is the tester's again for what follows.
    change((domain) => restore(domain, state));
  },
  finish({ state, memory }) {
    restore(state, memory as Memory);
  },
  missing({ observations, tally }) {
    const initiated = answered(observations, 'POST', isPaymentInitiationPath, 201);
    return firstMissing(
      [initiated.length === 0, 'no payment was initiated (no POST /v1/payments/… answered 201)'],
      [
        !initiated.some(isExempted),
        'the bank exempted no payment: name the PSU on the initiation (PSU-ID or X-PSU-IDENTITY); a single-SCA initiation (PSU-Context only) always needs SCA',
      ],
      [
        tally(RULE).passes === 0,
        'the app did not read the exempted payment or its status (GET …/{paymentId}/status)',
      ],
    );
  },
};
