/**
 * The suite runner through the contract: the catalogue with coverage, runs against the embedded
 * banks with live events (batched by the bridge), results, re-run of failures, comparison with an
 * earlier run, baselines, and report export.
 */
import { Type } from '@sinclair/typebox';
import type { RunEvent } from '../../core/runner/events.js';
import type { RunResult } from '../../shared/run-result.js';
import type { RunComparison } from '../../core/runner/compare.js';
import { call, event } from './define.js';

export type { RunEvent, RunResult, RunComparison };

export interface RuleView {
  id: string;
  section: string;
  statement: string;
  area: string;
  testable: boolean;
  /** Why the rule cannot be tested over the API, when it cannot. */
  reason?: string;
  /** Checks that cover it. */
  checkIds: string[];
}

export interface CheckView {
  id: string;
  title: string;
  area: string;
  rules: string[];
  tags: string[];
  modes: ('sandbox' | 'production')[];
  needs: string[];
}

export interface RunSummaryView {
  runId: string;
  target: string;
  mode: 'sandbox' | 'production';
  startedAt: string;
  finished: boolean;
  counts?: Record<'PASS' | 'FAIL' | 'WARNING' | 'SKIPPED', number>;
  /** Set when the run could not complete (e.g. the target could not be prepared). */
  error?: string;
}

export interface RunnerEvent {
  runId: string;
  event: RunEvent;
}

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
    'Starts a run of the selected checks against an embedded bank (one fresh bank per check).',
    Type.Object(
      {
        target: Type.Union([Type.Literal('embedded-sandbox'), Type.Literal('embedded-production')]),
        selection: Type.Optional(Selection),
        concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
        timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 600_000 })),
        /** Rules the embedded bank breaks on purpose during this run (fault profiles). */
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
        format: Type.Union([Type.Literal('junit'), Type.Literal('html'), Type.Literal('json')]),
        /** A baseline of expected failures (JSON text) to mark in the report. */
        baseline: Type.Optional(Type.String({ maxLength: 5_000_000 })),
      },
      { additionalProperties: false },
    ),
  ),
  'runner.faults': call<{ ruleId: string; effect: string }[]>()(
    'Every fault profile the embedded bank can be put into.',
    Type.Object({}, { additionalProperties: false }),
  ),
};

export const runnerEvents = {
  'runner.event': event<RunnerEvent>('A run moved on: run, suite and check begin and end.'),
  'runner.finished': event<RunSummaryView>('A run finished, was cancelled, or could not complete.'),
};
