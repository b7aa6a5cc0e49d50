/** General rules: the service's scope and environments (§1), shared types (§2.1), transport (§5.1), events (§6). */
import { rulesOf } from '../../main/core/runner/check-api/rule.js';

export const generalRules = rulesOf('general', [
  {
    id: 'GEN-TPP-EIDAS-CERTIFICATE',
    section: '§1',
    statement: 'A TPP must hold an eIDAS certificate from a trusted certificate authority.',
    testable: true,
  },
  {
    id: 'GEN-TPP-ROLE-REGISTERED',
    section: '§1',
    statement:
      'A TPP acts as an AISP (account information) or a PISP (payment initiation) and must be registered for that role.',
    testable: true,
  },
  {
    id: 'GEN-CENTRAL-REGISTRY-CHECK',
    section: '§1',
    statement:
      'The certificate and the TPP registration are checked against central registries on production calls.',
    testable: false,
    reason:
      'Which registry the bank consults is outside the API; a client only sees an unregistered TPP refused, which GEN-TPP-ROLE-REGISTERED covers.',
  },
  {
    id: 'GEN-ENVIRONMENTS',
    section: '§1',
    statement:
      'Two environments exist: production (real PSU data and real transactions) and sandbox (fake user data and simulated transactions).',
    testable: false,
    reason: 'Whether data and transactions are real or simulated is not observable over the API.',
  },
  {
    id: 'GEN-XS2A-1-3',
    section: '§1',
    statement:
      'The interface follows version 1.3 of the XS2A implementation guidelines, with exceptions described here.',
    testable: false,
    reason:
      'A conformance claim about the whole interface, not one observable behaviour; the suites check its specific rules.',
  },
  {
    id: 'GEN-JSON-PAYLOADS',
    section: '§1',
    statement: 'All payloads are JSON.',
    testable: true,
  },
  {
    id: 'GEN-XML-NOT-SUPPORTED',
    section: '§1',
    statement: 'XML is not supported.',
    testable: true,
  },
  {
    id: 'GEN-UTF-8',
    section: '§1',
    statement: 'Requests and responses use UTF-8.',
    testable: true,
  },
  {
    id: 'GEN-PAYLOAD-DATE-FORMAT',
    section: '§1',
    statement:
      'Dates in payloads are ISO 8601 date (YYYY-MM-DD) or ISO 8601 date-time (YYYY-MM-DDThh:mm:ss+00:00).',
    testable: true,
  },
  {
    id: 'GEN-PAYLOAD-DATE-TIME-FORM',
    section: '§1',
    statement:
      'A date-time in a payload has the form YYYY-MM-DDThh:mm:ss+00:00: whole seconds and the offset +00:00 (no fraction, no Z).',
    testable: true,
  },
  {
    id: 'GEN-RESPONSE-DATE-HEADER-RFC-7231',
    section: '§1',
    statement:
      "The bank's Date response header uses the RFC 7231 form (IMF-fixdate, e.g. Tue, 24 Nov 2026 18:25:09 GMT).",
    testable: true,
  },
  {
    id: 'GEN-HEADER-DATE-RFC-7231',
    section: '§1',
    statement: 'Dates in HTTP headers use the RFC 7231 full-date form.',
    testable: true,
  },
  {
    id: 'GEN-REST-WHERE-SIMPLE',
    section: '§1',
    statement: 'The interface follows REST principles only where that keeps it simple.',
    testable: false,
    reason: 'A design stance with no observable criterion.',
  },
  {
    id: 'GEN-LINK-SHAPE',
    section: '§2.1',
    statement:
      'A Link has href (string, R) and verbs (array of string, R), each one of GET, PUT, POST, DELETE; a _links object maps a relation name to a Link.',
    testable: true,
  },
  {
    id: 'GEN-CURRENCY-CODES',
    section: '§2.1',
    statement:
      'A Currency (also ISOCurrencyCode) is an ISO 4217 alphabetic code from the list of §2.1.',
    testable: true,
  },
  {
    id: 'GEN-COUNTRY-CODES',
    section: '§2.1',
    statement:
      'A Country (also ISOCountryCode) is an ISO 3166-1 alpha-2 code of at most 2 characters from the list of §2.1.',
    testable: true,
  },
  {
    id: 'GEN-TLS-1-2',
    section: '§5.1',
    statement: 'All traffic uses TLS 1.2 or higher.',
    testable: true,
    needs: ['https'],
    note: 'Judged below HTTP: handshakes offering only TLS 1.0 and only TLS 1.1 are refused, one offering TLS 1.2 or newer is accepted. A target by an http:// URL cannot be judged: the check SKIPS there.',
  },
  {
    id: 'GEN-NO-EVENTS',
    section: '§6',
    statement: 'The service sends no events beyond the SCA redirects.',
    testable: false,
    reason:
      'The absence of outbound events cannot be observed from the TPP side; webhook delivery is not shown.',
  },
  {
    id: 'GEN-OPERATIONAL-NOTICES',
    section: '§6.3',
    statement:
      'A TPP may register a contact e-mail address through the TPP dialogue interface to receive technical and operational notices; registration is optional.',
    testable: false,
    reason: 'Registration with the TPP dialogue interface is outside the API.',
  },
  {
    id: 'GEN-PRODUCTION-PATHS-IN-SANDBOX',
    section: 'decisions.md#Paths',
    statement: 'The production interface is also served in sandbox mode.',
    testable: true,
  },
  {
    id: 'GEN-BERLIN-GROUP-WHERE-SILENT',
    section: 'decisions.md',
    statement:
      'Where the interface spec is silent, the embedded bank follows the Berlin Group NextGenPSD2 XS2A 1.3.x OpenAPI and the choices of decisions.md.',
    testable: false,
    reason:
      'A rule for how the embedded bank is built, not one observable behaviour of a target; each choice that matters is a rule of its own.',
  },
  {
    id: 'GEN-CHOICES-RECORDED',
    section: 'decisions.md',
    statement:
      'Every further choice is recorded where users can read it: the API reference the bank serves, and the rule catalogue.',
    testable: false,
    reason: "A rule for the workbench's own documentation, not for the target's interface.",
  },
]);
