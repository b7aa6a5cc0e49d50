/**
 * Faults of the redirect back to the TPP (faults/; §5.3.1, §5.3.8, §6.1, §6.2, §3.4): what a
 * bank's SCA site might get wrong in the address it sends the PSU's browser to, or in what it
 * does when the PSU finishes or aborts. Applied by the page routes to a redirect that leaves the
 * bank's site.
 */
import { randomUUID } from 'node:crypto';
import { findConsent, setConsentStatus } from '../../domain/access.js';
import type { Authorisation, DomainState } from '../../domain/model.js';
import { sessionState, sessionsOfPsu } from '../../domain/sessions.js';
import { faultActive, type FaultId } from '../../faults/index.js';
import type { RequestContext } from '../../context/request-context.js';

/** The redirect to the TPP (and the state behind it) as the active faults would leave them. */
export function faultyRedirect(
  ctx: Pick<RequestContext, 'faults'>,
  state: DomainState,
  authorisation: Authorisation,
  location: string,
  now: Date,
): string {
  if (ctx.faults.size === 0) return location;
  const url = new URL(location);
  const params = url.searchParams;
  const success = params.has('psu-id');
  const on = (rule: FaultId) => faultActive(ctx, rule);
  if (success) {
    const psuId = params.get('psu-id')!;
    if (on('SCA-PSU-ID-STABLE')) params.set('psu-id', randomUUID());
    if (on('SCA-REDIRECT-PSU-ID-UUID')) params.set('psu-id', psuId.replace(/-/g, ''));
    if (on('SCA-PSU-ID-IN-REDIRECT')) params.delete('psu-id');
    if (on('SCA-REDIRECT-TPP-SESSION-ID')) params.delete('tpp-session-id');
    if (on('SCA-REDIRECT-CONTEXT'))
      params.set('context', (params.get('context') ?? '').toLowerCase());
    if (params.has('psu-corporate-id')) {
      if (on('CORP-REDIRECT-CORPORATE-ID') && authorisation.agreementId !== undefined)
        params.set('psu-corporate-id', authorisation.agreementId);
      const kind = authorisation.kind;
      if (
        (kind === 'consent' && on('CORP-ID-FROM-CONSENT-REDIRECT')) ||
        (kind === 'user' && on('CORP-ID-FROM-USER-REDIRECT'))
      )
        params.delete('psu-corporate-id');
    }
    if (authorisation.kind === 'consent' && on('CONSENT-GIVEN-DURING-SCA')) {
      const consent = findConsent(state, authorisation.resourceId);
      if (consent) setConsentStatus(consent, 'received', now);
    }
  } else {
    if (on('SCA-FAILED-REDIRECT-PARAMETERS')) {
      params.delete('status');
      params.delete('code');
    }
    if (on('ERR-SCA-FAILURE-REDIRECT')) {
      const message = params.get('message') ?? '';
      for (const name of [...params.keys()]) params.delete(name);
      params.set('error', 'access_denied');
      params.set('error_description', message);
    }
    if (on('SESSION-ABORTED-NEW-ID-KEEPS-OLD') && authorisation.customerNumber !== undefined)
      for (const other of sessionsOfPsu(state, authorisation.tppId, authorisation.customerNumber))
        if (
          other.tppSessionId !== authorisation.tppSessionId &&
          sessionState(other, now) === 'valid'
        ) {
          other.state = 'replaced';
          other.replacedBy = authorisation.tppSessionId;
        }
  }
  if (on('SCA-REDIRECT-BACK-TO-TPP')) return `${url.origin}/?${params.toString()}`;
  return url.toString();
}
