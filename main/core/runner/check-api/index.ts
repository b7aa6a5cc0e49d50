/**
 * What a check is written against. A check is black-box over HTTP (design property 5 of
 * docs/architecture.md): it
 * talks to the target through `ctx.client`, drives the PSU's side of SCA through `ctx.psu`, and
 * judges with `ctx.expect`, which records what it compared as evidence. The engine
 * (main/core/runner) owns everything else: scheduling, timeouts, evidence, reporting.
 *
 * Types plus two error classes and `defineCheck`; no I/O. The client, PSU agent and clock are
 * interfaces: the composition root binds them to the signing client and the target.
 */
import type { TppMessage } from '../../spec/errors.js';
import type { PsuContext } from '../../spec/enums.js';
import type { ExpectedTppMessage } from './tpp-message.js';
import type { RuleArea, RuleNeed } from './rule.js';
import type { JsonValue } from '../../../shared/json.js';
import type { EvidenceExchange, HttpMethod } from '../../../shared/exchange.js';
import type { TargetInfo } from '../../../shared/run-result.js';
import type { BankMode } from '../../../shared/mode.js';
import type { CheckId, RuleId } from '../../../shared/rule-ids.js';

export type { CheckId, RuleId };

// ---- the target ---------------------------------------------------------------------------

export type { BankMode };
export type {
  TargetAllows,
  TargetInfo,
  TargetPsu,
  TargetPsus,
  TargetRepresentative,
} from '../../../shared/run-result.js';

// ---- requests and the evidence they leave ---------------------------------------------------

export type { JsonObject, JsonValue } from '../../../shared/json.js';
/** What `ctx.client.send` resolves with: the exchange as the check's evidence. */
export type { EvidenceExchange, HttpMethod } from '../../../shared/exchange.js';

/** Deliberate departures from §5.2 signing, for checks that probe the bank's verifier. */
export interface SigningOverrides {
  /** Sign exactly these lower-case header names, in this order, instead of the §5.2(4) default. */
  signedHeaders?: readonly string[];
  /** List `(request-target)` first in `headers` (accepted when listed, decisions.md). */
  includeRequestTarget?: boolean;
  digestAlgorithm?: 'SHA-256' | 'SHA-512';
  /** Send this Digest value instead of the computed one (e.g. the digest of other bytes). */
  digest?: string;
  /** Replace the signature part with bytes that do not verify. */
  corruptSignature?: boolean;
  /** Replace keyId (not part of the signing string, so only the keyId check can catch it). */
  keyId?: string;
  /** Replace the algorithm part, e.g. `hmac-sha256`. */
  algorithm?: string;
  /** Rewrite the whole Signature header value last (reorder parts, RFC 2047-wrap it, …). */
  rewriteSignatureHeader?: (value: string) => string;
  /** Headers to remove after signing, e.g. `TPP-Signature-Certificate`. */
  dropHeaders?: readonly string[];
}

export interface TargetRequest {
  method: HttpMethod;
  /** Path below the base URL, with the `/v1` prefix, e.g. `/v1/consents`. */
  path: string;
  /** Query parameters; `undefined` entries are left out. */
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Headers to send in addition to (or instead of) the client's defaults for this target. */
  headers?: Readonly<Record<string, string>>;
  /** A JSON body, serialised by the client (and digested and signed like any body). */
  body?: JsonValue;
  /** Exact body text instead of `body`, for bodies that are not JSON (XML, broken JSON). */
  rawBody?: string;
  /** Sign the request (§5.2); default true. `false` sends it without Signature. */
  sign?: boolean;
  /** Default headers to leave out, case-insensitive, e.g. `['PSU-IP-Address']`. */
  omitHeaders?: readonly string[];
  signing?: SigningOverrides;
  /** What the request is for, shown in the evidence, e.g. `payment without creditorName`. */
  label?: string;
}

/** Sends requests to the target: signs, digests, fills default headers, records the exchange. */
export interface TargetClient {
  /** Resolves with the exchange even for 4xx/5xx; rejects only when the check is aborted. */
  send(request: TargetRequest): Promise<EvidenceExchange>;
}

// ---- the target's TLS ------------------------------------------------------------------------

/** A protocol version a TLS handshake may offer (node:tls names). */
export type TlsVersion = 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3';

/** What a handshake offers: the versions from `min` to `max` (default: the newest). */
export interface TlsOffer {
  min: TlsVersion;
  max?: TlsVersion;
}

/** How the target answered a handshake: the version agreed, or why it ended. */
export type TlsHandshake =
  { accepted: true; protocol: string } | { accepted: false; error: string };

/**
 * Handshakes with the target's TLS port, below HTTP (§5.1), offering versions a TPP client would
 * not: only the protocol is judged, so the server certificate is not verified and none is shown.
 */
export interface TargetTls {
  /** `host:port` the handshakes go to. */
  readonly endpoint: string;
  handshake(offer: TlsOffer): Promise<TlsHandshake>;
}

// ---- the PSU's side of SCA ------------------------------------------------------------------

