/**
 * The suite runner through the contract: the catalogue with coverage, runs against the embedded
 * banks with live events (batched by the bridge), results, re-run of failures, comparison with an
 * earlier run, baselines, and report export.
 */
import { Type } from '@sinclair/typebox';
import type { RunEvent } from '../../core/runner/index.js';
import {
  REVIEW_DECISIONS,
  REVIEW_NOTE_MAX_LENGTH,
  type CheckStatus,
  type RunResult,
} from '../../shared/run-result.js';
import type { RunComparison } from '../../core/runner/index.js';
import { MAX_BUNDLE_BYTES } from '../../shared/evidence-bundle.js';
import { REPORT_FORMATS } from '../../shared/report-formats.js';
import { call, event } from './define.js';
import type { BankMode } from '../../shared/mode.js';
import type { RuleId, CheckId } from '../../shared/rule-ids.js';

export type { RunEvent, RunResult, RunComparison };

export interface RuleView {
  id: RuleId;
  section: string;
  statement: string;
  area: string;
  testable: boolean;
  /** Why the rule cannot be tested over the API, when it cannot. */
  reason?: string;
  /** Checks that cover it. */
  checkIds: CheckId[];
  /** The run comparisons that judge it (workbench compare), for a rule no one run can judge. */
  comparisons?: string[];
  /**
   * The run judges it on every answer it gets (its result `EVERY-ANSWER-<rule id>`): a testable
   * rule is covered so even without a check, judged by the runs whose answers it speaks of.
   */
  everyAnswer?: boolean;
  /**
   * How the client is judged on it, when a TPP-side rule states the same obligation: a rule no
   * check of a bank can observe is then covered of the client.
   */
  client?: ClientJudgementView;
}

export interface ClientJudgementView {
  /** The TPP-side rules (main/core/spec/tpp-rules.ts) naming it. */
  tppRules: string[];
  /** The bank's TPP report judges every request on it. */
  report: boolean;
  /** `plan:MODULE` for each test-plan module that judges it. */
  modules: string[];
}

export interface CheckView {
  id: CheckId;
  title: string;
  area: string;
  rules: RuleId[];
  tags: string[];
  modes: BankMode[];
  needs: string[];
}

/**
 * A check that waits for a person to complete SCA (a target profile with `sca.mode` manual): the
 * bank's link to open, what to do there, and when the check gives up.
 */
export interface ScaWaitingView {
  checkId: CheckId;
  checkTitle: string;
  scaRedirect: string;
  instructions: string;
  /** ISO 8601. */
  deadline: string;
}

/** Who sealed an imported evidence bundle and whether the seal holds (bundle-import.ts). */
export interface BundleProvenanceView {
  fileName: string;
  /** The manifest's signature holds with signer.pem and every file matches its SHA-256. */
  verified: boolean;
  /** Each reason it does not verify, naming the file. */
  problems: string[];
  signerSubject?: string;
  /** SHA-256, colon-separated upper-case hex. */
  signerFingerprint256?: string;
  sealedAt?: string;
}

export interface RunSummaryView {
  runId: string;
  /** What the run was started against: an embedded bank's id or a target profile's id. */
  targetId?: string;
  target: string;
  mode: BankMode;
  /** The target's active environment when the run started (docs/variables.md). */
  environment?: string;
  startedAt: string;
  finished: boolean;
  counts?: Record<CheckStatus, number>;
  /** Set when the run could not complete (e.g. the target could not be prepared). */
  error?: string;
  /** Checks waiting for a person's SCA now; kept here so a view opened later sees them. */
  waiting?: ScaWaitingView[];
  /** Read from an evidence bundle (runner.importBundle): read-only, with its seal's verdict. */
  bundle?: BundleProvenanceView;
  /** How many attempts the run has had (re-run failed adds one); absent: one. */
  attempts?: number;
  /**
   * Set on a re-run of failed checks while it runs: the run it is an attempt of, and which. When
   * it ends its verdicts join that run (runner.finished for both) and it leaves runner.list.
   */
  attemptOf?: { runId: string; attempt: number };
}

/** A check began to wait for a person's SCA (manual SCA). */
export interface CheckWaitingEvent {
  type: 'check:waiting';
  runId: string;
  checkId: CheckId;
  waiting: ScaWaitingView;
}

/** The wait of a check ended: the bank redirected back, or the wait timed out or was cancelled. */
export interface CheckResumedEvent {
  type: 'check:resumed';
  runId: string;
  checkId: CheckId;
}

export interface RunnerEvent {
  runId: string;
  event: RunEvent | CheckWaitingEvent | CheckResumedEvent;
}

