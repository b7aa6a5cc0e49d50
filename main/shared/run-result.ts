/**
 * The run result: run metadata plus every check's outcome and evidence. It is what the JSON
 * reporter writes, what `--rerun-failed` and "compare with a previous run" read back, and what the
 * HTML and JUnit reporters render. Declared once as a schema; the types are derived from it, so
 * the shape that is written and the shape that is validated on import cannot drift apart.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { EvidenceExchange } from './exchange.js';
import type { JsonValue } from './json.js';
import { CHECK_STATUSES, type StatusCounts } from './run-status.js';
import { CheckIdSchema, RuleIdSchema } from './rule-ids.js';
import { CheckReviewSchema } from './check-review.js';
import { BankModeSchema, type BankMode } from './mode.js';

export {
  CHECK_STATUSES,
  countStatuses,
  emptyCounts,
  REVIEW_DECISIONS,
  REVIEW_NOTE_MAX_LENGTH,
  type CheckStatus,
  type ReviewDecision,
  type StatusCounts,
} from './run-status.js';

export { CheckReviewSchema, type CheckReview } from './check-review.js';

export const RUN_RESULT_FORMAT = 'psd2-workbench/run-result';
/**
 * 2: the file keeps each signing certificate once and JSON bodies once
 * (main/core/runner/results/result-compaction.ts); version 1 files are still read.
 * 3: the INCONCLUSIVE verdict ("could not test") and its count; versions 1 and 2 are read with a
 * count of 0.
 * 4: the REVIEW verdict (a person judges the screenshots) and its count, and a check's `review`;
 * versions 1 to 3 are read with a count of 0.
 */
export const RUN_RESULT_FORMAT_VERSION = 4;

/** JSON values are stored as they are; validation only asks that they are present where required. */
const Json = () => Type.Unsafe<JsonValue>(Type.Any());

const Headers = Type.Record(Type.String(), Type.String());

export const ExchangeSchema = Type.Object({
  id: Type.String(),
  label: Type.Optional(Type.String()),
  request: Type.Object({
    method: Type.String(),
    url: Type.String(),
    headers: Headers,
    body: Type.Optional(Type.String()),
  }),
  signingString: Type.Optional(Type.String()),
  response: Type.Optional(
    Type.Object({
      status: Type.Integer(),
      headers: Headers,
      body: Type.String(),
      json: Type.Optional(Json()),
      jsonRefused: Type.Optional(Type.String()),
    }),
  ),
  transportError: Type.Optional(Type.String()),
  responseSignature: Type.Optional(
    Type.Object({
      status: Type.Union([
        Type.Literal('invalid'),
        Type.Literal('unverifiable'),
        Type.Literal('untrusted'),
      ]),
      reason: Type.String(),
    }),
  ),
  timings: Type.Object({ startedAt: Type.String(), durationMs: Type.Number({ minimum: 0 }) }),
});

const At = Type.String({ description: 'ISO 8601 instant the item was recorded' });

export const EvidenceItemSchema = Type.Union([
  Type.Object({ kind: Type.Literal('exchange'), at: At, exchange: ExchangeSchema }),
  Type.Object({ kind: Type.Literal('note'), at: At, text: Type.String() }),
  Type.Object({
    kind: Type.Literal('assertion'),
    at: At,
    what: Type.String(),
    passed: Type.Boolean(),
    expected: Type.Optional(Json()),
    actual: Type.Optional(Json()),
    exchangeId: Type.Optional(Type.String()),
  }),
  /** A page of the bank as the PSU saw it in the browser (main/core/tpp/psu-browser/). */
  Type.Object({
    kind: Type.Literal('screenshot'),
    at: At,
    /** The PSU steps' step that played the page, e.g. `login`. */
    step: Type.String(),
    url: Type.String(),
    pngBase64: Type.String({ description: 'the PNG, base64-encoded' }),
  }),
]);
export type EvidenceItem = Static<typeof EvidenceItemSchema>;

/** An error thrown inside a check: its name, message and stack. */
const ErrorDetailsSchema = Type.Object({
  name: Type.String(),
  message: Type.String(),
  stack: Type.Optional(Type.String()),
});

export const CheckFailureSchema = Type.Object({
  /** One line: what failed, e.g. `HTTP status: expected 400, got 201`. */
  message: Type.String(),
  what: Type.Optional(Type.String()),
  expected: Type.Optional(Json()),
  actual: Type.Optional(Json()),
  /** The exchange the failed assertion was about (it is among the check's evidence). */
  exchangeId: Type.Optional(Type.String()),
  /**
   * In files before format 3 only: a FAIL because an exchange got no answer. Such a check is
   * INCONCLUSIVE now (`couldNotTest.transportError`); JUnit still reports an old one as <error>.
   */
  transportError: Type.Optional(Type.String()),
  /** In files before format 3 only: an error inside the check (now INCONCLUSIVE). */
  error: Type.Optional(ErrorDetailsSchema),
});
export type CheckFailure = Static<typeof CheckFailureSchema>;

