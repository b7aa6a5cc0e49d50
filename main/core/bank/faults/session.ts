/**
 * Faults of the session stage (§3.4 SCA inside the TPP session, §5.3 PSU headers, §1 private
 * and corporate context) and of the routes that serve the PSU and its agreements.
 */
import type { FaultEntry } from './fault.js';

export const SESSION_FAULTS = [
  // Honoured by the session stage: stages/session.ts, stages/session-faults.ts and
  // context/sca-redirect.ts (the 401 that asks for SCA).
  {
    ruleId: 'SCA-ONE-TPP-ONE-PSU',
    effect: 'lets the SCA of a TPP-Session-ID serve any PSU, not only the one who performed it',
  },
  {
    ruleId: 'SCA-ACROSS-TPP-ROLES',
    effect: "keeps SCA per TPP role: a consent's SCA (AIS) does not cover GET /v1/user",
  },
  { ruleId: 'SESSION-SCA-1H', effect: "keeps a TPP session's SCA valid for 24 hours, not one" },
  {
    ruleId: 'SESSION-SCA-REUSED-WITHIN-1H',
    effect: "lets a TPP session's SCA cover calls for 5 minutes only, then prompts again",
  },
  {
    ruleId: 'SESSION-NEW-ID-REPLACES-OLD',
    effect: 'keeps the old TPP-Session-ID valid after SCA under a new one',
  },
  {
    ruleId: 'SCA-USER-WITHOUT-SCA',
    effect: 'answers GET /v1/user without SCA with 403 FORBIDDEN and no scaRedirect',
  },
  {
    ruleId: 'ERR-STATUS-401',
    effect: 'answers SCA_NOT_FOUND, SCA_EXPIRED, SCA_INVALID and PSU_CREDENTIALS_INVALID with 403',
  },
  {
    ruleId: 'CORP-BOTH-IDS-AFTER-SCA',
    effect: 'ignores PSU-Corporate-ID when PSU-ID is sent with it',
  },
  {
    ruleId: 'CORP-ID-OF-A-REPRESENTED-AGREEMENT',
    effect:
      'takes a PSU-Corporate-ID that names no agreement the PSU represents (another PSU’s id, another corporation’s id) without refusing it: an unknown one for the corporation of the session’s SCA',
  },
  {
    ruleId: 'HDR-TPP-REDIRECT-PREFERRED-DEFAULT-TRUE',
    effect: 'treats a missing TPP-Redirect-Preferred as false (asks for the app flow)',
  },
  {
    ruleId: 'CORP-AGREEMENTS-200',
    effect: 'requires PSU-Corporate-ID on GET /v1/agreements after corporate SCA (400)',
  },
  {
    ruleId: 'CORP-MISSING-CORPORATE-ID-400',
    effect: 'does not require PSU-Corporate-ID after SCA in corporate context',
  },
  {
    ruleId: 'CONSENT-NO-ACCESS-BEFORE-GRANT',
    effect:
      'grants every consentable account on the first account information call (an implied consent)',
  },
  {
    ruleId: 'CORP-CONTEXT-CHOSEN-AT-FIRST-SCA',
    effect: 'treats a missing PSU-Context as PRIVATE instead of letting the PSU choose at SCA',
  },
  // Honoured by handlers/user.ts.
  { ruleId: 'SCA-USER-WITH-SCA', effect: 'answers GET /v1/user without the context' },
  // Honoured by handlers/agreements.ts.
  {
    ruleId: 'CORP-ID-FROM-AGREEMENTS',
    effect: 'lists psuCorporateId values the bank then does not accept in PSU-Corporate-ID',
  },
  {
    ruleId: 'CORP-NEW-AGREEMENT-NEEDS-CONSENT',
    effect: "shows the PSU's latest consent in any agreement as every agreement's consentStatus",
  },
] as const satisfies readonly FaultEntry[];