/** The embedded banks as run targets; a target profile is `profile-…` (targets.list). */
/** MAX_BUNDLE_BYTES as base64, with room for one byte more: the reader says "too large" itself. */
const BUNDLE_BASE64_MAX = Math.ceil(((MAX_BUNDLE_BYTES + 1) * 4) / 3) + 4;

export const RUN_TARGET_PROFILE_PATTERN = '^profile-[A-Za-z0-9-]{1,80}$';

const Selection = Type.Object(
  {
    areas: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    ruleIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 })),
    checkIds: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000 })),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    text: Type.Optional(Type.String({ maxLength: 200 })),
    /** Only the checks that failed in this earlier run. */
    failedInRunId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

const RunId = Type.Object(
  { runId: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

export const runnerCalls = {
  'runner.catalogue': call<{ rules: RuleView[]; checks: CheckView[] }>()(
    'Every rule of the spec with the checks covering it, and every check.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'runner.start': call<{ runId: string }>()(
    'Starts a run of the selected checks against an embedded bank (one fresh bank per check) or ' +
      'the bank a target profile names; a profile that does not read is refused naming the file ' +
      'and the JSON path of each problem.',
    Type.Object(
      {
        target: Type.Union([
          Type.Literal('embedded-sandbox'),
          Type.Literal('embedded-production'),
          Type.String({ pattern: RUN_TARGET_PROFILE_PATTERN }),
        ]),
        selection: Type.Optional(Selection),
        concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
        timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 600_000 })),
        /** Rules the embedded bank breaks on purpose during this run (embedded targets only). */
        faultProfiles: Type.Optional(
          Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  'runner.cancel': call<RunSummaryView>()(
    'Cancels a run: running checks are aborted, the rest skipped.',
    RunId,
  ),
  'runner.list': call<RunSummaryView[]>()(
    'Runs of this session, newest last.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'runner.result': call<RunResult>()('The result of a finished run, with its evidence.', RunId),
  'runner.import': call<RunSummaryView>()(
    'Loads an exported run result (JSON) for comparison; a bad file is refused naming the problem.',
    Type.Object(
      { json: Type.String({ minLength: 2, maxLength: 50_000_000 }) },
      { additionalProperties: false },
    ),
  ),
  'runner.importBundle': call<RunSummaryView>()(
    'Reads an evidence bundle (workbench run --bundle): verifies it as workbench verify-bundle ' +
      'does and loads its run, read-only, with the verdict and the signer; a file that is no ' +
      'bundle is refused naming what is missing.',
    Type.Object(
      {
        fileName: Type.String({ minLength: 1, maxLength: 255 }),
        /** The file's bytes, base64; at most MAX_BUNDLE_BYTES (32 MiB) decoded. */
        bytes: Type.String({ minLength: 1, maxLength: BUNDLE_BASE64_MAX }),
      },
      { additionalProperties: false },
    ),
  ),
  'runner.compare': call<RunComparison>()(
    'What changed between two runs: new failures, fixed checks, and the rest.',
    Type.Object(
      { previousRunId: Type.String(), currentRunId: Type.String() },
      { additionalProperties: false },
    ),
  ),
  'runner.report': call<{ fileName: string; mediaType: string; content: string }>()(
    'A report of a finished run as a file: JUnit XML, self-contained HTML, or the JSON result.',
    Type.Object(
      {
        runId: Type.String({ minLength: 1 }),
        format: Type.Union(REPORT_FORMATS.map((format) => Type.Literal(format))),
        /** A baseline of expected failures (JSON text) to mark in the report. */
        baseline: Type.Optional(Type.String({ maxLength: 5_000_000 })),
      },
      { additionalProperties: false },
    ),
  ),
  'runner.review': call<RunSummaryView>()(
    "Records a reviewer's decision on a check that ended REVIEW (its screenshots judged by a " +
      'person): the check becomes PASS or FAIL with the note and the time kept in the run, and ' +
      'the counts follow. An unknown run or check, a check that does not await review or a ' +
      'read-only bundle is refused naming it.',
    Type.Object(
      {
        runId: Type.String({ minLength: 1, maxLength: 100 }),
        checkId: Type.String({ minLength: 1, maxLength: 100 }),
        decision: Type.Union(REVIEW_DECISIONS.map((decision) => Type.Literal(decision))),
        note: Type.String({ maxLength: REVIEW_NOTE_MAX_LENGTH }),
      },
      { additionalProperties: false },
    ),
  ),
  'runner.faults': call<{ ruleId: RuleId; effect: string }[]>()(
    'Every fault profile the embedded bank can be put into.',
    Type.Object({}, { additionalProperties: false }),
  ),
};

export const runnerEvents = {
  'runner.event': event<RunnerEvent>(
    'A run moved on: run, suite and check begin and end; a check waits for SCA or resumes.',
  ),
  'runner.finished': event<RunSummaryView>('A run finished, was cancelled, or could not complete.'),
};