/**
 * Why an INCONCLUSIVE check could not judge its rules: the target did not answer (the request and
 * the transport error), a precondition the check needed was refused, or the check's own code
 * stopped on an error. `step` names where the check was (its last exchange), so an error's text is
 * a detail, never the reason.
 */
export const CouldNotTestSchema = Type.Object({
  /** One line, e.g. `the target did not answer POST …/v1/consents: connection refused`. */
  reason: Type.String(),
  /** Where the check was when it stopped, e.g. `after POST /v1/consents answered 400`. */
  step: Type.Optional(Type.String()),
  /** Set when an exchange got no answer: the request and the transport error. */
  transportError: Type.Optional(Type.String()),
  /** An unexpected error inside the check: its name, message and stack. */
  error: Type.Optional(ErrorDetailsSchema),
  /** The exchange the precondition was judged on (it is among the check's evidence). */
  exchangeId: Type.Optional(Type.String()),
});
export type CouldNotTest = Static<typeof CouldNotTestSchema>;

export const SpecSectionSchema = Type.Object({
  rule: Type.String(),
  /** e.g. `§3.4 Strong customer authentication; see also decisions.md D-12`. */
  section: Type.String(),
});
export type SpecSection = Static<typeof SpecSectionSchema>;

const Status = Type.Union(CHECK_STATUSES.map((status) => Type.Literal(status)));

/**
 * An earlier verdict of a check in the same run, kept when "re-run failed" ran it again as a
 * further attempt (main/core/runner/engine/attempts.ts): what it said then and the evidence it had.
 */
export const CheckAttemptSchema = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  status: Status,
  startedAt: Type.Optional(Type.String()),
  durationMs: Type.Number({ minimum: 0 }),
  failure: Type.Optional(CheckFailureSchema),
  couldNotTest: Type.Optional(CouldNotTestSchema),
  skipReason: Type.Optional(Type.String()),
  warnings: Type.Array(Type.String()),
  evidence: Type.Array(EvidenceItemSchema),
});
export type CheckAttempt = Static<typeof CheckAttemptSchema>;

export const CheckResultSchema = Type.Object({
  checkId: CheckIdSchema,
  title: Type.String(),
  area: Type.String(),
  rules: Type.Array(RuleIdSchema),
  tags: Type.Array(Type.String()),
  status: Status,
  /** Absent when the check never started (cancelled before its turn). */
  startedAt: Type.Optional(Type.String()),
  durationMs: Type.Number({ minimum: 0 }),
  failure: Type.Optional(CheckFailureSchema),
  /** On an INCONCLUSIVE check: why it could not judge its rules. */
  couldNotTest: Type.Optional(CouldNotTestSchema),
  skipReason: Type.Optional(Type.String()),
  warnings: Type.Array(Type.String()),
  evidence: Type.Array(EvidenceItemSchema),
  /** Set by applyBaseline: the failure is listed in the baseline of expected failures. */
  expectedFailure: Type.Optional(Type.Object({ reason: Type.String() })),
  /**
   * On a failed check in a report: the spec section of each of its rules (the catalogue's
   * describeRule), so a reader of the report finds what the bank deviates from.
   */
  specSections: Type.Optional(Type.Array(SpecSectionSchema)),
  /**
   * On a FAIL of the run's every-answer observer (a rule every answer meets, judged on all the
   * answers of the run): the checks whose answers broke it, which a re-run of failed checks runs.
   */
  observedIn: Type.Optional(Type.Array(CheckIdSchema)),
  /** The attempt of the run that gave this verdict; absent: the first. */
  attempt: Type.Optional(Type.Integer({ minimum: 1 })),
  /** The verdicts of the earlier attempts, oldest first (absent when it ran once). */
  earlierAttempts: Type.Optional(Type.Array(CheckAttemptSchema)),
  /** On a REVIEW check: what its screenshots must show (its `needsReview`), kept once decided. */
  reviewFor: Type.Optional(Type.String()),
  /** Set when a person decided a REVIEW check: `status` is then that decision. */
  review: Type.Optional(CheckReviewSchema),
});
export type CheckResult = Static<typeof CheckResultSchema>;

/** One attempt of a run: the first ran its selection, each later one re-ran failed checks. */
export const RunAttemptSchema = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  /** The checks this attempt ran. */
  checkIds: Type.Array(CheckIdSchema),
  cancelled: Type.Boolean(),
});
export type RunAttempt = Static<typeof RunAttemptSchema>;

