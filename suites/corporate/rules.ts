/** Private and corporate context: §1, the corporate redirect parameter (§6.1), and §2.6 engagements. */
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const corporateRules = rulesOf('corporate', [
  {
    id: 'CORP-CONTEXT-CHOSEN-DURING-SCA',
    section: '§1',
    statement:
      'A PSU acts either privately or as a representative of a corporation and chooses the context during SCA.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-PRIVATE-SEES-OWN-ACCOUNTS',
    section: '§1',
    statement: 'A private PSU sees its own PSD2-enabled accounts.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-REPRESENTATIVE-SEES-GRANTED',
    section: '§1',
    statement: 'A corporate representative sees only accounts it was granted.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CORP-BOTH-IDS-AFTER-SCA',
    section: '§1',
    seeAlso: ['§5.3(8)'],
    statement:
      'After SCA in corporate context, both PSU-ID and PSU-Corporate-ID must be sent on later calls.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-ID-OF-A-REPRESENTED-AGREEMENT',
    section: '§1',
    seeAlso: ['§5.3(8)'],
    statement:
      'PSU-Corporate-ID names a corporate agreement the PSU of PSU-ID represents: any other value (another PSU’s id, an agreement the PSU does not represent) is refused.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-MISSING-CORPORATE-ID-400',
    section: '§7(3)',
    statement: "A corporate user's request that lacks the PSU-Corporate-ID header is answered 400.",
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-ID-FROM-CONSENT-REDIRECT',
    section: '§1(1)',
    statement:
      'A TPP with no PSU-ID yet gets the corporate id in the redirect when the PSU completes SCA in corporate context started through the consent SCA flow (AISP).',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-ID-FROM-USER-REDIRECT',
    section: '§1(1)',
    statement:
      'A TPP with no PSU-ID yet gets the corporate id in the redirect when the PSU completes SCA in corporate context started through GET /v1/user (PISP without AISP role).',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-ID-FROM-AGREEMENTS',
    section: '§1(2)',
    statement:
      "A TPP that already has a PSU-ID calls GET /v1/agreements to list the PSU's corporate agreements and sends the chosen value in PSU-Corporate-ID.",
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-NEW-AGREEMENT-NEEDS-CONSENT',
    section: '§1(2)',
    statement: 'A new corporate agreement without consent needs a new consent flow.',
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CORP-AGREEMENTS-200',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/agreements (corporate agreements of the PSU) answers 200.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-REDIRECT-CORPORATE-ID',
    section: '§6.1',
    statement:
      'The redirect after successful SCA carries psu-corporate-id, a UUID (RFC 4122), when the PSU chose corporate context.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-CONTEXT-CHOSEN-AT-FIRST-SCA',
    section: '§4.2.3',
    statement:
      'When PSU-Context is unset on a card account transactions read, the PSU chooses context at the first SCA.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'CORP-ENGAGEMENT-CUSTOMER-SEES-ACCOUNT',
    section: '§2.6',
    statement:
      "An engagement's customer is the PSU who will see the account when granting consent.",
    testable: true,
    needs: ['psu-agent', 'sandbox-api'],
  },
  {
    id: 'CORP-ENGAGEMENT-ACCOUNT-NOT-OWNED-BY-PSU',
    section: '§2.6',
    statement:
      "An engagement's account must not be owned by that PSU; it is owned by the corporation customer of which the PSU is a member.",
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'CORP-AGREEMENT-OWNER-IS-CORPORATION',
    section: '§2.6',
    statement:
      "A corporate agreement's owner is the corporation customer that owns the engagements' accounts.",
    testable: true,
    needs: ['sandbox-api'],
  },
]);
