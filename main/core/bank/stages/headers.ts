/**
 * Header rules per endpoint (§4.1–§4.3): a missing required header answers
 * HTTP_HEADER_REQUIRED naming it, a malformed one FORMAT_ERROR naming it.
 */
import { bankError } from '../../spec/errors.js';
import { checkHeaderValue, headerRule } from '../../spec/headers.js';
import { faultActive, faultEntries, type FaultId } from '../faults/index.js';
import { reject } from '../http/refusal.js';
import type { RequestContext, RouteDefinition, Stage } from '../context/request-context.js';
import { faultyFailureAnswer } from './signature-faults.js';

/** Optional headers a fault makes required: rule id → [method and path, header key]. */
const REQUIRED_BY_FAULT: Partial<Record<FaultId, [string, string]>> = {
  'HDR-CARD-TRANSACTIONS-OPTIONAL': [
    'GET /v1/card-accounts/{account-id}/transactions',
    'psu-ip-address',
  ],
  'HDR-PSU-FORWARDED-OPTIONAL': ['POST /v1/consents', 'psu-user-agent'],
  'HDR-TPP-BRAND-LOGGING-OPTIONAL': ['POST /v1/consents', 'tpp-brand-logging-information'],
};

/** Format rules a fault switches off: rule id → header key. */
const FORMAT_FAULTS: Partial<Record<FaultId, string>> = {
  'HDR-X-REQUEST-ID-UUID': 'x-request-id',
  'HDR-PSU-ID-UUID': 'psu-id',
  'HDR-PSU-CONTEXT-VALUES': 'psu-context',
  'HDR-PSU-HTTP-METHOD-VALUES': 'psu-http-method',
  'HDR-PSU-DEVICE-ID-UUID': 'psu-device-id',
  'HDR-PSU-GEO-LOCATION-FORMAT': 'psu-geo-location',
  'HDR-X-PSU-IDENTITY': 'x-psu-identity',
  'GEN-HEADER-DATE-RFC-7231': 'date',
};

/** Whether an active fault drops the requirement of `key` on this route. */
function requirementWaived(ctx: RequestContext, key: string): boolean {
  if (key === 'tpp-redirect-uri' && faultActive(ctx, 'HDR-TPP-REDIRECT-URI-REQUIRED')) return true;
  if (
    key === 'digest' &&
    ctx.route?.path.startsWith('/v1/sandbox/') === true &&
    faultActive(ctx, 'HDR-SANDBOX-DIGEST-WITH-BODY')
  )
    return true;
  for (const [rule, keys] of faultEntries(ctx.route?.requirementFaults ?? {}))
    if (keys.includes(key) && faultActive(ctx, rule)) return true;
  return (
    faultActive(ctx, 'HDR-CARD-TRANSACTIONS-REQUIRED') &&
    ctx.route?.path === '/v1/card-accounts/{account-id}/transactions' &&
    (key === 'tpp-session-id' || key === 'x-accept-fix' || key === 'tpp-redirect-uri')
  );
}

/** REQUIRED_BY_FAULT's entries, made once rather than on every request. */
const REQUIRED_BY_FAULT_ENTRIES = faultEntries(REQUIRED_BY_FAULT);

/** A route's declared headers, required then optional: one array a route, not one a request. */
const declaredHeaders = new WeakMap<RouteDefinition, readonly string[]>();
function declaredOf(route: RouteDefinition): readonly string[] {
  let declared = declaredHeaders.get(route);
  if (declared === undefined) {
    declared = [...route.headers.required, ...route.headers.optional];
    declaredHeaders.set(route, declared);
  }
  return declared;
}

/** FORMAT_FAULTS the other way round, built once: header key → the rule ids that waive it. */
const FORMAT_FAULTS_OF_HEADER = new Map<string, FaultId[]>();
for (const [rule, header] of faultEntries(FORMAT_FAULTS))
  FORMAT_FAULTS_OF_HEADER.set(header, [...(FORMAT_FAULTS_OF_HEADER.get(header) ?? []), rule]);

function formatWaived(ctx: RequestContext, key: string): boolean {
  if (ctx.faults.size === 0) return false;
  return (FORMAT_FAULTS_OF_HEADER.get(key) ?? []).some((rule) => faultActive(ctx, rule));
}

/** The §5.2 part a missing signing header belongs to, for the signing faults. */
const PART_OF_SIGNING_HEADER: Record<string, string> = {
  signature: 'signature',
  'tpp-signature-certificate': 'certificate',
};

const displayName = (key: string) => headerRule(key)?.name ?? key;

export const headerStage: Stage = (ctx) => {
  const route = ctx.route!;
  if (!route.signed) return ctx;
  const { headers, body, duplicateHeaders = [] } = ctx.request;
  const endpoint = `${route.method} ${route.path}`;

  for (const key of route.headers.required) {
    if (headers[key] === undefined && !requirementWaived(ctx, key)) {
      const faulty = faultyFailureAnswer(ctx, 'missing', PART_OF_SIGNING_HEADER[key] ?? key);
      const sandboxFault =
        route.path.startsWith('/v1/sandbox/') && faultActive(ctx, 'HDR-SANDBOX-REQUIRED');
      return reject(
        `headers.required.${key}`,
        bankError(
          sandboxFault ? 'FORMAT_ERROR' : (faulty.code ?? 'HTTP_HEADER_REQUIRED'),
          faultActive(ctx, 'ERR-TEXT-NAMES-CAUSE')
            ? 'A required header is missing'
            : `${displayName(key)} header is required on ${endpoint} (§4)`,
          {
            path: displayName(key),
            ...(faulty.status ? { status: faulty.status } : {}),
          },
        ),
      );
    }
  }
  for (const [rule, [where, key]] of REQUIRED_BY_FAULT_ENTRIES)
    if (headers[key] === undefined && faultActive(ctx, rule) && where === endpoint)
      return reject(
        `fault.headers.required.${key}`,
        bankError('HTTP_HEADER_REQUIRED', `${displayName(key)} header is required on ${endpoint}`, {
          path: displayName(key),
        }),
      );
  const sandboxDigestWaived =
    route.path.startsWith('/v1/sandbox/') && faultActive(ctx, 'HDR-SANDBOX-DIGEST-WITH-BODY');
  // §4.1, §4.3: Digest is required on requests with a body.
  if (
    body.length > 0 &&
    headers.digest === undefined &&
    !faultActive(ctx, 'SIGN-DIGEST-WITH-BODY') &&
    !sandboxDigestWaived
  )
    return reject(
      'headers.required.digest',
      bankError(
        'HTTP_HEADER_REQUIRED',
        'Digest header is required on a request with a body (§4.1)',
        {
          path: 'Digest',
        },
      ),
    );

  for (const key of declaredOf(route)) {
    const value = headers[key];
    if (value === undefined) continue;
    if (duplicateHeaders.includes(key))
      return reject(
        `headers.duplicate.${key}`,
        bankError('FORMAT_ERROR', `${displayName(key)} header is sent more than once`, {
          path: displayName(key),
        }),
      );
    const problem = formatWaived(ctx, key) ? undefined : checkHeaderValue(key, value);
    if (problem !== undefined)
      return reject(
        `headers.format.${key}`,
        bankError('FORMAT_ERROR', `${displayName(key)} header ${problem}`, {
          path: displayName(key),
        }),
      );
  }
  return ctx;
};