const Count = Type.Integer({ minimum: 0 });
export const StatusCountsSchema = Type.Object({
  total: Count,
  PASS: Count,
  FAIL: Count,
  WARNING: Count,
  SKIPPED: Count,
  INCONCLUSIVE: Count,
  REVIEW: Count,
});

/** The embedded bank and the real bank both run in one of the two environments of §1. */

/** A test PSU a target profile names: what the SCA login asks for (§1) and who it is. */
export interface TargetPsu {
  /** What the SCA login asks for (§1: in the sandbox the mocked national identity number). */
  login: string;
  name: string;
  customerNumber?: string;
  /**
   * IBANs the PSU owns, as the profile names them: a payment check pays from the first (to the
   * second, or another PSU's first). Absent: found through AIS after a consent, where needed.
   */
  accounts?: string[];
}

/** A test PSU who represents a corporation with accounts to consent to in that context (§1). */
export interface TargetRepresentative extends TargetPsu {
  /** The corporate agreement: its id and the name the SCA pages show for it. */
  agreement: { id: string; name: string };
}

/** The test PSUs of a bank without GET /v1/sandbox/customers (a profile names them). */
export interface TargetPsus {
  /** Private PSUs, each with accounts to consent to; the checks use the first two. */
  private: TargetPsu[];
  /** PSUs who represent a corporation (REGISTER and VIEW engagements, §4.3 rule 5). */
  corporate: TargetRepresentative[];
}

/** What a run may do to the bank; an absent field (or an absent `allows`) is allowed. */
export interface TargetAllows {
  /** Create sandbox data: customers, accounts, agreements, the fixed test-data fill (§4.3). */
  createSandboxData: boolean;
  /** Reset the sandbox to its initial data (§4.3). */
  resetSandbox: boolean;
  /** Delete (cancel) payments the run initiated (§3.x DELETE /v1/payments/…). */
  deletePayments: boolean;
}

/** The target a run checks. */
export interface TargetInfo {
  /** Base URL the paths of the spec hang below, e.g. `http://127.0.0.1:8443`. */
  baseUrl: string;
  mode: BankMode;
  /** True when the `/v1/sandbox/` management operations are available (§4.3). */
  hasSandboxApi: boolean;
  /** A readable name for reports, e.g. `embedded bank (sandbox)`. */
  name?: string;
  /**
   * One long-running bank serves every check of the run (and the next run): checks see each
   * other's data, and a check that resets the sandbox or moves the clock must run alone.
   * Absent or false: every check has a bank of its own (the embedded target).
   */
  shared?: boolean;
  /** The test PSUs the profile names, used instead of the documented ones (docs/sandbox-data.md). */
  psus?: TargetPsus;
  /** What the run may do to the bank; absent: everything. */
  allows?: TargetAllows;
}

const TargetPsuSchema = Type.Object({
  login: Type.String(),
  name: Type.String(),
  customerNumber: Type.Optional(Type.String()),
  accounts: Type.Optional(Type.Array(Type.String())),
});

export const TargetInfoSchema = Type.Object({
  baseUrl: Type.String(),
  mode: BankModeSchema,
  hasSandboxApi: Type.Boolean(),
  name: Type.Optional(Type.String()),
  shared: Type.Optional(Type.Boolean()),
  psus: Type.Optional(
    Type.Object({
      private: Type.Array(TargetPsuSchema),
      corporate: Type.Array(
        Type.Object({
          login: Type.String(),
          name: Type.String(),
          customerNumber: Type.Optional(Type.String()),
          accounts: Type.Optional(Type.Array(Type.String())),
          agreement: Type.Object({ id: Type.String(), name: Type.String() }),
        }),
      ),
    }),
  ),
  allows: Type.Optional(
    Type.Object({
      createSandboxData: Type.Boolean(),
      resetSandbox: Type.Boolean(),
      deletePayments: Type.Boolean(),
    }),
  ),
});

/**
 * Where and against what a run ran, written into every report (absent in results from before it
 * was recorded, and in runs the UI keeps in memory until exported).
 */
