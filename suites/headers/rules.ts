/** Header rules: the §4.1 header groups and the headers each endpoint of §4.2 / §4.3 requires. */
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const headerRules = rulesOf('headers', [
  {
    id: 'HDR-NEGOTIATION-OPTIONAL',
    section: '§4.1',
    seeAlso: ['§4.3'],
    statement:
      'The negotiation headers Accept, Accept-Charset, Accept-Encoding, Accept-Language and Host are all optional.',
    testable: true,
  },
  {
    id: 'HDR-NEGOTIATION-STATED',
    section: '§4.1',
    statement:
      'The server states its choice in Content-Type, Content-Encoding and Content-Language.',
    testable: true,
  },
  {
    id: 'HDR-CONTENT-TYPE-ON-BODY',
    section: '§4.1',
    seeAlso: ['§4.3'],
    statement: 'Content-Type (optional) states the body type on requests with a body.',
    testable: true,
  },
  {
    id: 'HDR-X-REQUEST-ID-UUID',
    section: '§4.1',
    statement: 'X-Request-ID is a request identifier in UUID form.',
    testable: true,
  },
  {
    id: 'HDR-X-REQUEST-ID-UNIQUE',
    section: '§4.1',
    statement: 'X-Request-ID is unique per call, chosen by the TPP.',
    testable: false,
    reason:
      'An obligation on the TPP, judged of the client (state client); the spec states no bank reaction to a reused id, so no check of a bank can assert one.',
  },
  {
    id: 'HDR-TPP-REDIRECT-URI-REQUIRED',
    section: '§5.3(2)',
    seeAlso: ['§4.1'],
    statement:
      'TPP-Redirect-URI is required on requests, since the TPP cannot know in advance whether SCA will be needed.',
    testable: true,
  },
  {
    id: 'HDR-TPP-REDIRECT-PREFERRED-DEFAULT-TRUE',
    section: '§4.1',
    statement: 'TPP-Redirect-Preferred defaults to true.',
    testable: true,
    note: 'Observable only as: a request without the header is answered as one with `true`.',
  },
  {
    id: 'HDR-TPP-BRAND-LOGGING-OPTIONAL',
    section: '§4.1',
    statement:
      'TPP-Brand-Logging-Information, the TPP brand used towards the PSU, is optional and logged.',
    testable: true,
    note: 'Only the optionality is observable; the logging happens inside the bank.',
  },
  {
    id: 'HDR-PSU-ID-UUID',
    section: '§4.1',
    statement: 'PSU-ID is a UUID.',
    testable: true,
  },
  {
    id: 'HDR-X-PSU-IDENTITY',
    section: '§4.1',
    statement:
      'X-PSU-IDENTITY is an alternative to PSU-ID carrying a Norwegian personal or D-number.',
    testable: true,
  },
  {
    id: 'HDR-PSU-CONTEXT-VALUES',
    section: '§4.1',
    statement: 'PSU-Context is PRIVATE or CORPORATE.',
    testable: true,
  },
  {
    id: 'HDR-PSU-HTTP-METHOD-VALUES',
    section: '§4.1',
    statement: 'PSU-HTTP-Method is GET, POST, PUT, PATCH or DELETE, forwarded, if available.',
    testable: true,
  },
  {
    id: 'HDR-PSU-DEVICE-ID-UUID',
    section: '§4.1',
    statement: 'PSU-Device-ID is a UUID, forwarded, if available.',
    testable: true,
  },
  {
    id: 'HDR-PSU-GEO-LOCATION-FORMAT',
    section: '§4.1',
    statement:
      'PSU-Geo-Location is forwarded in the form GEO:<latitude>,<longitude>, if available.',
    testable: true,
  },
  {
    id: 'HDR-PSU-FORWARDED-OPTIONAL',
    section: '§4.1',
    statement:
      'PSU-IP-Port, PSU-User-Agent, PSU-Accept, PSU-Accept-Charset, PSU-Accept-Encoding and PSU-Accept-Language carry forwarded values, if available.',
    testable: true,
  },
  {
    id: 'HDR-BASKET-AUTHORISATION-REQUIRED',
    section: '§4.2.1',
    statement:
      'Start signing basket authorisation requires x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate, Signature, PSU-ID and PSU-IP-Address.',
    testable: true,
  },
  {
    id: 'HDR-BASKET-AUTHORISATION-OPTIONAL',
    section: '§4.2.1',
    statement:
      'Start signing basket authorisation takes TPP-Redirect-Preferred, PSU-Corporate-ID, the other PSU headers and the negotiation headers as optional.',
    testable: true,
  },
  {
    id: 'HDR-PAYMENT-REQUIRED',
    section: '§4.2.2',
    statement:
      'Create SCT payment requires x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, Digest, TPP-Signature-Certificate, Signature, PSU-ID and PSU-IP-Address.',
    testable: true,
  },
  {
    id: 'HDR-PAYMENT-OPTIONAL',
    section: '§4.2.2',
    statement:
      'Create SCT payment takes TPP-Redirect-Preferred, TPP-Brand-Logging-Information, X-PSU-IDENTITY, PSU-Corporate-ID, the other PSU headers and the negotiation headers as optional.',
    testable: true,
  },
  {
    id: 'HDR-PAYMENT-PSU-CONTEXT-SINGLE-SCA',
    section: '§4.2.2',
    seeAlso: ['decisions.md#Ambiguities decided'],
    statement:
      'PSU-Context is required for a single-SCA payment initiation, and accepted there in place of PSU-ID; with neither the initiation is refused (decisions.md).',
    testable: true,
    needs: ['psu-agent'],
  },
  {
    id: 'HDR-CARD-TRANSACTIONS-REQUIRED',
    section: '§4.2.3',
    statement:
      'Get card account transactions requires x-accept-fix, X-Request-ID, TPP-Session-ID, TPP-Redirect-URI, TPP-Signature-Certificate and Signature.',
    testable: true,
  },
  {
    id: 'HDR-CARD-TRANSACTIONS-OPTIONAL',
    section: '§4.2.3',
    statement:
      'Get card account transactions takes PSU-ID, PSU-Corporate-ID, PSU-Context, PSU-IP-Address, the other PSU headers, TPP-Redirect-Preferred and the negotiation headers as optional.',
    testable: true,
  },
  {
    id: 'HDR-SANDBOX-REQUIRED',
    section: '§4.3',
    statement:
      'All sandbox operations require X-Request-ID, TPP-Signature-Certificate and Signature.',
    testable: true,
    needs: ['sandbox-api'],
  },
  {
    id: 'HDR-SANDBOX-DIGEST-WITH-BODY',
    section: '§4.3',
    statement: 'Sandbox operations with a body also require Digest, and accept Content-Type.',
    testable: true,
    needs: ['sandbox-api'],
  },
]);
