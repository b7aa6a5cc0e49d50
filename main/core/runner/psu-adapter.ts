/**
 * The suites' PsuAgent (main/core/runner/check-api) over the workbench's headless PSU
 * (main/core/tpp/psu-agent/): a check's PsuScript becomes the agent's script, the agent plays the
 * bank's SCA pages over HTTP, and its redirect becomes the suites' ScaRedirect (§6.1 / §6.2).
 *
 * The agent stops at the redirect to the TPP (e.g. SUITE_REDIRECT_URI) without fetching it.
 *
 * Script mapping:
 * - `login` → the login page's national identity number (sandbox: the mocked number, §1);
 * - `context` PRIVATE → the private choice; CORPORATE → the agreement named by
 *   `corporateAgreement`, as the context page shows it: its name (e.g. `Nordlys Rørlegger AS`) or
 *   its value `agreement:<id>`. When the bank skips the context page (one choice, or PSU-Context /
 *   PSU-Corporate-ID preselected it), the context is not used. Without `context` the PSU acts
 *   privately when asked;
 * - `consent.grant` / `consent.revoke` → tick / untick on the consent screen; an account is named
 *   by its id, IBAN, masked PAN or name. `grant: ['*']` ticks every account offered;
 * - `outcome: 'abort'` → cancel on the last page (§3.4 "SCA aborted").
 */
import type {
  PsuAgent,
  PsuScript as SuitePsuScript,
  ScaRedirect as SuiteScaRedirect,
} from './check-api/index.js';
import { PsuAgentError, runPsuAgent, type PsuAgentOptions } from '../tpp/psu-agent/agent.js';
import type { AgentScript } from '../tpp/psu-agent/script.js';

/** Every account on the consent screen (`consent: { grant: [ALL_ACCOUNTS] }`). */
export const ALL_ACCOUNTS = '*';

/** The headless agent's script for a check's PsuScript. */
export function agentScriptOf(script: SuitePsuScript): AgentScript {
  const agent: AgentScript = { nationalIdentityNumber: script.login };
  if (script.context === 'CORPORATE')
    agent.context = { agreementName: script.corporateAgreement ?? '(no corporateAgreement named)' };
  else agent.context = 'PRIVATE';
  if (script.consent) {
    const grant = [...(script.consent.grant ?? [])];
    agent.accounts = grant.includes(ALL_ACCOUNTS)
      ? 'all'
      : { grant, ...(script.consent.revoke ? { revoke: [...script.consent.revoke] } : {}) };
  }
  if (script.outcome === 'abort') agent.action = 'cancel';
  return agent;
}

/** Builds the suites' PSU agent; `signal` stops it between pages of a check that timed out. */
export function createSuitePsuAgent(
  options: { signal?: AbortSignal } & Pick<PsuAgentOptions, 'dispatcher' | 'maxPages'> = {},
): PsuAgent {
  const { signal, ...agentOptions } = options;
  return {
    async completeSca(scaRedirectUrl, script): Promise<SuiteScaRedirect> {
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      let result;
      try {
        result = await runPsuAgent(scaRedirectUrl, agentScriptOf(script), agentOptions);
      } catch (error) {
        if (error instanceof PsuAgentError) {
          const last = error.pages.at(-1);
          throw new Error(
            `PSU agent: ${error.message}${last ? ` (last page: ${last.method} ${last.url} → ${last.status})` : ''}`,
          );
        }
        throw error;
      }
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      const { redirect, redirectUrl } = result;
      if (redirect.outcome === 'success')
        return {
          outcome: 'success',
          url: redirectUrl,
          params: redirect.query,
          psuId: redirect.psuId,
          ...(redirect.psuCorporateId !== undefined
            ? { psuCorporateId: redirect.psuCorporateId }
            : {}),
          tppSessionId: redirect.tppSessionId,
          context: redirect.context === 'CORPORATE' ? 'CORPORATE' : 'PRIVATE',
        };
      return {
        outcome: 'failure',
        url: redirectUrl,
        params: redirect.query,
        ...(redirect.system !== undefined ? { system: redirect.system } : {}),
        status: redirect.status ?? 0,
        code: redirect.code ?? '',
        message: redirect.message ?? '',
      };
    },
  };
}
