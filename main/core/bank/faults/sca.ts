/**
 * Faults of the SCA redirect flow (§5.3, docs/sca.md): the redirect pages, the consent screen
 * and the risk decision of dynamic linking.
 */
import type { FaultEntry } from './fault.js';

export const SCA_FAULTS = [
  // Honoured by handlers/sca/redirect-faults.ts.
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
  // Honoured by handlers/authorisations.ts.
  {
    ruleId: 'SCA-STATUS-VALUES',
    effect: 'answers scaStatus in lower case (received, finalised), not the §3.1 values',
  },
  // Honoured by handlers/sca/pages/flow.ts.
  {
    ruleId: 'SCA-SANDBOX-LOGIN-NIN',
    effect: "accepts a private customer's customer number as the sandbox login",
  },
  {
    ruleId: 'CORP-CONTEXT-CHOSEN-DURING-SCA',
    effect: 'never shows the context page: the PSU always acts privately',
  },
  // Honoured by domain/parties.ts.
  {
    ruleId: 'SANDBOX-ENGAGEMENT-REGISTER-AND-VIEW',
    effect: 'offers engagements with VIEW alone on the consent screen',
  },
  {
    ruleId: 'CORP-PRIVATE-SEES-OWN-ACCOUNTS',
    effect: "offers the PSU's corporate accounts on the consent screen in private context too",
  },
  {
    ruleId: 'CORP-REPRESENTATIVE-SEES-GRANTED',
    effect:
      'offers every account of a corporate agreement in corporate context, also those engaged to other representatives',
  },
  // Honoured by domain/access.ts.
  {
    ruleId: 'CONSENT-SCREEN-PRESELECTED',
    effect: 'shows no account ticked on the consent screen, also those already granted',
  },
  {
    ruleId: 'CONSENT-SCREEN-TICK-TO-GRANT',
    effect: 'never revokes an account the PSU unticks on the consent screen',
  },
  // Honoured by domain/risk.ts.
  {
    ruleId: 'SESSION-DYNAMIC-LINKING-NOT-EXEMPT',
    effect:
      'exempts every payment of a PSU already named by PSU-ID from SCA, as if an earlier SCA covered it',
  },
] as const satisfies readonly FaultEntry[];
