/**
 * The §6.1/§6.2 parameters of the bank's redirect back to the TPP, read from a URL query, and
 * where they break the spec. Pure (no Node-only imports): the contract's views use the type.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A redirect as the TPP received it (a check sees check-api's ScaRedirect instead). */
export type ScaRedirectParams =
  | {
      outcome: 'success';
      psuId: string;
      psuCorporateId?: string;
      tppSessionId: string;
      context: string;
      query: Record<string, string>;
      receivedAt: string;
      /** Where the redirect departs from §6.1. Empty when it conforms. */
      problems: string[];
    }
  | {
      outcome: 'failure';
      system?: string;
      status?: number;
      code?: string;
      message?: string;
      tppSessionId?: string;
      query: Record<string, string>;
      receivedAt: string;
      problems: string[];
    };

/** Reads the §6.1/§6.2 parameters of a redirect URL's query. */
export function readScaRedirect(
  query: URLSearchParams,
  receivedAt = new Date(),
): ScaRedirectParams {
  const raw = Object.fromEntries(query);
  const problems: string[] = [];
  if (raw['psu-id'] !== undefined) {
    if (!UUID.test(raw['psu-id']))
      problems.push(`psu-id '${raw['psu-id']}' is not an RFC 4122 UUID (§6.1)`);
    const corporate = raw['psu-corporate-id'];
    if (corporate !== undefined && !UUID.test(corporate)) {
      problems.push(`psu-corporate-id '${corporate}' is not an RFC 4122 UUID (§6.1)`);
    }
    const context = raw['context'];
    if (context !== 'PRIVATE' && context !== 'CORPORATE') {
      problems.push(`context must be PRIVATE or CORPORATE (§6.1), got '${context ?? '(missing)'}'`);
    }
    if (context === 'CORPORATE' && corporate === undefined) {
      problems.push('context is CORPORATE but psu-corporate-id is missing (§6.1)');
    }
    if (context === 'PRIVATE' && corporate !== undefined) {
      problems.push('context is PRIVATE but psu-corporate-id is present (§6.1)');
    }
    if (raw['tpp-session-id'] === undefined) problems.push('tpp-session-id is missing (§6.1)');
    return {
      outcome: 'success',
      psuId: raw['psu-id'],
      ...(corporate !== undefined ? { psuCorporateId: corporate } : {}),
      tppSessionId: raw['tpp-session-id'] ?? '',
      context: context ?? '',
      query: raw,
      receivedAt: receivedAt.toISOString(),
      problems,
    };
  }
  const status = raw['status'] !== undefined ? Number(raw['status']) : undefined;
  if (raw['code'] === undefined) problems.push('a failed-SCA redirect carries code (§6.2)');
  if (raw['status'] === undefined) problems.push('a failed-SCA redirect carries status (§6.2)');
  else if (!Number.isInteger(status))
    problems.push(`status '${raw['status']}' is not a number (§6.2)`);
  if (raw['message'] === undefined) problems.push('a failed-SCA redirect carries message (§6.2)');
  return {
    outcome: 'failure',
    ...(raw['system'] !== undefined ? { system: raw['system'] } : {}),
    ...(status !== undefined && Number.isInteger(status) ? { status } : {}),
    ...(raw['code'] !== undefined ? { code: raw['code'] } : {}),
    ...(raw['message'] !== undefined ? { message: raw['message'] } : {}),
    ...(raw['tpp-session-id'] !== undefined ? { tppSessionId: raw['tpp-session-id'] } : {}),
    query: raw,
    receivedAt: receivedAt.toISOString(),
    problems,
  };
}
