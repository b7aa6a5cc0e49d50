/**
 * Signing baskets (decisions.md "Paths", §2.4, §3.2, §4.2.1; Berlin Group 1.3.8 where the spec
 * says "not shown"): create with paymentIds, read, read status, start the authorisation (one SCA
 * for all its payments), read its SCA status. Rules (docs/payments.md):
 * - a basket holds payments of this TPP that still wait for authorisation (RCVD) and are in no
 *   other basket (else 409 CONFLICT); bulk and periodic payments are refused with 400
 *   REFERENCE_MIX_INVALID (§3.2, 1.7.13); NCBCT payments are welcome (1.21.20);
 * - consentIds: bank-offered consent is gathered on its own consent screen (§1), so a basket cannot
 *   sign consents: a non-empty consentIds is 400 BAD_REQUEST;
 * - not atomic: the SCA approves each payment on its own; the basket's status is the worst case
 *   of its payments, each readable on its own (§3.2).
 */
import type { RouteDefinition } from '../../context/request-context.js';
import { startSigningBasketAuthorisation } from './authorise.js';
import { createSigningBasket } from './create.js';
import {
  getSigningBasket,
  getSigningBasketAuthorisations,
  getSigningBasketScaStatus,
  getSigningBasketStatus,
} from './read.js';

export const SIGNING_BASKET_ROUTES: readonly RouteDefinition[] = [
  createSigningBasket,
  getSigningBasket,
  getSigningBasketStatus,
  startSigningBasketAuthorisation,
  getSigningBasketAuthorisations,
  getSigningBasketScaStatus,
];
