/**
 * From the bank's own decision on one request to verdicts on the TPP-side rules
 * (main/core/spec/tpp-rules.ts). Nothing is checked a second time here: a refusal is read from the
 * stage and rule id that refused (the pipeline's Rejection, as the request log records it), and a
 * request that got past a stage passes the TPP rules that stage enforces. Only what the bank does
 * not refuse — computed offsets (§4.2.3) and a repeated call after scaRedirect (§5.3(1)) — needs
 * memory across requests, kept by the recorder (recorder.ts).
 */
import type { TppRuleId } from '../../../spec/tpp-rules.js';
import {
  STAGE_NAMES,
  type RouteDefinition,
  type StageName,
} from '../../context/request-context.js';

export interface Verdict {
  rule: TppRuleId;
  verdict: 'pass' | 'fail';
  text: string;
}

/** What the pipeline decided about one TPP request. */
export interface Decision {
  route: RouteDefinition;
  headers: Readonly<Record<string, string>>;
  bodySize: number;
  status: number;
  /** The stage and rule that refused, with the refusal's text; absent when answered by the handler. */
  rejection?: { stage: StageName; rule: string; text: string };
}

/** Whether the pipeline got past `stage` (it ran and did not refuse). */
export function passed(decision: Decision, stage: StageName): boolean {
  const refusedAt = decision.rejection?.stage;
  return refusedAt === undefined || STAGE_NAMES.indexOf(stage) < STAGE_NAMES.indexOf(refusedAt);
}

/** The TPP rule a header rule (`headers.*`, `fixes.*`) of the bank belongs to. */
function headerRuleOf(rule: string): TppRuleId | undefined {
  const missing = /^(?:fault\.)?headers\.required\.(.+)$/.exec(rule)?.[1];
  if (missing === 'tpp-redirect-uri') return 'TPP-REDIRECT-URI';
  if (missing === 'digest') return 'TPP-SIGN-DIGEST';
  if (missing === 'signature' || missing === 'tpp-signature-certificate') return 'TPP-SIGN-REQUEST';
  if (missing !== undefined) return 'TPP-HEADERS-REQUIRED';
  if (rule.startsWith('headers.format.') || rule.startsWith('headers.duplicate.'))
    return 'TPP-HEADERS-FORMAT';
  if (rule.startsWith('fixes.')) return 'TPP-HEADERS-REQUIRED';
  return undefined;
}

/** The TPP rule of a signature refusal, `signature.<part>.<reason>` (stages/signature.ts). */
function signatureRuleOf(rule: string): TppRuleId | undefined {
  const [, part, reason] = rule.split('.');
  switch (part) {
    case 'headers':
      return 'TPP-SIGN-HEADERS';
    case 'digest':
      return 'TPP-SIGN-DIGEST';
    case 'keyId':
      return 'TPP-SIGN-KEYID';
    case 'signature':
      return reason === 'signature-mismatch' || reason === 'signature-length'
        ? 'TPP-SIGN-STRING'
        : 'TPP-SIGN-REQUEST';
    case 'certificate':
    case 'algorithm':
      return 'TPP-SIGN-REQUEST';
    default:
      return undefined;
  }
}

/** Session refusals about the PSU identity headers (stages/session.ts, handlers). */
const PSU_ID_RULES = [
  'session.psu-id-unknown',
  'session.psu-required',
  'session.psu-id-required',
  'session.psu-identity-mismatch',
  'handler.payment.psu-id-required',
];

function sessionRuleOf(rule: string): TppRuleId | undefined {
  if (PSU_ID_RULES.includes(rule) || rule.startsWith('session.x-psu-identity-'))
    return 'TPP-PSU-ID';
  if (rule.startsWith('session.psu-corporate-id-')) return 'TPP-PSU-CORPORATE-ID';
  if (
    rule === 'access.calls-without-psu-ip-address' ||
    rule === 'access.consent-too-old-without-psu-ip-address'
  )
    return 'TPP-PSU-IP-BUDGET';
  return undefined;
}

