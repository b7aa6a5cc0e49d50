/**
 * Faults of the transport, route, header, certificate, request-schema and response stages
 * (§1, §4, §5.1, §8): the rules every request meets before and after its handler.
 */
import type { FaultEntry } from './fault.js';

export const PROTOCOL_FAULTS = [
  // Honoured by assembly/listener.ts, when a listener starts.
  {
    ruleId: 'GEN-TLS-1-2',
    effect: 'serves HTTPS with TLS 1.0 and 1.1 accepted too (read when the listener starts)',
  },
  // Honoured by stages/route.ts.
  {
    ruleId: 'SANDBOX-NOT-IN-PRODUCTION',
    effect: 'answers /sandbox/ paths in production with 403 FORBIDDEN instead of 404',
  },
  // Honoured by stages/certificate.ts.
  { ruleId: 'GEN-TPP-ROLE-REGISTERED', effect: 'lets a TPP use a role it is not registered for' },
  // Honoured by stages/certificate.ts.
  {
    ruleId: 'GEN-TPP-EIDAS-CERTIFICATE',
    effect: 'accepts certificates from any CA in production (no trust store check)',
  },
  // Honoured by stages/headers.ts.
  { ruleId: 'HDR-X-REQUEST-ID-UUID', effect: 'accepts any X-Request-ID, not only UUIDs' },
  { ruleId: 'HDR-PSU-ID-UUID', effect: 'accepts any PSU-ID, not only UUIDs' },
  { ruleId: 'HDR-PSU-CONTEXT-VALUES', effect: 'accepts any PSU-Context value' },
  { ruleId: 'HDR-PSU-HTTP-METHOD-VALUES', effect: 'accepts any PSU-HTTP-Method value' },
  { ruleId: 'HDR-PSU-DEVICE-ID-UUID', effect: 'accepts any PSU-Device-ID, not only UUIDs' },
  { ruleId: 'HDR-PSU-GEO-LOCATION-FORMAT', effect: 'accepts any PSU-Geo-Location value' },
  {
    ruleId: 'HDR-X-PSU-IDENTITY',
    effect: 'accepts any X-PSU-IDENTITY, not only Norwegian identity numbers',
  },
  { ruleId: 'GEN-HEADER-DATE-RFC-7231', effect: 'accepts a Date header in any form' },
  // Honoured by response-faults.ts.
  {
    ruleId: 'GEN-RESPONSE-DATE-HEADER-RFC-7231',
    effect: 'writes the Date response header as ISO 8601 (2026-11-24T18:25:09.164Z)',
  },
  { ruleId: 'HDR-TPP-REDIRECT-URI-REQUIRED', effect: 'does not require TPP-Redirect-URI' },
  {
    ruleId: 'HDR-CARD-TRANSACTIONS-REQUIRED',
    effect:
      'does not require TPP-Session-ID, TPP-Redirect-URI and x-accept-fix on card account transactions',
  },
  {
    ruleId: 'HDR-SANDBOX-REQUIRED',
    effect: 'reports a missing header on sandbox operations as FORMAT_ERROR',
  },
  {
    ruleId: 'HDR-SANDBOX-DIGEST-WITH-BODY',
    effect: 'accepts a sandbox request with a body but no Digest',
  },
  {
    ruleId: 'HDR-CARD-TRANSACTIONS-OPTIONAL',
    effect: 'requires PSU-IP-Address on card account transactions',
  },
  {
    ruleId: 'HDR-PSU-FORWARDED-OPTIONAL',
    effect: 'requires PSU-User-Agent on POST /v1/consents',
  },
  {
    ruleId: 'HDR-TPP-BRAND-LOGGING-OPTIONAL',
    effect: 'requires TPP-Brand-Logging-Information on POST /v1/consents',
  },
  {
    ruleId: 'ERR-TEXT-NAMES-CAUSE',
    effect: 'answers a missing header with a text that does not name it',
  },
  // Honoured by stages/request-schema.ts.
  { ruleId: 'GEN-XML-NOT-SUPPORTED', effect: 'accepts XML bodies where the body is ignored' },
  {
    ruleId: 'HDR-CONTENT-TYPE-ON-BODY',
    effect: 'ignores Content-Type: a body declared as text/plain is read as JSON',
  },
  {
    ruleId: 'ERR-UTF-8-UNPROCESSABLE-400',
    effect: 'passes characters outside the BMP (emoji) on, and the downstream failure answers 500',
  },
  // Honoured by response-faults.ts.
  {
    ruleId: 'ERR-BODY-SHAPE',
    effect: 'answers errors as { "error": { "code", "message" } } instead of tppMessages',
  },
  { ruleId: 'ERR-STATUS-404', effect: 'answers RESOURCE_UNKNOWN with 400 instead of 404' },
  {
    ruleId: 'ERR-NO-500-FOR-BAD-INPUT',
    effect: 'answers an unreadable request body with 500 SYSTEM_ERROR',
  },
  { ruleId: 'HDR-NEGOTIATION-STATED', effect: 'does not state Content-Type on its answers' },
  { ruleId: 'ERR-STATUS-429', effect: 'answers ACCESS_EXCEEDED with 403 instead of 429' },
  {
    ruleId: 'SIGN-RESPONSE-SIGNATURE',
    effect: 'signs its answers with a Digest over other bytes than the body',
  },
] as const satisfies readonly FaultEntry[];
