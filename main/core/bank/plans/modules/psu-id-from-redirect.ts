/**
 * §5.3(8): the PSU-ID is given in the redirect after SCA; the TPP stores it and sends it on later
 * requests. A request with a PSU-ID the bank never gave this TPP is refused (the session stage),
 * which fails TPP-PSU-ID; one with the PSU-ID of the redirect passes it.
 */
import type { PlanModule } from '../model.js';
import { firstMissing, pageVisits, tppRequests } from './window.js';

export const PSU_ID_FROM_REDIRECT: PlanModule = {
  id: 'PSU-ID-FROM-REDIRECT',
  title: 'Sends the PSU-ID the SCA redirect returned (§5.3(8))',
  section: '§5.3(8)',
  rules: ['TPP-PSU-ID'],
  instruction:
    'In your app, start a consent, take the PSU through the SCA pages, and when the bank redirects back to your app, read the PSU’s accounts: your app sends the PSU-ID the redirect carried.',
  missing({ observations, tally }) {
    return firstMissing(
      [tppRequests(observations).length === 0, 'the app sent no request while the module ran'],
      [
        pageVisits(observations).length === 0,
        'no PSU reached the bank’s SCA pages, so the bank gave no PSU-ID',
      ],
      [
        tally('TPP-PSU-ID').passes === 0,
        'no request after the SCA carried a PSU-ID (read the accounts after the redirect)',
      ],
    );
  },
};