/** SCA refusals carry `_links.scaRedirect` (context/sca-redirect.ts: `session.sca-*`). */
export function isScaRefusal(decision: Decision): boolean {
  return decision.rejection?.rule.startsWith('session.sca-') === true;
}

const CARD_TRANSACTIONS = '/v1/card-accounts/{account-id}/transactions';

const passing = (rule: TppRuleId, text: string): Verdict => ({ rule, verdict: 'pass', text });

/**
 * The passes every accepted request earns, made once: judgeDecision runs on every request, and
 * nothing changes a verdict once given.
 */
const FORMAT_PASS = passing('TPP-HEADERS-FORMAT', 'every header sent has its §4.1 form');
const SIGNATURE_PASSES = [
  passing('TPP-SIGN-REQUEST', 'signed, with a readable Signature and TPP-Signature-Certificate'),
  passing('TPP-SIGN-HEADERS', 'every §5.2(4) header the request carries is signed'),
  passing('TPP-SIGN-KEYID', 'keyId names the certificate in TPP-Signature-Certificate'),
  passing('TPP-SIGN-STRING', 'the signature verifies over the §5.2(5) signing string'),
];
const DIGEST_PASS = passing('TPP-SIGN-DIGEST', 'the Digest matches the body');

/** TPP-HEADERS-REQUIRED's pass names the endpoint: one verdict a route. */
const requiredPasses = new WeakMap<RouteDefinition, Verdict>();
function requiredPassOf(route: RouteDefinition): Verdict {
  let verdict = requiredPasses.get(route);
  if (verdict === undefined) {
    verdict = passing(
      'TPP-HEADERS-REQUIRED',
      `every header ${route.method} ${route.path} requires was sent`,
    );
    requiredPasses.set(route, verdict);
  }
  return verdict;
}

/** The verdicts the bank's decision gives, without memory across requests. */
export function judgeDecision(decision: Decision): Verdict[] {
  const verdicts: Verdict[] = [];
  const { route, headers, rejection } = decision;
  const fail = (rule: TppRuleId) =>
    verdicts.push({ rule, verdict: 'fail', text: rejection?.text ?? '' });
  const pass = (rule: TppRuleId, text: string) => verdicts.push(passing(rule, text));

  const refused =
    rejection &&
    (headerRuleOf(rejection.rule) ??
      (rejection.stage === 'signature' ? signatureRuleOf(rejection.rule) : undefined) ??
      sessionRuleOf(rejection.rule));
  if (refused) fail(refused);

  const sent = (key: string) => headers[key] !== undefined;
  if (passed(decision, 'fixes')) {
    verdicts.push(requiredPassOf(route), FORMAT_PASS);
    if (route.headers.required.includes('tpp-redirect-uri'))
      pass('TPP-REDIRECT-URI', `TPP-Redirect-URI sent: ${headers['tpp-redirect-uri']}`);
  }
  if (passed(decision, 'signature')) {
    verdicts.push(...SIGNATURE_PASSES);
    if (decision.bodySize > 0 || sent('digest')) verdicts.push(DIGEST_PASS);
  }
  const declared = (key: string) =>
    route.headers.required.includes(key) || route.headers.optional.includes(key);
  if (passed(decision, 'session') && refused !== 'TPP-PSU-ID') {
    if (sent('psu-id') && declared('psu-id'))
      pass('TPP-PSU-ID', 'the PSU-ID is one the bank gave to this TPP');
    if (sent('psu-corporate-id') && declared('psu-corporate-id'))
      pass('TPP-PSU-CORPORATE-ID', 'the PSU-Corporate-ID is one the bank gave to this TPP');
  }
  if (
    !rejection &&
    decision.status < 400 &&
    route.path === CARD_TRANSACTIONS &&
    !sent('psu-ip-address')
  )
    pass('TPP-PSU-IP-BUDGET', 'a call without PSU-IP-Address within the day’s budget (§8)');
  return verdicts;
}
