/**
 * §1: the PSU may revoke consent at any time directly with the bank, which need not tell the TPP.
 * The module plays that PSU: once the app has read the PSU's accounts on a consent it started in
 * the window, the bank revokes that consent. The app's next read is refused 401 CONSENT_INVALID
 * (§7); from then on the app must ask for a new consent, not read on the old one.
 */
import { revokeConsent } from '../../domain/access.js';
import type { PlanModule } from '../model.js';
import { answered, firstMissing } from './window.js';

/** The consents the app started in the window (their 201 answers), and whether the bank revoked. */
interface Memory {
  consents?: string[];
  revoked?: boolean;
}

const consentIdOf = (body: unknown): string | undefined => {
  const id = (body as { consentId?: unknown } | undefined)?.consentId;
  return typeof id === 'string' ? id : undefined;
};

export const CONSENT_REVOKED_AT_BANK: PlanModule = {
  id: 'CONSENT-REVOKED-AT-BANK',
  title: 'Asks for a new consent after the PSU revoked it at the bank (§1)',
  section: '§1',
  rules: ['TPP-NEW-CONSENT-AFTER-REFUSAL'],
  instruction:
    'In your app, start a consent, take the PSU through the SCA pages and read the accounts and their transactions. Right after your app first reads the account list, the PSU revokes the consent at the bank (the bank does this for you): your app’s next read is refused, and it should ask the PSU for a new consent.',
  react(observation, { memory, change }) {
    const state = memory as Memory;
    const { record, route } = observation;
    if (route?.path === '/v1/consents' && record.request.method === 'POST') {
      const id = record.response.status === 201 ? consentIdOf(observation.responseBody) : undefined;
      if (id) (state.consents ??= []).push(id);
      return;
    }
    if (state.revoked || !state.consents?.length) return;
    if (route?.path !== '/v1/accounts' || record.response.status !== 200) return;
    state.revoked = true;
    const consents = state.consents;
    change((domain, now) => {
      for (const id of consents)
        try {
          revokeConsent(domain, id, now);
        } catch {
          // Not valid any more (expired, revoked by the app itself): nothing to revoke.
        }
    });
  },
  missing({ observations, tally }) {
    const judged = tally('TPP-NEW-CONSENT-AFTER-REFUSAL');
    return firstMissing(
      [
        answered(observations, 'POST', '/v1/consents', 201).length === 0,
        'no consent was created (no POST /v1/consents answered 201)',
      ],
      [
        answered(observations, 'GET', '/v1/accounts', 200).length === 0,
        'the app read no account list on its consent, so the PSU had nothing to revoke',
      ],
      [
        answered(observations, 'GET', (path) => path.startsWith('/v1/accounts'), 401).length === 0,
        'after the revocation the app read nothing more, so no refusal told it the consent was gone',
      ],
      [
        judged.passes + judged.failures === 0,
        'after the refusal the app neither asked for a new consent nor read again',
      ],
    );
  },
};