export const RunMetadataSchema = Type.Object({
  workbench: Type.Object({ name: Type.String(), version: Type.String() }),
  spec: Type.Object({
    /** The interface specification the rules are taken from, e.g. `docs/spec/interface-spec.md`. */
    document: Type.String(),
    /**
     * The bank's numbered API release the spec documents (§9 "latest listed"), e.g. `1.21.25`.
     * Optional only so run results written before it existed still read.
     */
    apiRelease: Type.Optional(Type.String()),
    /** Written by earlier versions instead of `apiRelease` (a wrong "XS2A 1.3"); read, never written. */
    xs2aVersion: Type.Optional(Type.String()),
    berlinGroupOpenApi: Type.String(),
    /** SHA-256 of the rule catalogue (ids, sections, statements): changes with the rules. */
    catalogueSha256: Type.String(),
    rules: Type.Integer({ minimum: 0 }),
  }),
  target: Type.Object({
    name: Type.Union([Type.String(), Type.Null()]),
    url: Type.String(),
    mode: BankModeSchema,
    /** The target profile file, or null for `--target embedded|URL` and the embedded banks. */
    profileFile: Type.Union([Type.String(), Type.Null()]),
    /**
     * What the target was: an embedded bank, a bank named by a target profile, or a URL given on
     * the command line. Optional only so run results written before it existed still read.
     */
    kind: Type.Optional(
      Type.Union([Type.Literal('embedded'), Type.Literal('profile'), Type.Literal('url')]),
    ),
    /**
     * The name the workbench's Runner showed the target by (a run started in the UI); absent for
     * the command line, which names its target by `--target` or the profile.
     */
    label: Type.Optional(Type.String()),
    /**
     * The target's active environment in the workbench when the run started (docs/variables.md):
     * which test customer or scenario the run belongs to. Absent for the command line, which has
     * no environments. No check reads its variables.
     */
    environment: Type.Optional(Type.String()),
    /**
     * The rules the embedded bank broke on purpose during the run (its fault profiles): its
     * failures are those faults, not the bank's. Absent when none was on.
     */
    faultProfiles: Type.Optional(Type.Array(Type.String())),
    /**
     * The reports' warning that the bank was broken on purpose (run-header.ts), present whenever
     * `faultProfiles` is, so a reader of the JSON alone does not take its FAILs for the bank's.
     */
    faultNotice: Type.Optional(Type.String()),
  }),
  /** The selection as given on the command line (or the UI), and how many checks it chose. */
  selection: Type.Object({
    suites: Type.Array(Type.String()),
    rules: Type.Array(RuleIdSchema),
    tags: Type.Array(Type.String()),
    grep: Type.Union([Type.String(), Type.Null()]),
    exclude: Type.Array(Type.String()),
    rerunFailed: Type.Union([Type.String(), Type.Null()]),
    /** The checks chosen one by one (the Runner's boxes), by id; absent when none was. */
    checkIds: Type.Optional(Type.Array(CheckIdSchema)),
    checks: Type.Integer({ minimum: 0 }),
  }),
  baseline: Type.Union([Type.String(), Type.Null()]),
  machine: Type.Object({
    hostname: Type.String(),
    platform: Type.String(),
    arch: Type.String(),
    node: Type.String(),
  }),
  /** `<target>-<mode>-<UTC time>`: the named copies of the report files carry it. */
  runName: Type.String(),
  /**
   * The QSealC the run signed its requests with (§5): subject and SHA-256 fingerprint (colon hex,
   * as openssl prints it), or null when it signed with none. Optional for older run results.
   */
  signingCertificate: Type.Optional(
    Type.Union([Type.Object({ subject: Type.String(), sha256: Type.String() }), Type.Null()]),
  ),
  /** False when the run was written with `--no-redact` (PSU data kept). Optional for older ones. */
  psuDataMasked: Type.Optional(Type.Boolean()),
});
export type RunMetadata = Static<typeof RunMetadataSchema>;

export const RunResultSchema = Type.Object({
  format: Type.Literal(RUN_RESULT_FORMAT),
  formatVersion: Type.Literal(RUN_RESULT_FORMAT_VERSION),
  runId: Type.String(),
  startedAt: Type.String(),
  finishedAt: Type.String(),
  durationMs: Type.Number({ minimum: 0 }),
  target: TargetInfoSchema,
  /** True when the run was cancelled; the checks it never ran are SKIPPED "run cancelled". */
  cancelled: Type.Boolean(),
  counts: StatusCountsSchema,
  /** In the order the run scheduled them (grouped by area). */
  checks: Type.Array(CheckResultSchema),
  meta: Type.Optional(RunMetadataSchema),
  /**
   * The attempts of the run when failed checks were re-run in it (absent: one attempt). `counts`
   * and each check's `status` are then those of its latest attempt.
   */
  attempts: Type.Optional(Type.Array(RunAttemptSchema)),
});
export type RunResult = Static<typeof RunResultSchema>;

// The derived types must stay the ones checks and clients are written against.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exchangeTypesAgree: Same<Static<typeof ExchangeSchema>, EvidenceExchange> = true;
const targetTypesAgree: Same<Static<typeof TargetInfoSchema>, TargetInfo> = true;
const countTypesAgree: Same<Static<typeof StatusCountsSchema>, StatusCounts> = true;
void exchangeTypesAgree;
void targetTypesAgree;
void countTypesAgree;
