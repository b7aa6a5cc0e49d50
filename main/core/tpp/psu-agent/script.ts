/**
 * The PSU's side of the SCA pages as a check says: which customer logs in, which context and
 * accounts to choose, and whether to confirm or cancel. How that is done on a bank's pages is the
 * PSU steps' business (steps.ts); this is what the script's variables are made of
 * (play.ts `psuVariablesOf`).
 */

/** The embedded bank's pages (docs/sca.md); `cancelAt` names one of them. */
export type PsuAgentStep = 'login' | 'code' | 'context' | 'consent' | 'authorise';

export interface AgentIntent {
  nationalIdentityNumber: string;
  /** The PSU's password, for a bank whose login page asks for one (`${password}`). */
  password?: string;
  /** Context to choose when the bank asks; the agreement by its name on the page. */
  context?: 'PRIVATE' | { agreementName: string };
  /**
   * Consent screen: 'all' ticks everything; otherwise tick `grant`, untick `revoke` and leave the
   * rest as the bank preselected it. An account is named by its id, IBAN, masked PAN or name;
   * `revoke: ['*']` unticks every account not in `grant`, so the consent grants exactly `grant`
   * whatever the bank preselected (§1: accounts granted earlier are ticked already).
   */
  accounts?: { grant: string[]; revoke?: string[] } | 'all';
  /** On the last page (default confirm). */
  action?: 'confirm' | 'cancel';
  /** With action 'cancel': the page to cancel on (default: the last one). */
  cancelAt?: PsuAgentStep | (string & {});
  /** Production login's one-time code: 'auto' reads the code "sent to the device" (default). */
  oneTimeCode?: 'auto' | string;
}
