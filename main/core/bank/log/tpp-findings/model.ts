/**
 * The TPP conformance report as JSON (docs/ci.md "The TPP's conformance
 * report"): per TPP-side rule (main/core/spec/tpp-rules.ts) its verdict over every request the
 * bank judged, with the requests as evidence. What `GET /admin/report?format=json` answers and
 * `workbench bank --report json` writes; the JUnit and HTML renderings are made from it
 * (main/core/runner/reporters/tpp-report.ts).
 */
import type { LoggedRequest, LoggedResponse } from '../request-log.js';

export const TPP_REPORT_FORMAT = 'psd2-workbench/tpp-report';
export const TPP_REPORT_FORMAT_VERSION = 1;

/** PASS: exercised and never broken; FAIL: broken at least once; NOT_EXERCISED: no request touched
 * it. */
export type TppRuleStatus = 'PASS' | 'FAIL' | 'NOT_EXERCISED';

/** One line of a signing-string comparison: kept (' '), only the bank's ('-'), only the right one
 * ('+'). */
export interface SigningStringLine {
  op: ' ' | '-' | '+';
  text: string;
}

export interface SigningStringComparison {
  /** The Signature's `headers`, as the TPP listed them. */
  listed: string[];
  /** The §5.2(5) signing string the bank built from the TPP's list. */
  built?: string;
  /** The string that would have verified or was due: `expected` (§5.2(4) list) or `verifying`. */
  right?: { kind: 'expected' | 'verifying'; signingString: string };
  /** Line by line, `built` against `right`: where they differ. */
  differences?: SigningStringLine[];
}

export interface TppFinding {
  verdict: 'pass' | 'fail';
  /** The request log id of the exchange (GET /admin/requests shows the same id). */
  exchangeId: number;
  /** Bank clock when the request arrived. */
  at: string;
  /** `METHOD target` of the request. */
  request: string;
  /** Why: the bank's refusal text, or what the request did right. */
  text: string;
  /** The pipeline stage and bank rule that refused, when the bank refused. */
  rejectedBy?: { stage: string; rule: string };
  signing?: SigningStringComparison;
}

/** An exchange kept as evidence, as the request log holds it. */
export interface TppEvidenceExchange {
  id: number;
  receivedAt: string;
  request: LoggedRequest;
  response: LoggedResponse;
}

export interface TppRuleReport {
  id: string;
  section: string;
  title: string;
  statement: string;
  catalogue: readonly string[];
  status: TppRuleStatus;
  passes: number;
  failures: number;
  /** The first failures and passes (at most FINDINGS_KEPT_PER_VERDICT of each). */
  findings: TppFinding[];
}

export interface TppReport {
  format: typeof TPP_REPORT_FORMAT;
  formatVersion: typeof TPP_REPORT_FORMAT_VERSION;
  /** Wall-clock instant the report was made. */
  generatedAt: string;
  bank: { mode: string; url?: string };
  /** TPP requests judged (the bank's own meta routes, pages and unknown paths are not). */
  requestsJudged: number;
  counts: Record<TppRuleStatus, number> & { total: number };
  rules: TppRuleReport[];
  /** The exchanges the findings point at, by id. */
  exchanges: TppEvidenceExchange[];
}

/** Evidence kept per rule and verdict: enough to show the pattern, bounded for long CI runs. */
export const FINDINGS_KEPT_PER_VERDICT = 20;