/** What the automated PSU does on the bank's SCA pages (§5.3, §1 consent screen). */
export interface PsuIntent {
  /** The login the bank asks for: in the sandbox a mock national identity number (§1). */
  login: string;
  /** Context chosen during SCA (§1); leave out to accept the bank's default. */
  context?: PsuContext;
  /** The corporate agreement to pick when `context` is CORPORATE. */
  corporateAgreement?: string;
  /**
   * Accounts (IBAN or id as shown on the consent screen) to tick and to untick (§1). `grant:
   * ['*']` ticks every account offered; `revoke: ['*']` unticks every account not in `grant`, so
   * the consent grants exactly `grant` even where earlier consents left accounts ticked.
   */
  consent?: { grant?: readonly string[]; revoke?: readonly string[] };
  /** `abort` cancels at the bank instead of completing SCA (§3.4 "SCA aborted"). */
  outcome?: 'complete' | 'abort';
}

/** Where the bank sent the PSU's browser back to: §6.1 on success, §6.2 on failure. */
export type ScaRedirect =
  | {
      outcome: 'success';
      url: string;
      params: Record<string, string>;
      psuId: string;
      psuCorporateId?: string;
      tppSessionId: string;
      context: PsuContext;
    }
  | {
      outcome: 'failure';
      url: string;
      params: Record<string, string>;
      system?: string;
      status: number;
      code: string;
      message: string;
    };

export interface PsuAgent {
  /**
   * Opens `scaRedirectUrl`, plays `script`, and returns the redirect back to the TPP. The engine
   * passes the check's `evidence`, so what the agent saw (screenshots, notes) is the check's.
   */
  completeSca(
    scaRedirectUrl: string,
    script: PsuIntent,
    evidence?: EvidenceRecorder,
  ): Promise<ScaRedirect>;
}

/** Control of the target's clock (the embedded bank's virtual clock, design property 7 of
 * docs/architecture.md). */
export interface TargetClock {
  now(): Promise<Date>;
  advance(ms: number): Promise<void>;
}

// ---- judging -----------------------------------------------------------------------------

/** A JSON Schema object, e.g. one of main/core/spec's TypeBox schemas. */
export type JsonSchema = object;

export { matchesTppMessage, type ExpectedTppMessage } from './tpp-message.js';

/**
 * Assertions. Each one records what it compared as evidence; a failed one throws an
 * AssertionFailure, which ends the check with FAIL.
 */
export interface Expect {
  /** The response status is `expected` (or one of them). */
  status(exchange: EvidenceExchange, expected: number | readonly number[], what?: string): void;
  /** The response body carries a TppMessage matching `expected`; returns it. */
  tppMessage(exchange: EvidenceExchange, expected: ExpectedTppMessage): TppMessage;
  /** Deep, strict equality. */
  equal<T>(actual: T, expected: T, what: string): void;
  true(condition: unknown, what: string): void;
  /** `value` is valid against `schema` (with the spec's formats and keywords). */
  schema(value: unknown, schema: JsonSchema, what: string): void;
}

export interface EvidenceRecorder {
  note(text: string): void;
  /** Attach an exchange that did not go through `ctx.client` (e.g. one the PSU agent made). */
  exchange(exchange: EvidenceExchange): void;
  /** Attach a screenshot of a page the PSU saw (`step` of its PSU steps, the page's URL). */
  screenshot(shot: { step: string; url: string; pngBase64: string }): void;
}

export interface CheckContext {
  readonly check: Pick<Check, 'id' | 'title' | 'area'>;
  readonly target: TargetInfo;
  readonly client: TargetClient;
  /**
   * A second TPP, registered with the target for AISP only (its certificate carries both PSD2
   * roles, so only the registry can refuse it). Absent when the run has none: skip then.
   */
  readonly aispOnlyClient?: TargetClient;
  /** The target's TLS port; absent when the target is reached over plain HTTP. */
  readonly tls?: TargetTls;
  /** Skips the check (SKIPPED) when the run has no PSU agent. */
  readonly psu: PsuAgent;
  /** Skips the check (SKIPPED) when the target's clock cannot be moved. */
  readonly clock: TargetClock;
  /**
   * The bank's "now", by which a check dates the data it creates (never the machine's
   * clock, which a bank running a year ahead does not share): the target's clock when the run can
   * read it (the embedded bank, an admin API), else the `Date` header (RFC 9110 §6.6.1) of the
   * check's latest answer, moved on by the time since, else of a request sent to read it. Ends the
   * check INCONCLUSIVE when the bank's answers carry no Date.
   */
  bankNow(): Promise<Date>;
  readonly expect: Expect;
  /** Ends the check as SKIPPED with `reason`. */
  skip(reason: string): never;
  /**
   * Ends the check as INCONCLUSIVE ("could not test"): a precondition it needs was refused (the
   * positive control of a negative check, the consent it reads through), so it cannot judge its
   * rules either way. `exchange` is the answer that refused it.
   */
  inconclusive(reason: string, exchange?: EvidenceExchange): never;
  /** Records a WARNING; a check that warned and did not fail ends WARNING. */
  warn(message: string): void;
  readonly evidence: EvidenceRecorder;
  /** Aborted on timeout and on cancellation: pass it on, stop when it fires. */
  readonly signal: AbortSignal;
}

