/**
 * The SCA flow of one check as a TPP sees it (§1 "the SCA flow seen from a TPP is identical in
 * production and sandbox"), derived from the evidence the check already holds: per API exchange
 * the method, the path template, the status, the `_links` names, the status fields' values and the
 * tppMessages codes; per redirect back to the TPP (§6.1, §6.2) its query parameter names, and on a
 * failure the status and code it carries. The PSU's pages are not part of it: §1 lets them differ
 * (the sandbox login asks only for a mocked national identity number). Values that differ from run
 * to run by nature (ids, IBANs, texts) are left out, so two runs of one flow have one shape.
 */
import type { CheckResult, EvidenceItem } from '../../../shared/run-result.js';
import type { EvidenceExchange } from '../../../shared/exchange.js';
import { parsePsuPlayedNote } from '../../../shared/sequence/psu-note.js';
import { BANK_ROUTES } from '../../bank/index.js';

/** The status fields of §3.1–§3.3 a TPP reads off an answer. */
const STATUS_FIELDS = ['scaStatus', 'consentStatus', 'transactionStatus'] as const;

export type ScaFlowStep =
  | {
      kind: 'exchange';
      method: string;
      /** The spec's path template, e.g. `/v1/consents/{consentId}`. */
      path: string;
      /** The HTTP status, or `no answer`. */
      status: number | 'no answer';
      links: string[];
      statuses: Partial<Record<(typeof STATUS_FIELDS)[number], string>>;
      tppMessages: string[];
    }
  | {
      kind: 'redirect';
      /** The redirect's query parameter names, sorted (the TPP's own ones included). */
      parameters: string[];
      /** §6.2: on a failure, its status and code. */
      error?: { status?: string; code?: string };
    };

const PARAMETER = /^\{[^}]+\}$/;

/** The bank's route templates, the most literal first: `/v1/x/fixed` before `/v1/x/{id}`. */
const TEMPLATES = BANK_ROUTES.map((route) => {
  const segments = route.path.slice(1).split('/');
  return {
    method: route.method,
    segments,
    path: route.path,
    literals: segments.filter((part) => !PARAMETER.test(part)).length,
  };
}).sort((a, b) => b.literals - a.literals);

/** Every literal segment of the bank's paths (`v1`, `consents`, …): never an id. */
const LITERALS = new Set(TEMPLATES.flatMap((route) => route.segments));

/**
 * The path template of a request: the bank's route the path matches (literal segments equal,
 * parameters anything), else the path with each segment holding a digit, but the bank's own
 * literals (`v1`), as `{id}` (another bank's path the embedded bank does not serve).
 */
export function pathTemplate(method: string, path: string): string {
  const segments = path.slice(1).split('/');
  const route = TEMPLATES.find(
    (candidate) =>
      candidate.method === method &&
      candidate.segments.length === segments.length &&
      candidate.segments.every((part, i) => PARAMETER.test(part) || part === segments[i]),
  );
  if (route) return route.path;
  return `/${segments.map((part) => (/\d/.test(part) && !LITERALS.has(part) ? '{id}' : part)).join('/')}`;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

/**
 * The TPP's API: every path under /v1/ but the sandbox management operations (§4.3), which
 * production has not by the spec and which the checks use to set up data in the sandbox only.
 */
function isTppApi(path: string): boolean {
  return path.startsWith('/v1/') && !path.startsWith('/v1/sandbox/');
}

function jsonOf(exchange: EvidenceExchange): unknown {
  const response = exchange.response;
  if (!response) return undefined;
  if (response.json !== undefined) return response.json;
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    return undefined;
  }
}

function exchangeStep(exchange: EvidenceExchange, path: string): ScaFlowStep {
  const body = jsonOf(exchange);
  const object =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const links = object._links;
  const statuses: Partial<Record<(typeof STATUS_FIELDS)[number], string>> = {};
  for (const field of STATUS_FIELDS)
    if (typeof object[field] === 'string') statuses[field] = object[field];
  const messages = Array.isArray(object.tppMessages) ? object.tppMessages : [];
  return {
    kind: 'exchange',
    method: exchange.request.method,
    path: pathTemplate(exchange.request.method, path),
    status: exchange.response?.status ?? 'no answer',
    links:
      links !== null && typeof links === 'object' && !Array.isArray(links)
        ? Object.keys(links).sort()
        : [],
    statuses,
    tppMessages: messages.map((message: unknown) =>
      String((message as { code?: unknown } | null)?.code ?? '?'),
    ),
  };
}

function redirectStep(url: string): ScaFlowStep {
  let query: URLSearchParams;
  try {
    query = new URL(url).searchParams;
  } catch {
    query = new URLSearchParams();
  }
  const parameters = [...new Set(query.keys())].sort();
  // §6.2: a failed SCA carries status and code (message is text, system a name: not compared).
  const failed = query.has('status') || query.has('code');
  return {
    kind: 'redirect',
    parameters,
    ...(failed
      ? {
          error: {
            ...(query.has('status') ? { status: query.get('status')! } : {}),
            ...(query.has('code') ? { code: query.get('code')! } : {}),
          },
        }
      : {}),
  };
}

function stepsOf(evidence: readonly EvidenceItem[]): { steps: ScaFlowStep[]; sca: boolean } {
  const steps: ScaFlowStep[] = [];
  let sca = false;
  for (const item of evidence) {
    if (item.kind === 'exchange') {
      const path = pathOf(item.exchange.request.url);
      if (isTppApi(path)) steps.push(exchangeStep(item.exchange, path));
    } else if (item.kind === 'note') {
      const played = parsePsuPlayedNote(item.text);
      if (played) {
        sca = true;
        steps.push(redirectStep(played.redirectUrl));
      }
    }
  }
  return { steps, sca };
}

/**
 * The TPP-visible shape of a check's run, or undefined when no PSU went through an SCA in it (the
 * PSU steps' note, main/shared/sequence/psu-note.ts, is the mark of an SCA flow).
 */
export function scaFlowOf(check: Pick<CheckResult, 'evidence'>): ScaFlowStep[] | undefined {
  const { steps, sca } = stepsOf(check.evidence);
  return sca ? steps : undefined;
}

/** The shape of a check's run whether or not an SCA was in it: what a check without one did. */
export function tppShapeOf(check: Pick<CheckResult, 'evidence'>): ScaFlowStep[] {
  return stepsOf(check.evidence).steps;
}

/** One step as a line: `POST /v1/consents → 201, links scaRedirect,self, consentStatus=received`. */
export function scaFlowStepText(step: ScaFlowStep | undefined): string {
  if (!step) return 'nothing (the flow ended)';
  if (step.kind === 'redirect') {
    const error = step.error
      ? `, failure status=${step.error.status ?? '-'} code=${step.error.code ?? '-'}`
      : '';
    return `redirect back to the TPP with ${step.parameters.join(',') || 'no parameters'}${error}`;
  }
  const parts = [`${step.method} ${step.path} → ${step.status}`];
  if (step.links.length > 0) parts.push(`links ${step.links.join(',')}`);
  for (const [field, value] of Object.entries(step.statuses)) parts.push(`${field}=${value}`);
  if (step.tppMessages.length > 0) parts.push(`tppMessages ${step.tppMessages.join(',')}`);
  return parts.join(', ');
}
