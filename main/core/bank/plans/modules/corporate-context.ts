/**
 * §1, §5.3(8): after SCA in corporate context the redirect carries the PSU-Corporate-ID, and the
 * TPP sends it, with the PSU-ID, on later calls (§7.3: without it a corporate user's call is
 * refused). Setup names a private customer who represents a corporate agreement with accounts the
 * consent screen offers, so the PSU can choose it on the bank's context page. A call with a
 * PSU-Corporate-ID the bank never gave this TPP, or none after a corporate SCA, is refused by the
 * session stage (TPP-PSU-CORPORATE-ID fails); one with the id of the redirect passes it.
 */
import { agreementsRepresentedBy, consentableAccounts } from '../../domain/parties.js';
import type { DomainState } from '../../domain/model.js';
import type { PlanModule } from '../model.js';
import { firstMissing, pageVisits, tppRequests } from './window.js';

/** Ola Nordmann first (the sandbox's usual PSU), else any private customer with such an agreement. */
function corporatePsu(state: DomainState) {
  const customers = [
    ...state.customers.filter((customer) => customer.name === 'Ola Nordmann'),
    ...state.customers.filter((customer) => customer.type === 'PRIVATE'),
  ];
  for (const customer of customers) {
    const agreement = agreementsRepresentedBy(state, customer.customerNumber).find(
      (candidate) =>
        consentableAccounts(state, {
          customerNumber: customer.customerNumber,
          agreementId: candidate.id,
        }).length > 0,
    );
    if (agreement) return { customer, agreement };
  }
  throw new Error(
    'the bank has no private customer representing a corporate agreement with consentable accounts',
  );
}

export const CORPORATE_CONTEXT: PlanModule = {
  id: 'CORPORATE-CONTEXT',
  title: 'Sends the PSU-Corporate-ID the corporate SCA returned (§1, §5.3(8))',
  section: '§1, §5.3(8)',
  rules: ['TPP-PSU-CORPORATE-ID'],
  instruction:
    'In your app, start a consent and take {psu} (national identity number {nin}) through the SCA pages; on the context page choose the corporate agreement “{agreement}”. When the bank redirects back, read the accounts: your app sends the PSU-ID and the PSU-Corporate-ID the redirect carried.',
  setup({ state }) {
    const { customer, agreement } = corporatePsu(state);
    return { psu: customer.name, nin: customer.nationalIdentityNumber, agreement: agreement.name };
  },
  missing({ observations, tally }) {
    return firstMissing(
      [tppRequests(observations).length === 0, 'the app sent no request while the module ran'],
      [
        pageVisits(observations).length === 0,
        'no PSU reached the bank’s SCA pages, so the bank gave no PSU-Corporate-ID',
      ],
      [
        tally('TPP-PSU-CORPORATE-ID').passes === 0,
        'no request after the SCA carried a PSU-Corporate-ID (choose the corporate agreement on the context page, then read the accounts)',
      ],
    );
  },
};
