/**
 * General rules about the TPP (§1): a TPP registered for the role it acts in, and an eIDAS
 * certificate from a CA the bank trusts.
 */
import { randomUUID } from 'node:crypto';
import { createTestCa, generateRsaKeyPair, issueQsealc } from '../../main/core/certs/index.js';
import { signRequest } from '../../main/core/tpp/signer.js';
import {
  defineCheck,
  type Check,
  type TargetRequest,
} from '../../main/core/runner/check-api/index.js';
import { PaymentInitiationResponseSchema } from '../../main/core/spec/schemas/payments.js';
import { CONSENT_CREATED_SCHEMA, probeControl } from '../kit/probe.js';
import { expectAnswer, expectRefusal, sendControl } from '../kit/controls.js';
import { paymentParty, uniqueRemittance } from '../kit/payments.js';
import { generalCheck } from './check.js';

/** A TPP certificate from a CA the bank does not know, made for this check (1024-bit keys: fast). */
async function untrustedSeal() {
  const key = await generateRsaKeyPair(1024);
  const ca = await createTestCa({
    rootKey: key,
    intermediateKey: key,
    rootSubject: { commonName: 'Unknown Root CA', organizationName: 'Nobody', countryName: 'NO' },
  });
  return issueQsealc({
    issuer: ca.issuer,
    keyPair: key,
    subject: {
      commonName: 'Untrusted TPP',
      organizationName: 'Untrusted TPP',
      countryName: 'NO',
      organizationIdentifier: 'PSDNO-FSA-UNTRUSTED',
    },
    roles: ['PSP_AI', 'PSP_PI'],
    ncaName: 'Finanstilsynet',
    ncaId: 'NO-FSA',
  });
}

export const tppIdentityChecks: Check[] = [
  defineCheck({
    id: 'GEN-ROLE-MUST-BE-REGISTERED',
    title: 'A TPP registered for AISP only may read consents but not initiate payments',
    area: 'general',
    rules: ['GEN-TPP-ROLE-REGISTERED'],
    // The sandbox checks signatures, not the registry (§1: registries are checked on production calls).
    modes: ['production'],
    async run(ctx) {
      const aisp = ctx.aispOnlyClient;
      if (!aisp) ctx.skip('this run has no second TPP registered for AISP only');
      const party = await paymentParty(ctx);
      const consent = await aisp!.send({
        method: 'POST',
        path: '/v1/consents',
        body: {},
        label: 'AISP-only TPP: consent',
      });
      expectAnswer(
        ctx,
        consent,
        201,
        CONSENT_CREATED_SCHEMA,
        'an AIS call by a TPP registered for AISP',
      );
      const payment: TargetRequest = {
        method: 'POST',
        path: '/v1/payments/sepa-credit-transfers',
        headers: { 'x-accept-fix': 'amount-as-string', 'PSU-Context': 'PRIVATE' },
        body: {
          instructedAmount: { currency: 'NOK', amount: '10.00' },
          creditorName: party.creditor.name,
          creditorAccount: { iban: 'NO9386011117947', currency: 'NOK' },
          debtorAccount: { iban: party.debtor, currency: 'NOK' },
          // Unique: a later run on the same bank must not meet this one as a logical duplicate.
          remittanceInformationUnstructured: uniqueRemittance(),
        },
      };
      await sendControl(
        ctx,
        { ...payment, label: 'control: the same payment by the TPP registered for PISP' },
        {
          what: 'the same payment by the TPP registered for PISP',
          status: 201,
          schema: PaymentInitiationResponseSchema,
        },
      );
      const refused = await aisp!.send({ ...payment, label: 'AISP-only TPP: payment' });
      expectRefusal(
        ctx,
        refused,
        { status: 403, code: 'FORBIDDEN', textIncludes: 'PISP' },
        'a payment initiation by a TPP not registered for PISP',
      );
    },
  }),
  generalCheck({
    id: 'GEN-CERTIFICATE-FROM-TRUSTED-CA',
    title: 'A request signed with a certificate from an unknown CA is refused',
    rules: ['GEN-TPP-EIDAS-CERTIFICATE'],
    modes: ['production'],
    timeoutMs: 10_000,
    async run(ctx) {
      await probeControl(ctx, "the probe signed with the suite TPP's certificate");
      const seal = await untrustedSeal();
      const path = '/v1/user';
      const signed = signRequest({
        method: 'GET',
        path,
        headers: {
          'X-Request-ID': randomUUID(),
          'TPP-Session-ID': randomUUID(),
          'TPP-Redirect-URI': 'http://127.0.0.1:9/suite-callback',
        },
        signingKey: seal.privateKey,
        certificate: seal.certificateDer,
      });
      const exchange = await ctx.client.send({
        method: 'GET',
        path,
        sign: false,
        headers: signed.headers,
        label: 'signed with a certificate of an unknown CA',
      });
      expectRefusal(
        ctx,
        exchange,
        { status: 403, code: 'FORBIDDEN', textIncludes: 'certificate' },
        'a certificate whose CA the bank does not trust',
      );
    },
  }),
];
