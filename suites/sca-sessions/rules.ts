/** SCA and TPP sessions: §3.1, §3.4, §5.3, the redirects of §6.1 / §6.2, and GET /v1/user. */
import { PSU_CONTEXTS, SCA_STATUSES } from '../../main/core/spec/enums.js';
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const scaSessionRules = rulesOf('sca-sessions', [
  {
    id: 'SCA-STATUS-VALUES',
    section: '§3.1',
    seeAlso: ['§2.4'],
    statement: `scaStatus is one of ${SCA_STATUSES.join(', ')}.`,
    testable: true,
  },
  {
    id: 'SCA-RISK-BASED',
    section: '§3.1',
    statement:
      'The bank may exempt a transaction from SCA, or require SCA on any transaction, depending on risk analysis.',
    testable: false,
    reason:
      "A permission for the bank's risk analysis: any outcome conforms, so no check of a bank can fail on it. What it asks of the client is judged (state client): a payment answered without scaRedirect is exempted, not broken; the app reads it and does not send it again (TPP-SCA-EXEMPTION-HONOURED).",
  },
  {
    id: 'SCA-TPP-INSPECTS-REDIRECT',
    section: '§3.1',
    statement:
      'The TPP must always inspect the response for an scaRedirect link to learn whether SCA is needed.',
    testable: false,
    reason: "An obligation on the TPP's code; the bank's side is SCA-REDIRECT-LINK.",
  },
  {
    id: 'SCA-REDIRECT-LINK',
    section: '§5.3(1)',
    statement:
      "SCA uses the redirect flow: a request needing SCA is answered with an scaRedirect link to the bank's authorisation site.",
    testable: true,
  },
  {
    id: 'SCA-REDIRECT-BACK-TO-TPP',
    section: '§5.3(1)',
    seeAlso: ['§6.1'],
    statement: 'After SCA the bank redirects the PSU to the address in TPP-Redirect-URI.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-ONE-TPP-ONE-PSU',
    section: '§5.3(4)',
    statement: 'One SCA is valid for one TPP and one PSU, governed by TPP-Session-ID.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-ACROSS-TPP-ROLES',
    section: '§5.3(4)',
    statement: 'One SCA is valid across TPP roles (AISP and PISP) within the TPP session.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SESSION-SCA-1H',
    section: '§3.4',
    seeAlso: ['§5.3(4)', '§8'],
    statement: 'SCA for a TPP-Session-ID expires 1 hour after SCA; a new SCA is needed to renew.',
    testable: true,
    needs: ['psu-agent', 'clock-control'],
  },
  {
    id: 'SESSION-SCA-REUSED-WITHIN-1H',
    section: '§3.4',
    statement:
      'Calls needing SCA (without dynamic linking) inside the 1-hour window get no new SCA prompt.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SESSION-DYNAMIC-LINKING-NOT-EXEMPT',
    section: '§5.3(4)',
    statement: 'The 1-hour exemption does not cover services that need SCA with dynamic linking.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SESSION-NEW-ID-REPLACES-OLD',
    section: '§3.4',
    statement:
      'When a new session id is used and its SCA completed while the old id has not expired, the old id becomes invalid and the new id valid.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SESSION-ABORTED-NEW-ID-KEEPS-OLD',
    section: '§3.4',
    statement:
      'When a new session id is used and its SCA aborted while the old id has not expired, the old id stays valid.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-BIOMETRIC-FLOW',
    section: '§5.3(5)',
    seeAlso: ['§4.1'],
    statement:
      "Sending TPP-Redirect-Preferred: false on every request triggers biometric authentication in the bank's mobile application where available.",
    testable: false,
    reason:
      "Biometric authentication happens in the bank's mobile application, outside the API and the browser SCA pages.",
  },
  {
    id: 'SCA-APP-LINKING',
    section: '§5.3(6)',
    statement:
      "When the TPP app and the bank's authentication app are on the same device and both support it, the TPP opens scaRedirect through application links and the bank app returns through TPP-Redirect-URI.",
    testable: false,
    reason: 'App-to-app switching happens between mobile apps on a device, outside the API.',
  },
  {
    id: 'SCA-APP-LINKING-SITE-BINDINGS',
    section: '§5.3(6)',
    statement:
      'The TPP must publish the needed application-site bindings for the domain of the redirect URI.',
    testable: false,
    reason:
      "An obligation on the TPP's web domain: no request to the bank shows it, so no check of a bank can judge it. The client is judged: the app-linking plan's module fetches the bindings from the redirect URI's origin (TPP-APP-SITE-BINDINGS).",
  },
  {
    id: 'SCA-APP-LINKING-FALLBACK',
    section: '§5.3(6)',
    statement: 'If the bank app is not configured, the default flow is used.',
    testable: false,
    reason: "Depends on the mobile device's app configuration, outside the API.",
  },
  {
    id: 'SCA-PSU-ID-IN-REDIRECT',
    section: '§5.3(8)',
    seeAlso: ['§6.1'],
    statement: 'The PSU-ID is given in the redirect after SCA.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-PSU-ID-STABLE',
    section: '§5.3(8)',
    statement: 'The PSU-ID is stable for a TPP and bank combination.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-PSU-ID-STORED-BY-TPP',
    section: '§5.3(8)',
    statement: 'The TPP must store the PSU-ID and send it on later requests.',
    testable: false,
    reason:
      "An obligation on the TPP's storage, judged of the client (state client); the bank's side is the PSU-ID header each endpoint requires.",
  },
  {
    id: 'SCA-REDIRECT-PSU-ID-UUID',
    section: '§6.1',
    statement:
      'The redirect after successful SCA carries psu-id, a UUID (RFC 4122), to send in PSU-ID on all later requests.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-REDIRECT-TPP-SESSION-ID',
    section: '§6.1',
    statement:
      'The redirect after successful SCA carries tpp-session-id, the TPP-Session-ID of the request that started the SCA.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-REDIRECT-CONTEXT',
    section: '§6.1',
    statement: `The redirect after successful SCA carries context, ${PSU_CONTEXTS.join(' or ')}.`,
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-FAILED-REDIRECT-PARAMETERS',
    section: '§6.2',
    statement:
      'The redirect after failed SCA carries status (the HTTP status code), code (an error code of §7) and message (the URL-encoded text of the error).',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-FAILED-REDIRECT-SYSTEM',
    section: '§6.2',
    statement:
      'For server errors, the redirect after failed SCA carries system, the name of the internal system that produced the error.',
    testable: false,
    reason: 'A server error inside the bank cannot be induced over the API.',
  },
  {
    id: 'SCA-SANDBOX-LOGIN-NIN',
    section: '§1',
    statement: 'The sandbox login screen only asks for a mocked national identity number.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-SAME-FLOW-BOTH-ENVIRONMENTS',
    section: '§1',
    statement: 'The SCA flow seen from a TPP is identical in production and sandbox.',
    // A run targets one environment, so no check judges it: comparing a sandbox run with a
    // production run of the bank does (workbench compare, main/core/runner/results/
    // sca-environments.ts), on what the TPP's code sees of each SCA check's flow. The PSU's pages
    // are not compared: §1 lets the sandbox login differ.
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-SINGLE-SCA-PISP-JOURNEY',
    section: '§9(4)',
    statement: 'A PISP-only journey needs a single SCA (release 1.17.0).',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-USER-WITH-SCA',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/user answers 200 with the PSU id and context when the session holds SCA.',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'SCA-USER-WITHOUT-SCA',
    section: 'decisions.md#Paths',
    statement: 'GET /v1/user without SCA in the session answers with _links.scaRedirect.',
    testable: true,
  },
]);