// ---- a check ------------------------------------------------------------------------------

export type CheckNeed = RuleNeed;

/**
 * What a check does to the bank beyond its own consents and payments, which a target profile may
 * forbid (TargetInfo.allows): create sandbox data (§4.3), reset the sandbox (§4.3), delete
 * payments.
 */
export type CheckEffect = 'sandbox-data' | 'sandbox-reset' | 'payment-delete';

export interface Check {
  /** Stable id, e.g. `SIGN-MISSING-SIGNATURE-400`; baselines and re-runs refer to it. */
  id: CheckId;
  title: string;
  area: RuleArea;
  /** Ids of the catalogue rules (suites/<area>/rules.ts) this check covers; at least one. */
  rules: readonly RuleId[];
  tags?: readonly string[];
  /** Modes the check makes sense in; default both. */
  modes?: readonly BankMode[];
  needs?: readonly CheckNeed[];
  /**
   * Needs the bank to itself: resets or fills the sandbox, or moves the bank clock, so nothing
   * else may run on a shared bank meanwhile (TargetInfo.shared). The engine runs it alone there.
   */
  exclusive?: boolean;
  /** What the check does to the bank; a target profile that does not allow it SKIPS the check. */
  effects?: readonly CheckEffect[];
  /** Overrides the run's per-check timeout. */
  timeoutMs?: number;
  /**
   * Set on a check whose rule is about what the PSU is shown on the bank's SCA pages, which no
   * answer of the API tells: what a person must see on its screenshots, citing the spec. When its
   * automated part passes and it holds screenshots (a browser PSU agent took them), it ends REVIEW
   * until a reviewer decides; without screenshots it ends as its assertions say; a failed
   * assertion stays FAIL. Keep it to rules whose wording is about the page itself.
   */
  needsReview?: string;
  run(ctx: CheckContext): Promise<void>;
}

/** Identity, for type inference and one place to hang future validation. */
export function defineCheck(check: Check): Check {
  return check;
}

// ---- how a check ends early -----------------------------------------------------------------

/*
 * Brands instead of bare `instanceof`: a bundle may carry two copies of this module (the CLI and
 * the suites), and a failure thrown by one copy must still be recognised by the other.
 */
const ASSERTION_FAILURE = Symbol.for('psd2-workbench.assertion-failure');
const CHECK_SKIPPED = Symbol.for('psd2-workbench.check-skipped');
const CHECK_INCONCLUSIVE = Symbol.for('psd2-workbench.check-inconclusive');

export interface AssertionFailureInit {
  what: string;
  expected: unknown;
  actual: unknown;
  exchange?: EvidenceExchange;
  /** Defaults to `<what>: expected <expected>, got <actual>`. */
  message?: string;
}

export class AssertionFailure extends Error {
  override name = 'AssertionFailure';
  readonly [ASSERTION_FAILURE] = true;
  readonly what: string;
  readonly expected: unknown;
  readonly actual: unknown;
  readonly exchange?: EvidenceExchange;

  constructor(init: AssertionFailureInit) {
    super(
      init.message ??
        `${init.what}: expected ${briefly(init.expected)}, got ${briefly(init.actual)}`,
    );
    this.what = init.what;
    this.expected = init.expected;
    this.actual = init.actual;
    if (init.exchange) this.exchange = init.exchange;
  }
}

export class CheckSkipped extends Error {
  override name = 'CheckSkipped';
  readonly [CHECK_SKIPPED] = true;

  constructor(readonly reason: string) {
    super(reason);
  }
}

export class CheckInconclusive extends Error {
  override name = 'CheckInconclusive';
  readonly [CHECK_INCONCLUSIVE] = true;

  constructor(
    readonly reason: string,
    readonly exchange?: EvidenceExchange,
  ) {
    super(reason);
  }
}

export function isCheckInconclusive(error: unknown): error is CheckInconclusive {
  return typeof error === 'object' && error !== null && CHECK_INCONCLUSIVE in error;
}

export function isAssertionFailure(error: unknown): error is AssertionFailure {
  return typeof error === 'object' && error !== null && ASSERTION_FAILURE in error;
}

export function isCheckSkipped(error: unknown): error is CheckSkipped {
  return typeof error === 'object' && error !== null && CHECK_SKIPPED in error;
}

const BRIEF_MAX = 200;

/** A value in a message line: JSON, cut to BRIEF_MAX characters. */
export function briefly(value: unknown): string {
  let text: string;
  if (value === undefined) text = '(absent)';
  else if (typeof value === 'string') text = JSON.stringify(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > BRIEF_MAX ? `${text.slice(0, BRIEF_MAX - 1)}…` : text;
}
