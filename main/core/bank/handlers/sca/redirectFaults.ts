/**
 * Faults of the redirect back to the TPP (faults.ts; §5.3.1, §5.3.8, §6.1, §6.2, §3.4): what a
 * bank's SCA site might get wrong in the address it sends the PSU's browser to, or in what it
 * does when the PSU finishes or aborts. Applied by the page routes to a redirect that leaves the
 * bank's site.
 */
import { randomUUID } from 'node:crypto';
import { setConsentStatus } from '../../domain/access.js';
import type { Authorisation, DomainState } from '../../domain/model.js';
import { sessionState } from '../../domain/sessions.js';
import { declareFaults, faultActive } from '../../faults.js';
import type { RequestContext } from '../../types.js';

declareFaults([
  {
    ruleId: 'SCA-REDIRECT-BACK-TO-TPP',
    effect: 'redirects to the origin of TPP-Redirect-URI, dropping its path and query',
  },
  { ruleId: 'SCA-PSU-ID-IN-REDIRECT', effect: 'leaves psu-id out of the redirect after SCA' },
  {
    ruleId: 'SCA-REDIRECT-PSU-ID-UUID',
    effect: 'sends psu-id as 32 hexadecimal digits without hyphens, not an RFC 4122 UUID',
  },
  { ruleId: 'SCA-PSU-ID-STABLE', effect: 'sends a new psu-id after every SCA' },
  {
    ruleId: 'SCA-REDIRECT-TPP-SESSION-ID',
    effect: 'leaves tpp-session-id out of the redirect after SCA',
  },
  {
    ruleId: 'SCA-REDIRECT-CONTEXT',
    effect: 'sends context in lower case (private, corporate) in the redirect after SCA',
  },
  {
    ruleId: 'SCA-FAILED-REDIRECT-PARAMETERS',
    effect: 'leaves status and code out of the redirect after a failed SCA',
  },
  {
    ruleId: 'ERR-SCA-FAILURE-REDIRECT',
    effect: 'reports a failed SCA OAuth-style (error=access_denied) instead of the §6.2 parameters',
  },
  {
    ruleId: 'SESSION-ABORTED-NEW-ID-KEEPS-OLD',
    effect: "an aborted SCA invalidates the PSU's other TPP sessions",
  },
  {
    ruleId: 'CORP-ID-FROM-CONSENT-REDIRECT',
    effect: 'leaves psu-corporate-id out of the redirect after a corporate consent SCA',
  },
  {
    ruleId: 'CORP-ID-FROM-USER-REDIRECT',
    effect: 'leaves psu-corporate-id out of the redirect after a corporate SCA of GET /v1/user',
  },
  {
    ruleId: 'CORP-REDIRECT-CORPORATE-ID',
    effect: "sends the corporate agreement's own id as psu-corporate-id, not a UUID",
  },
  {
    ruleId: 'CONSENT-GIVEN-DURING-SCA',
    effect: 'leaves the consent received after the PSU confirmed it on the consent screen',
  },
]);

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
  const on = (rule: string) => faultActive(ctx, rule);
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
      const consent = state.consents.find((c) => c.consentId === authorisation.resourceId);
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
      for (const other of state.sessions)
        if (
          other.tppId === authorisation.tppId &&
          other.customerNumber === authorisation.customerNumber &&
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
