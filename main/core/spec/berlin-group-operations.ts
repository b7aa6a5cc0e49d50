/**
 * Berlin Group NextGenPSD2 1.3.8 operations (docs/spec/berlin-group/psd2-api-1.3.8.openapi.yaml)
 * that the embedded bank does not serve, each with the interface-spec or decisions.md section that
 * leaves it out. Every other operation of that file is adopted and must be in /openapi.json; a test
 * (test/unit/bank/openapi-completeness.test.ts) reads the YAML and fails when an operation is
 * neither served nor listed here, or listed here and served after all. The list is also published
 * in the served document (`x-berlin-group-not-adopted`), so users read the same reasons.
 */

export interface NotAdoptedOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The Berlin Group path template, exactly as in the YAML. */
  path: string;
  /** The Berlin Group operationId, for readers comparing with the YAML. */
  operationId: string;
  /** Why the bank leaves it out, citing the section. */
  reason: string;
}

const PAYMENT = '/v1/{payment-service}/{payment-product}/{paymentId}';

const REDIRECT_ONLY =
  "interface-spec §5.3 item 1: SCA uses the redirect flow only, so no PSU data (credentials, SCA method, OTP) is ever sent to the API; the PSU authenticates on the bank's SCA site.";
const IMPLICIT_START =
  'interface-spec §5.3 item 1 and decisions.md "Paths": a request needing SCA is answered with an scaRedirect link, which starts the authorisation implicitly; an explicit start is adopted only for signing baskets (§4.2.1).';
const NO_CANCELLATION_SCA =
  'interface-spec §1 ("DELETE of a payment is available for all payment products in the sandbox") and decisions.md "Paths" (payment delete, sandbox only, 204): a cancellation needs no authorisation, so there is no cancellation-authorisation resource.';

export const BERLIN_GROUP_NOT_ADOPTED: readonly NotAdoptedOperation[] = [
  {
    method: 'POST',
    path: `${PAYMENT}/authorisations`,
    operationId: 'startPaymentAuthorisation',
    reason: IMPLICIT_START,
  },
  {
    method: 'PUT',
    path: `${PAYMENT}/authorisations/{authorisationId}`,
    operationId: 'updatePaymentPsuData',
    reason: REDIRECT_ONLY,
  },
  {
    method: 'POST',
    path: `${PAYMENT}/cancellation-authorisations`,
    operationId: 'startPaymentInitiationCancellationAuthorisation',
    reason: NO_CANCELLATION_SCA,
  },
  {
    method: 'GET',
    path: `${PAYMENT}/cancellation-authorisations`,
    operationId: 'getPaymentInitiationCancellationAuthorisationInformation',
    reason: NO_CANCELLATION_SCA,
  },
  {
    method: 'GET',
    path: `${PAYMENT}/cancellation-authorisations/{authorisationId}`,
    operationId: 'getPaymentCancellationScaStatus',
    reason: NO_CANCELLATION_SCA,
  },
  {
    method: 'PUT',
    path: `${PAYMENT}/cancellation-authorisations/{authorisationId}`,
    operationId: 'updatePaymentCancellationPsuData',
    reason: NO_CANCELLATION_SCA,
  },
  {
    method: 'POST',
    path: '/v1/consents/{consentId}/authorisations',
    operationId: 'startConsentAuthorisation',
    reason:
      'interface-spec §1 "Consent model": a POST to /v1/consents only returns an SCA redirect link and consent is gathered during that SCA (§5.3 item 3), so the consent authorisation is never started separately.',
  },
  {
    method: 'PUT',
    path: '/v1/consents/{consentId}/authorisations/{authorisationId}',
    operationId: 'updateConsentsPsuData',
    reason: REDIRECT_ONLY,
  },
  {
    method: 'POST',
    path: '/v1/funds-confirmations',
    operationId: 'checkAvailabilityOfFunds',
    reason:
      'interface-spec §1: a TPP acts as an AISP or a PISP only; confirmation of funds (the PIIS role) is not part of the interface.',
  },
  {
    method: 'DELETE',
    path: '/v1/signing-baskets/{basketId}',
    operationId: 'deleteSigningBasket',
    reason:
      'interface-spec §2 "Gaps": the signing basket resource itself is not shown, and decisions.md "Paths" adopts only create, read, status and start authorisation.',
  },
  {
    method: 'PUT',
    path: '/v1/signing-baskets/{basketId}/authorisations/{authorisationId}',
    operationId: 'updateSigningBasketPsuData',
    reason: REDIRECT_ONLY,
  },
];
