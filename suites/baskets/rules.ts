/** Signing baskets: §2.4, §3.2, §4.2.1 and the basket paths of decisions.md. */
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const basketRules = rulesOf('baskets', [
  {
    id: 'BASKET-CREATE-201',
    section: 'decisions.md#Paths',
    statement:
      'POST /v1/signing-baskets (body paymentIds, consentIds) answers 201 with basketId, transactionStatus and _links.',
    testable: true,
  },
  {
    id: 'BASKET-READ-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/signing-baskets/{basketId} answers 200.',
    testable: true,
  },
  {
    id: 'BASKET-STATUS-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/signing-baskets/{basketId}/status answers 200.',
    testable: true,
  },
  {
    id: 'BASKET-AUTHORISATION-PATH',
    section: 'decisions.md#Paths',
    seeAlso: ['§4.2.1'],
    statement:
      'Start signing basket authorisation is POST /v1/signing-baskets/{basketId}/authorisations.',
    testable: true,
  },
  {
    id: 'BASKET-AUTHORISATION-201',
    section: '§4.2.1',
    seeAlso: ['§2.4'],
    statement:
      'Start signing basket authorisation answers 201 with scaStatus (O) and _links (O) (§2.4).',
    testable: true,
  },
  {
    id: 'BASKET-AUTHORISATION-LIKE-SINGLE-PAYMENT',
    section: '§4.2.1',
    statement:
      'Start signing basket authorisation starts the authorisation of the basket in the same way as for a single payment.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'BASKET-ID-OPAQUE',
    section: '§4.2.1',
    statement: 'The path parameter basketId is an opaque basket identifier.',
    testable: false,
    reason:
      "Opacity is an instruction to the TPP not to interpret the id, and no bank behaviour follows from it. Nor can the bank judge the client on it: a client that parses an id but sends it unchanged makes the same requests as one that does not, and one that alters it meets RESOURCE_UNKNOWN, the bank's side (ERR-STATUS-404), indistinguishable from an id that expired.",
  },
  {
    id: 'BASKET-NOT-ATOMIC-WORST-STATUS',
    section: '§3.2',
    statement:
      'A signing basket is not atomic; its single status only represents the worst case of the payments inside it.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'BASKET-PAYMENT-STATUS-INDIVIDUAL',
    section: '§3.2',
    statement:
      'The status of each payment in a basket is read individually with GET /v1/payments/{payment-product}/{payment-id}/status.',
    testable: true,
  },
  {
    id: 'BASKET-REFERENCE-MIX-INVALID',
    section: '§3.2',
    seeAlso: ['§7(2)', '§7(3)', '§9(4)'],
    statement:
      'Bulk and periodic payments cannot be put into a signing basket (error REFERENCE_MIX_INVALID, status 400).',
    testable: true,
  },
  {
    id: 'BASKET-NCBCT',
    section: '§9(4)',
    seeAlso: ['decisions.md#Paths'],
    statement: 'Signing baskets support the NCBCT payment product (release 1.21.20).',
    testable: true,
  },
]);
