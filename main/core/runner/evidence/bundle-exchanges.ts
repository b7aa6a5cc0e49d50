/**
 * Every exchange of a run as a HAR and as a curl script, for the evidence bundle: the bank's
 * developers open the HAR in a browser's network panel or replay one request from the script. They
 * are made from the run result the reports are written from (main/core/runner/results/report-result.ts),
 * so they are redacted exactly as the reports are, with the signing client's own exporters
 * (main/core/tpp/export.ts) so a HAR from the composer and one from a bundle look the same.
 */
import { toCurl, toHar } from '../../tpp/export.js';
import {
  requestOfEvidence,
  type EvidenceExchange,
  type Exchange,
} from '../../../shared/exchange.js';
import type { RunResult } from '../../../shared/run-result.js';

export const HAR_FILE = 'exchanges.har';
export const CURL_FILE = 'exchanges.curl.sh';

interface RunExchange {
  checkId: string;
  evidence: EvidenceExchange;
}

/** The exchanges in the order of the checks and of their evidence; one shared by checks once. */
function runExchanges(result: RunResult): RunExchange[] {
  const seen = new Set<string>();
  const out: RunExchange[] = [];
  for (const check of result.checks)
    for (const item of check.evidence)
      if (item.kind === 'exchange' && !seen.has(item.exchange.id)) {
        seen.add(item.exchange.id);
        out.push({ checkId: check.checkId, evidence: item.exchange });
      }
  return out;
}

/**
 * Back from evidence to the client's exchange shape the exporters take. What evidence does not
 * keep is filled so the exporters say nothing false: the whole duration as the wait (evidence has
 * no time to headers), the signed header names and keyId read from the Signature header.
 */
function toExchange({ checkId, evidence }: RunExchange): Exchange {
  const { request } = evidence;
  const signature = Object.entries(request.headers).find(
    ([name]) => name.toLowerCase() === 'signature',
  )?.[1];
  return {
    id: evidence.id,
    label: `${checkId}${evidence.label ? `: ${evidence.label}` : ''}`,
    startedAt: evidence.timings.startedAt,
    request: requestOfEvidence(request),
    ...(evidence.signingString !== undefined
      ? {
          signing: {
            signingString: evidence.signingString,
            signedHeaderNames: (/headers="([^"]*)"/.exec(signature ?? '')?.[1] ?? '')
              .split(' ')
              .filter(Boolean),
            keyId: /keyId="([^"]*)"/.exec(signature ?? '')?.[1] ?? '',
          },
        }
      : {}),
    ...(evidence.response ? { response: { ...evidence.response, truncated: false } } : {}),
    ...(evidence.transportError !== undefined ? { error: evidence.transportError } : {}),
    timings: { headersMs: evidence.timings.durationMs, totalMs: evidence.timings.durationMs },
    responseSignature: evidence.responseSignature ?? { status: 'absent' },
  };
}

export function runHar(result: RunResult): string {
  const exchanges = runExchanges(result);
  const har = toHar(exchanges.map(toExchange)) as { log: { entries: Record<string, unknown>[] } };
  // Evidence keeps a response signature only when it failed: absent there means "absent or
  // valid", so the HAR says only what is known.
  har.log.entries.forEach((entry, index) => {
    if (!exchanges[index]!.evidence.responseSignature) delete entry['_responseSignature'];
  });
  return `${JSON.stringify(har, null, 2)}\n`;
}

export function runCurlScript(result: RunResult, redacted: boolean): string {
  const lines = [
    '#!/bin/sh',
    `# Every exchange of run ${result.runId} against ${result.target.baseUrl}, in check order.`,
    redacted
      ? '# Redacted like the reports: credentials and PSU data are masked, so a replay is refused\n' +
        '# by the bank (the Digest and Signature no longer match the masked values).'
      : '# Credentials are redacted like the reports (PSU data kept: --no-redact): a replay needs\n' +
        '# fresh tokens and is refused when the Digest or Signature covers a redacted value.',
    'exit 0 # a record, not a script to run as a whole: copy the request you want',
    '',
  ];
  for (const exchange of runExchanges(result)) {
    lines.push(
      `# ${exchange.checkId}${exchange.evidence.label ? ` ${exchange.evidence.label}` : ''} (${exchange.evidence.id}, ${exchange.evidence.response ? `HTTP ${exchange.evidence.response.status}` : `no response: ${exchange.evidence.transportError ?? ''}`})`.replace(
        /\n/g,
        ' ',
      ),
      toCurl(toExchange(exchange)),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
