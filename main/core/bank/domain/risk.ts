/**
 * §3.1 risk rule: the bank may exempt a transaction from SCA or require SCA on any transaction;
 * the TPP learns which only from the presence of `_links.scaRedirect`. BankBehaviour.riskPolicy
 * (bank console) decides for payments and baskets; what can never be exempted is fixed here.
 */
import type { DomainEntities } from './model.js';
import { profileActive } from '../faults/index.js';

export interface ScaFacts {
  /** What the call does. 'account-information' is an AIS read beyond the consent's reach. */
  kind: 'payment' | 'basket' | 'consent' | 'user' | 'account-information';
  /** Payment or basket total in minor units of its currency (§2.1, decisions.md). */
  amountMinor?: number;
  /** Whether the request's TPP session holds SCA inside its hour (ResolvedPsu.sessionState). */
  sessionValid?: boolean;
}

/**
 * True when the call needs an SCA redirect; false means EXEMPTED (startAuthorisation with
 * `exempted: true`) or covered by the session's SCA. Rules (docs/sca.md "Risk"):
 * - consent: always (§5.3.3: consent is gathered during SCA, so it cannot be skipped);
 * - user, account-information: unless the session holds SCA (§3.4, §5.3.4);
 * - payment, basket: dynamic linking, so never covered by the session (§5.3.4); riskPolicy
 *   'always' → SCA, 'never' → exempt, 'exempt-below' → exempt when amountMinor ≤ thresholdMinor
 *   (the threshold is in the payment currency's minor units; an unknown amount needs SCA).
 */
export function scaRequired(state: DomainEntities, facts: ScaFacts): boolean {
  switch (facts.kind) {
    case 'consent':
      return true;
    case 'user':
    case 'account-information':
      return facts.sessionValid !== true;
    case 'payment':
    case 'basket': {
      // Fault (a state-level profile: the payment handlers pass no request context here).
      if (profileActive(state, 'SESSION-DYNAMIC-LINKING-NOT-EXEMPT')) return false;
      const policy = state.behaviour.riskPolicy;
      if (policy.mode === 'always') return true;
      if (policy.mode === 'never') return false;
      return facts.amountMinor === undefined || facts.amountMinor > policy.thresholdMinor;
    }
  }
}
