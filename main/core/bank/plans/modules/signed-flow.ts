/**
 * §5.2: every request of a consent → SCA → AIS flow is signed — the certificate in
 * TPP-Signature-Certificate, the §5.2(4) headers in the Signature, keyId naming the certificate, a
 * Digest of the exact body, RSA-SHA256 over the §5.2(5) signing string.
 */
import type { PlanModule } from '../model.js';
import { answered, firstMissing, pageVisits, tppRequests } from './window.js';

export const SIGNED_FLOW: PlanModule = {
  id: 'SIGNED-FLOW',
  title: 'Every request of a consent, SCA and account read is signed (§5.2)',
  section: '§5.2',
  rules: [
    'TPP-SIGN-REQUEST',
    'TPP-SIGN-HEADERS',
    'TPP-SIGN-DIGEST',
    'TPP-SIGN-KEYID',
    'TPP-SIGN-STRING',
  ],
  instruction:
    'In your app, start a consent for the accounts of a PSU of the sandbox (for example Ola Nordmann), take the PSU through the SCA pages the consent links to, then read the PSU’s accounts and the transactions of one of them.',
  missing({ observations }) {
    return firstMissing(
      [tppRequests(observations).length === 0, 'the app sent no request while the module ran'],
      [
        answered(observations, 'POST', '/v1/consents', 201).length === 0,
        'no consent was created (no POST /v1/consents answered 201)',
      ],
      [
        pageVisits(observations).length === 0,
        'no PSU reached the bank’s SCA pages: open the consent’s scaRedirect',
      ],
      [
        answered(observations, 'GET', (path) => path.startsWith('/v1/accounts'), [200, 300])
          .length === 0,
        'no account was read (no GET /v1/accounts… answered 200)',
      ],
    );
  },
};
