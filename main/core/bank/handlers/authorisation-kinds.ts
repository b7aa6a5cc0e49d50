/**
 * The kinds of authorisation, one explicit list (docs/sca.md): what the bank's SCA page shows the
 * PSU for each, and what confirming or failing it does to its resource. A Record over
 * AuthorisationKind, so a kind without its handler does not compile; nothing registers itself on
 * import. The SCA pages (pages/flow.ts, sca/sca-pages.ts) hand this list to the domain's
 * authorisation functions (domain/authorisations.ts).
 */
import type { AuthorisationKinds } from '../domain/authorisations.js';
import { consentAuthorisation } from './consents.js';
import { basketAuthorisation, paymentAuthorisation } from './payments/kinds.js';
import { userAuthorisation } from './user.js';

export const AUTHORISATION_KINDS: AuthorisationKinds = {
  consent: consentAuthorisation,
  payment: paymentAuthorisation,
  basket: basketAuthorisation,
  user: userAuthorisation,
};
