/**
 * The payment routes (decisions.md "Paths", §4.2.2): for each payment service — payments,
 * bulk-payments, periodic-payments — initiate, read, read status, read the SCA status, list the
 * authorisations, and (sandbox only, §1) delete. The service is a literal path segment, so an
 * unknown service is 404 NOT_FOUND from the route stage; the product is a path parameter the
 * params stage checks once for every route (404 PRODUCT_UNKNOWN, 400 PRODUCT_INVALID).
 */
import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import { PAYMENT_PRODUCTS, PAYMENT_SERVICES, type PaymentService } from '../../../spec/enums.js';
import {
  BulkPaymentInitiationSchema,
  PaymentInformationResponseSchema,
  PaymentInitiationResponseSchema,
  PaymentInitiationSctSchema,
  PaymentStatusResponseSchema,
  PeriodicPaymentInitiationSchema,
} from '../../../spec/schemas/payments.js';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import { PRODUCTS_OF_SERVICE } from '../../domain/payments.js';
import type { RequestContext, RouteDefinition } from '../../context/request-context.js';
import { AuthorisationIdsShape, READ_HEADERS, ScaStatusShape } from '../sca/api-shapes.js';
import { initiationHandler } from './initiate.js';
import { resolvePaymentPath } from './lookup.js';
import {
  cancelPaymentHandler,
  listPaymentAuthorisationsHandler,
  readPaymentHandler,
  readPaymentScaStatusHandler,
  readPaymentStatusHandler,
} from './read.js';
import { PAYMENT_INITIATION_HEADERS } from './shapes.js';

const BODIES: Record<PaymentService, { schema: TSchema; description: string; name: string }> = {
  payments: {
    name: 'Payment',
    schema: PaymentInitiationSctSchema,
    description:
      '§2.2 for every product. Product rules: Norwegian domestic products carry NOK between NO IBANs and take a KID in remittanceInformationStructuredArray[0].reference (MOD10 or MOD11; KID_MISSING, KID_INVALID); instant products pay own accounts in this bank only (1.21.8, PRODUCT_INVALID); cross-border-credit-transfers needs creditorAddress. remittanceInformationStructured is refused from 2024-09-05 (§9(3)).',
  },
  'bulk-payments': {
    name: 'BulkPayment',
    schema: BulkPaymentInitiationSchema,
    description:
      'Berlin Group bulk body: one debtorAccount, 1 to 100 credit transfers with the §2.2 field rules (paths payments[i].…).',
  },
  'periodic-payments': {
    name: 'PeriodicPayment',
    schema: PeriodicPaymentInitiationSchema,
    description:
      'Berlin Group periodic body: the §2.2 fields plus startDate (not in the past), endDate, executionRule, frequency, dayOfExecution, and monthsOfExecution (only with MonthlyVariable; duplicates rejected, 1.18.1).',
  },
};

const PRODUCT = {
  'payment-product': { description: `One of ${PAYMENT_PRODUCTS.join(', ')} (decisions.md).` },
};
const PAYMENT_ID = { ...PRODUCT, paymentId: { description: 'The paymentId of the 201 answer.' } };
const ERRORS = {
  404: {
    description: 'PRODUCT_UNKNOWN, or RESOURCE_UNKNOWN: not a payment of this TPP.',
    schema: ErrorResponseSchema,
  },
};

