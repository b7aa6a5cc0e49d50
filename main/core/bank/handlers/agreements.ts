/**
 * GET /v1/agreements (§1 "corporate id, way 2", decisions.md): the corporate agreements the PSU
 * (PSU-ID or X-PSU-IDENTITY) represents, each with the psu-corporate-id this TPP sends in
 * PSU-Corporate-ID. Berlin Group has no shape; the workbench's is
 * `{ agreements: [{ psuCorporateId, name, corporationName?, consentStatus? }] }` (docs/sca.md).
 * A chosen agreement without consent needs a new consent flow (POST /v1/consents with
 * PSU-Corporate-ID): `consentStatus` tells which have one.
 */
import { latestConsent } from '../domain/access.js';
import { agreementsRepresentedBy, psuCorporateIdFor } from '../domain/psu.js';
import { psuContextOf } from '../context/accessors.js';
import { randomUUID } from 'node:crypto';
import { faultActive } from '../faults/index.js';
import type { RouteDefinition } from '../context/request-context.js';
import { AgreementsShape, READ_HEADERS } from './sca/api-shapes.js';

export const getAgreements: RouteDefinition = {
  operationId: 'getAgreements',
  method: 'GET',
  path: '/v1/agreements',
  summary: "The PSU's corporate agreements",
  description: [
    "§1: lists the corporate agreements the PSU represents, each with its psuCorporateId for this TPP (stable per TPP and agreement, §6.1), the corporation's name and the status of this TPP's latest consent in that agreement (absent: none yet — start one with POST /v1/consents and PSU-Corporate-ID).",
    'Needs PSU-ID or X-PSU-IDENTITY; PSU-Corporate-ID is not required here, even after corporate SCA. Any TPP role.',
  ].join(' '),
  tag: 'PSU',
  modes: ['sandbox', 'production'],
  headers: READ_HEADERS,
  tppRole: null,
  signed: true,
  access: 'psu',
  corporateIdOptional: true,
  responses: { 200: { description: 'Corporate agreements.', schema: AgreementsShape } },
  handle(ctx, env) {
    const psu = psuContextOf(ctx)!;
    const customerNumber = psu.customerNumber!;
    const represented = agreementsRepresentedBy(env.state, customerNumber);
    const consentOf = (agreementId: string) =>
      latestConsent(env.state, { tppId: psu.tppId, customerNumber, agreementId }, ctx.now);
    // Fault: the newest consent of any agreement stands for all of them.
    const anyLatest = faultActive(ctx, 'CORP-NEW-AGREEMENT-NEEDS-CONSENT')
      ? represented
          .map((agreement) => consentOf(agreement.id))
          .filter((consent) => consent !== undefined)
          .sort((a, b) => (a.scaCompletedAt! < b.scaCompletedAt! ? 1 : -1))[0]
      : undefined;
    const agreements = represented.map((agreement) => {
      const entry: Record<string, unknown> = {
        psuCorporateId: faultActive(ctx, 'CORP-ID-FROM-AGREEMENTS')
          ? randomUUID()
          : psuCorporateIdFor(env.state, psu.tppId, agreement.id),
        name: agreement.name,
      };
      const owner = env.state.customers.find((c) => c.customerNumber === agreement.owner);
      if (owner) entry.corporationName = owner.name;
      const consent = anyLatest ?? consentOf(agreement.id);
      if (consent) entry.consentStatus = consent.consentStatus;
      return entry;
    });
    return { status: 200, body: { agreements } };
  },
};
