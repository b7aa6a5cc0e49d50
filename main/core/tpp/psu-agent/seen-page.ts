/**
 * A page the PSU agent saw: its evidence, and what the agent tells when no rule fits a page
 * (no-rule-fits.ts). Its own module, so the agent and that message import it, not each other.
 */
export interface SeenPage {
  method: 'GET' | 'POST';
  url: string;
  status: number;
  /** The page's step: as the script's `stepOf` reads it, else the name of the rule that played it. */
  step?: string;
  title?: string;
  /** The page's alert (data-testid form-error or error-message). */
  error?: string;
  location?: string;
  /** Fields the agent submitted from this page's form. */
  submitted?: [string, string][];
  html: string;
}
