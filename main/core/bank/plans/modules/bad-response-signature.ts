/**
 * §5.2(7): the bank may sign response bodies and the TPP should verify such signatures. The
 * module spoils the signature of the bank's answer to the app's first POST /v1/consents (its
 * Digest no longer matches the body): an app that verifies discards that answer, never uses its
 * consentId, and asks for a new consent. Only a bank that signs its answers
 * (`workbench bank --sign-responses`) has a signature to spoil.
 */
import { BANK_CERTIFICATE_HEADER } from '../../../signature/index.js';
import type { PlanModule } from '../model.js';
import { answered, firstMissing } from './window.js';

export const BAD_RESPONSE_SIGNATURE: PlanModule = {
  id: 'BAD-RESPONSE-SIGNATURE',
  title: 'Never uses the consentId of a badly signed answer (§5.2(7))',
  section: '§5.2(7)',
  rules: ['TPP-RESPONSE-SIGNATURE-CHECKED'],
  instruction:
    'With the bank signing its answers (started with --sign-responses) and your app verifying them against the bank’s signing certificate, start a consent in your app. The bank signs its answer to your app’s first POST /v1/consents wrongly: your app must not use that consentId (no status read, no SCA) and should ask for a new consent, then go on as usual.',
  answer(request, { memory }) {
    if (memory.spoiled === true || request.method !== 'POST' || request.path !== '/v1/consents')
      return undefined;
    memory.spoiled = true;
    return { badSignature: true };
  },
  missing({ observations, tally }) {
    const created = answered(observations, 'POST', '/v1/consents', 201);
    const judged = tally('TPP-RESPONSE-SIGNATURE-CHECKED');
    return firstMissing(
      [created.length === 0, 'no consent was created (no POST /v1/consents answered 201)'],
      [
        created[0]?.record.response.headers[BANK_CERTIFICATE_HEADER] === undefined,
        'the bank signs no answers, so it had no signature to spoil: start it with --sign-responses',
      ],
      [
        judged.passes + judged.failures === 0,
        'after the badly signed answer the app neither used its consentId nor asked for a new consent',
      ],
    );
  },
};
