/**
 * §5.3(1): the scaRedirect link leads to the SCA of one request; once the PSU went through it the
 * link is spent, and the bank's pages answer it with an error page (409 ended, 403 taken by
 * another browser). The app must ask the bank for a new link (a new request) whenever it needs a
 * new SCA, never send the PSU to a used one (log/tpp-findings/sca-links.ts).
 */
import type { Observation } from '../../log/tpp-findings/recorder.js';
import type { PlanModule } from '../model.js';
import { firstMissing, pageVisits } from './window.js';

/** A page that sent the PSU back to the TPP (§6): the SCA of its link ended. */
const backToTpp = (observation: Observation) => {
  const location = observation.record.response.headers.location;
  return (
    observation.record.response.status === 303 &&
    location !== undefined &&
    !location.startsWith('/sca/') &&
    !/^https?:\/\/[^/]+\/sca\//.test(location)
  );
};

export const SCA_LINK_NOT_REPLAYED: PlanModule = {
  id: 'SCA-LINK-NOT-REPLAYED',
  title: 'Never sends the PSU to a used scaRedirect again (§5.3(1))',
  section: '§5.3(1)',
  rules: ['TPP-SCA-LINK-NOT-REPLAYED'],
  instruction:
    'In your app, start a consent and take the PSU through the SCA pages to the end, then use your app on: whenever it needs the PSU to authorise again, it must get a new scaRedirect from the bank, never send the PSU back to the link already used.',
  missing({ observations, tally }) {
    const pages = pageVisits(observations);
    return firstMissing(
      [pages.length === 0, 'no PSU was sent to an scaRedirect link while the module ran'],
      [
        !pages.some(backToTpp),
        'no SCA was taken to its end (no redirect back to the app), so no link was used',
      ],
      [tally('TPP-SCA-LINK-NOT-REPLAYED').passes === 0, 'no scaRedirect link was opened'],
    );
  },
};
