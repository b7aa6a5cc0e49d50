/**
 * Faults of signing baskets (§2.4).
 */
import type { FaultEntry } from './fault.js';

export const BASKETS_FAULTS = [
  // Honoured by handlers/baskets/.
  {
    ruleId: 'BASKET-CREATE-201',
    effect: 'answers a created signing basket with 200 instead of 201',
  },
  { ruleId: 'BASKET-READ-200', effect: 'answers a basket read with 404 RESOURCE_UNKNOWN' },
  { ruleId: 'BASKET-STATUS-200', effect: 'leaves transactionStatus out of the basket status' },
  {
    ruleId: 'BASKET-AUTHORISATION-PATH',
    effect: 'answers 404 for POST /v1/signing-baskets/{basketId}/authorisations',
  },
  { ruleId: 'BASKET-AUTHORISATION-201', effect: 'answers a started basket authorisation with 200' },
  {
    ruleId: 'BASKET-AUTHORISATION-LIKE-SINGLE-PAYMENT',
    effect: 'the basket SCA authorises only the first payment of the basket',
  },
  {
    ruleId: 'BASKET-NOT-ATOMIC-WORST-STATUS',
    effect: 'reports the best case of the payments as the basket status',
  },
  {
    ruleId: 'BASKET-PAYMENT-STATUS-INDIVIDUAL',
    effect: 'answers the status of a payment in a basket with 404 (read the basket instead)',
  },
  {
    ruleId: 'BASKET-REFERENCE-MIX-INVALID',
    effect: 'accepts bulk and periodic payments in a signing basket',
  },
  {
    ruleId: 'BASKET-NCBCT',
    effect: 'refuses NCBCT payments in a signing basket (PRODUCT_INVALID)',
  },
  {
    ruleId: 'HDR-BASKET-AUTHORISATION-REQUIRED',
    effect: 'does not require PSU-ID on start signing basket authorisation',
  },
  {
    ruleId: 'HDR-BASKET-AUTHORISATION-OPTIONAL',
    effect: 'refuses TPP-Redirect-Preferred on start signing basket authorisation',
  },
] as const satisfies readonly FaultEntry[];
