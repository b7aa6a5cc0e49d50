/**
 * §3.4, §5.3(4): an SCA covers the calls that need it (GET /v1/user) for one hour within its
 * TPP-Session-ID; after that the bank answers 401 SCA_EXPIRED with a new scaRedirect (§5.3(1)),
 * and the TPP must send the PSU there before calling again, not repeat the refused call. The
 * module plays the hour: once the app has read GET /v1/user on a valid SCA, the bank moves that
 * session's SCA back past its hour on the bank clock, so the app's next call finds it expired.
 */
import { SCA_SESSION_VALIDITY_MS } from '../../../spec/limits.js';
import { findSessionById, sessionState } from '../../domain/sessions.js';
import type { PlanModule } from '../model.js';
import { answered, firstMissing } from './window.js';

const USER = '/v1/user';

export const SCA_LIFETIME: PlanModule = {
  id: 'SCA-LIFETIME',
  title: 'Starts a new SCA once the hour of the last one has passed (§3.4)',
  section: '§3.4, §5.3(1)',
  rules: ['TPP-SCA-REDIRECT'],
  instruction:
    'In your app, start a consent and take the PSU through the SCA pages, then have your app read the PSU’s identity (GET /v1/user). Right after that first read the bank lets the SCA’s hour pass: do what makes your app read the identity again. The bank refuses it with SCA_EXPIRED and a new scaRedirect; your app should send the PSU through that SCA and only then call again.',
  react(observation, { memory, change }) {
    const { record, route } = observation;
    if (memory.aged === true || route?.path !== USER || record.response.status !== 200) return;
    const tppSessionId = record.request.headers['tpp-session-id'];
    if (tppSessionId === undefined) return;
    memory.aged = true;
    change((domain, now) => {
      const session = findSessionById(domain, tppSessionId);
      if (session === undefined || sessionState(session, now) !== 'valid') return;
      // The hour has passed on the bank clock for this session only: the rest of the bank
      // (consents, the day's budgets) keeps its time.
      session.scaCompletedAt = new Date(now.getTime() - SCA_SESSION_VALIDITY_MS - 1).toISOString();
    });
  },
  missing({ observations, tally }) {
    const judged = tally('TPP-SCA-REDIRECT');
    return firstMissing(
      [
        answered(observations, 'GET', USER, 200).length === 0,
        'the app read the PSU’s identity (GET /v1/user) on no valid SCA, so there was no SCA whose hour could pass',
      ],
      [
        answered(observations, 'GET', USER, 401).length === 0,
        'after the hour passed the app did not call GET /v1/user again, so the bank refused nothing',
      ],
      [
        judged.passes + judged.failures === 0,
        'after the SCA_EXPIRED refusal the app called nothing that needs SCA again',
      ],
    );
  },
};