function routesOf(service: PaymentService): RouteDefinition[] {
  const body = BODIES[service];
  const base = `/v1/${service}/{payment-product}`;
  const item = `${base}/{paymentId}`;
  const common = {
    tag: 'Payments (PIS)',
    tppRole: 'PISP' as const,
    signed: true,
    access: 'none' as const,
    // §4.2.2: the product is checked once, for every payment route (params stage).
    resolveParams: (ctx: RequestContext) => resolvePaymentPath(ctx, service),
  };
  return [
    {
      ...common,
      operationId: `initiate${body.name}`,
      method: 'POST',
      path: base,
      summary: `Initiate a payment (${service})`,
      description: [
        `§4.2.2, §2.2, §2.3. Products: ${PRODUCTS_OF_SERVICE[service].join(', ')} (others: PRODUCT_INVALID).`,
        'PSU-ID (or X-PSU-IDENTITY) names the payer; a single-SCA initiation (release 1.17.0: no PSU-ID yet) sends PSU-Context instead, and the SCA identifies the PSU.',
        'A logical duplicate (same TPP, PSU, accounts, amounts, date and remittance within 24 hours, not rejected or cancelled) is 409 CONFLICT unless allowLogicalDuplicate=true.',
        'requestedExecutionDate (startDate) in the past: 400 EXECUTION_DATE_INVALID. Fees (transactionFees, transactionFeeIndicator) follow the bank fee schedule, conversion included.',
        'The risk rule may exempt the payment (transactionStatus after approval, no scaRedirect); otherwise the PSU authorises it at _links.scaRedirect. docs/payments.md.',
      ].join(' '),
      modes: ['sandbox', 'production'],
      headers: PAYMENT_INITIATION_HEADERS,
      acceptFixValue: 'amount-as-string',
      requirementFaults: { 'HDR-PAYMENT-REQUIRED': ['psu-ip-address'] },
      pathParameters: PRODUCT,
      query: Type.Object({
        allowLogicalDuplicate: Type.Optional(
          Type.Boolean({ description: 'Allow a logical duplicate (default false: 409 CONFLICT).' }),
        ),
      }),
      body: { schema: body.schema, description: body.description },
      responses: {
        201: {
          description: 'Payment initiation response (§2.3).',
          schema: PaymentInitiationResponseSchema,
          headers: ['Location', 'ASPSP-SCA-Approach'],
        },
        400: {
          description: 'Field, KID, product or execution date error.',
          schema: ErrorResponseSchema,
        },
        404: { description: 'PRODUCT_UNKNOWN.', schema: ErrorResponseSchema },
        409: { description: 'CONFLICT: logical duplicate.', schema: ErrorResponseSchema },
      },
      handle: initiationHandler,
    },
    {
      ...common,
      operationId: `get${body.name}`,
      method: 'GET',
      path: item,
      summary: `Read a payment (${service})`,
      description:
        'The initiation body as received plus transactionStatus. Norwegian domestic transfers: 403 FORBIDDEN before the PSU approved them (§3.2).',
      modes: ['sandbox', 'production'],
      headers: READ_HEADERS,
      pathParameters: PAYMENT_ID,
      responses: {
        200: { description: 'The payment.', schema: PaymentInformationResponseSchema },
        403: { description: 'FORBIDDEN: not yet approved (§3.2).', schema: ErrorResponseSchema },
        ...ERRORS,
      },
      handle: readPaymentHandler,
    },
    {
      ...common,
      operationId: `get${body.name}Status`,
      method: 'GET',
      path: `${item}/status`,
      summary: `Read the status of a payment (${service})`,
      description:
        '§3.2: RCVD → ACTC (authorised) or ACCP (periodic) → ACSC / RJCT (batch run) / PART (bulk); CANC (deleted). fundsAvailable (1.14.2): false when rejected for lack of funds; before settlement whether the debtor account covers the payment now. Norwegian domestic: 403 before approval.',
      modes: ['sandbox', 'production'],
      headers: READ_HEADERS,
      pathParameters: PAYMENT_ID,
      responses: {
        200: {
          description: 'transactionStatus and fundsAvailable.',
          schema: PaymentStatusResponseSchema,
        },
        403: { description: 'FORBIDDEN: not yet approved (§3.2).', schema: ErrorResponseSchema },
        ...ERRORS,
      },
      handle: readPaymentStatusHandler,
    },
    {
      ...common,
      operationId: `get${body.name}Authorisations`,
      method: 'GET',
      path: `${item}/authorisations`,
      summary: `List the authorisations of a payment (${service})`,
      description: 'Berlin Group authorisations: `{ authorisationIds }`.',
      modes: ['sandbox', 'production'],
      headers: READ_HEADERS,
      pathParameters: PAYMENT_ID,
      responses: {
        200: { description: 'Authorisation ids.', schema: AuthorisationIdsShape },
        ...ERRORS,
      },
      handle: listPaymentAuthorisationsHandler,
    },
    {
      ...common,
      operationId: `get${body.name}ScaStatus`,
      method: 'GET',
      path: `${item}/authorisations/{authorisationId}`,
      summary: `Read the SCA status of a payment authorisation (${service})`,
      description: '§3.1; the scaStatus link of the 201 answer.',
      modes: ['sandbox', 'production'],
      headers: READ_HEADERS,
      pathParameters: {
        ...PAYMENT_ID,
        authorisationId: { description: 'From the scaStatus link.' },
      },
      responses: { 200: { description: 'scaStatus.', schema: ScaStatusShape }, ...ERRORS },
      handle: readPaymentScaStatusHandler,
    },
    {
      ...common,
      operationId: `cancel${body.name}`,
      method: 'DELETE',
      path: item,
      summary: `Delete a payment (${service}, sandbox)`,
      description:
        '§1: available for every product in the sandbox (decisions.md: sandbox only). 204; the payment becomes CANC (a periodic one stops). A settled or rejected payment: 409 CONFLICT. Production mode has no DELETE: 405 with Allow: GET.',
      modes: ['sandbox'],
      headers: READ_HEADERS,
      pathParameters: PAYMENT_ID,
      responses: {
        204: { description: 'Cancelled (CANC).' },
        409: { description: 'CONFLICT: already settled or rejected.', schema: ErrorResponseSchema },
        ...ERRORS,
      },
      handle: cancelPaymentHandler,
    },
  ];
}

export const PAYMENT_ROUTES: readonly RouteDefinition[] = PAYMENT_SERVICES.flatMap(routesOf);
