/**
 * Which mode a bank runs in, as it answers: the sandbox management operations are not part of
 * the production interface (§4.3), so a production bank answers 404 on /v1/sandbox/ while a
 * sandbox lists its customers there (§1: "These customers can be listed with GET
 * /v1/sandbox/customers"). GET is harmless: it reads the mock data and changes nothing. Checked
 * by `workbench doctor` and before a run against a profile, since a sandbox suite against a
 * production bank (or the reverse) fails for reasons that have nothing to do with conformance.
 */
import type { Exchange } from '../../../shared/exchange.js';
import type { TppClient } from '../../tpp/client.js';
import type { BankMode } from '../../../shared/mode.js';

export type TargetModeVerdict = 'match' | 'mismatch' | 'unknown';

export interface TargetModeVerification {
  verdict: TargetModeVerdict;
  /** What the bank answered and what that means, in one sentence. */
  detail: string;
  /** The mode the answer shows, when it shows one. */
  observed?: BankMode;
  /** On a mismatch or an answer that shows no mode: what to change or make sure of, in one sentence. */
  fix?: string;
}

/** What to change when the bank does not answer as the profile's mode: the mode, or the URL. */
function modeFix(mode: BankMode, observed: BankMode | undefined): string {
  const where = `point baseUrl at the bank's ${mode} ${mode === 'sandbox' ? 'environment' : 'interface'}`;
  return observed ? `set "mode": "${observed}" in the profile, or ${where}` : where;
}

/** What to do when the bank's answer shows no mode: what a bank in the profile's mode answers. */
function unconfirmedFix(mode: BankMode): string {
  const expected =
    mode === 'sandbox' ? 'lists its customers there (§1)' : 'answers 404 there (§4.3)';
  return `make sure the bank runs in ${mode} mode (a ${mode} bank ${expected}); the run trusts the profile's "mode"`;
}

export const MODE_PROBE_PATH = '/v1/sandbox/customers';

function firstMessage(exchange: Exchange): { code?: unknown; text?: unknown } | undefined {
  const messages = (
    exchange.response?.json as { tppMessages?: { code?: unknown; text?: unknown }[] } | undefined
  )?.tppMessages;
  return Array.isArray(messages) ? messages[0] : undefined;
}

/** The code of the answer's first tppMessages entry (§7.2), if it has one. */
export function firstMessageCode(exchange: Exchange): string | undefined {
  const code = firstMessage(exchange)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** `403 ROLE_INVALID` or `403`: the status and the first tppMessages code of an answer. */
export function statusText(exchange: Exchange): string {
  const response = exchange.response;
  if (!response) return 'no answer';
  const first = firstMessage(exchange);
  const code = typeof first?.code === 'string' ? ` ${first.code}` : '';
  const text = typeof first?.text === 'string' ? ` (${first.text})` : '';
  return `${response.status}${code}${text}`;
}

export async function verifyTargetMode(
  client: TppClient,
  mode: BankMode,
  signal?: AbortSignal,
): Promise<TargetModeVerification> {
  const exchange = await client.send({
    method: 'GET',
    path: MODE_PROBE_PATH,
    label: 'mode check',
    ...(signal ? { signal } : {}),
  });
  const probe = `GET ${MODE_PROBE_PATH}`;
  if (!exchange.response)
    return {
      verdict: 'unknown',
      detail: `${probe} got no answer: ${exchange.error ?? 'unknown error'}`,
    };
  const status = exchange.response.status;
  // 405: something answers at the path but does not list the customers. A sandbox lists them
  // (§1) and a production bank has no such path (§4.3: 404), so the bank is in neither mode.
  if (status === 405)
    return {
      verdict: 'mismatch',
      detail: `the profile says ${mode}, but ${probe} answered 405: the bank has the path without its GET, so it neither lists the sandbox's customers (§1) nor lacks the sandbox operations as a production bank does (§4.3: 404)`,
      fix: modeFix(mode, undefined),
    };
  let observed: BankMode | undefined;
  if (status >= 200 && status < 300) observed = 'sandbox';
  else if (status === 404) observed = 'production';
  // Any other answer (a 400 or 403, say) confirms neither mode: a run goes on, trusting the
  // profile, and is told so with what the profile's mode expects here.
  if (!observed)
    return {
      verdict: 'unknown',
      detail: `${probe} answered ${statusText(exchange)}: neither a sandbox's list (2xx) nor a production bank's 404, so the mode cannot be told`,
      fix: unconfirmedFix(mode),
    };
  const seen =
    observed === 'sandbox'
      ? `${probe} answered ${status}: the bank has the sandbox operations`
      : `${probe} answered 404: the bank has no sandbox operations, as a production bank (§4.3)`;
  return observed === mode
    ? { verdict: 'match', observed, detail: `${seen}; the profile says ${mode}` }
    : {
        verdict: 'mismatch',
        observed,
        detail: `the profile says ${mode}, but ${seen}`,
        fix: modeFix(mode, observed),
      };
}
