/**
 * The suites' view of where the bank sent the PSU back (check-api ScaRedirect, §6.1 on success,
 * §6.2 on failure) from the parameters the TPP side read off the redirect: one mapping for every
 * kind of PSU agent (headless, browser, a person at the manual listener).
 */
import type { ScaRedirect } from '../check-api/index.js';
import type { ScaRedirectParams } from '../../tpp/sca-redirect.js';

export function suiteScaRedirect(redirect: ScaRedirectParams, url: string): ScaRedirect {
  if (redirect.outcome === 'success')
    return {
      outcome: 'success',
      url,
      params: redirect.query,
      psuId: redirect.psuId,
      ...(redirect.psuCorporateId !== undefined ? { psuCorporateId: redirect.psuCorporateId } : {}),
      tppSessionId: redirect.tppSessionId,
      context: redirect.context === 'CORPORATE' ? 'CORPORATE' : 'PRIVATE',
    };
  return {
    outcome: 'failure',
    url,
    params: redirect.query,
    ...(redirect.system !== undefined ? { system: redirect.system } : {}),
    status: redirect.status ?? 0,
    code: redirect.code ?? '',
    message: redirect.message ?? '',
  };
}
