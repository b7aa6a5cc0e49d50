/**
 * Runs the suites for the UI: the same engine, checks and reporters as `workbench run`, with the
 * events forwarded to the views (the bridges batch them). Results stay in memory for the session.
 */
import { randomUUID } from 'node:crypto';
import { CHECKS } from '../../../../suites/index.js';
import type { Check } from '../../../core/runner/check-api/index.js';
import { addAttempt, attemptsOf } from '../../../core/runner/index.js';
import {
  compareRuns,
  parseRunResult,
  forwardingReporter,
  runNameOf,
  recordReview,
  ReviewError,
  type RunResult,
} from '../../../core/runner/index.js';
import { createTppIdentity, type TppIdentity } from '../../../core/runner/index.js';
import { modeOf, type PlannedTarget } from '../../../core/runner/index.js';
import { planSession, runSession, type SessionPlan } from '../../../core/runner/session/index.js';
import type { ScaWaiting } from '../../../core/runner/index.js';
import type { LoadedTargetProfile } from '../../../core/runner/target-profile/index.js';
import { knownFaults } from '../../../core/bank/index.js';
import { BundleImportError, readEvidenceBundle } from '../../../core/runner/index.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type {
  CallArgs,
  CheckView,
  RuleView,
  RunnerEvent,
  RunSummaryView,
  ScaWaitingView,
} from '../../contract/index.js';
import { catalogueOf, ruleCatalogue } from './catalogue.js';
import { exportReport, type ReportFile } from './report-export.js';
import type { CheckId } from '../../../shared/rule-ids.js';

interface RunRecord {
  summary: RunSummaryView;
  controller?: AbortController;
  /** The result, with the metadata the session gave it (or the file it was read from). */
  result?: RunResult;
  /** The session's plan of a run of this session (none for a run read from a file). */
  plan?: SessionPlan;
}

/** Where the runner finds the target profiles the user added (the targets service). */
export interface ProfileSource {
  /** The profile's file read now; refuses (CallRefused) naming the file and JSON paths. */
  loadProfile(id: string): Promise<LoadedTargetProfile>;
}

/**
 * The target's active environment (the workspace's variables, docs/variables.md): the run records
 * it in its metadata and reports, so a run names the test customer or scenario it belongs to.
 */
export type EnvironmentOf = (targetId: string) => Promise<string | undefined>;

const EMBEDDED = {
  'embedded-sandbox': 'sandbox',
  'embedded-production': 'production',
} as const;

export class RunnerService {
  private readonly runs = new Map<string, RunRecord>();
  private identity?: Promise<TppIdentity>;

  constructor(
    private readonly events: EventHub,
    private readonly checks: readonly Check[] = CHECKS,
    private readonly profiles?: ProfileSource,
    private readonly environmentOf?: EnvironmentOf,
  ) {}

  catalogue(): { rules: RuleView[]; checks: CheckView[] } {
    return catalogueOf(this.checks);
  }

  /**
   * Starts a run through the run plan `workbench run` uses. Everything that can be refused (an
   * unknown profile, one that does not read, an empty selection) is refused here, before a run
   * id exists; preparing the target (the embedded bank, a manual SCA listener) happens after.
   */
  async start(args: CallArgs<'runner.start'>): Promise<{ runId: string }> {
    const target = await this.plannedTarget(args);
    const environment = await this.environmentOf?.(args.target);
    const mode = modeOf(target);
    const selection = args.selection ?? {};
    let failedIn: RunResult | undefined;
    if (selection.failedInRunId) {
      const earlier = this.runs.get(selection.failedInRunId);
      if (earlier?.summary.bundle)
        throw new CallRefused(
          `Run ${selection.failedInRunId} was imported from ${earlier.summary.bundle.fileName}: it is read-only evidence; re-run failures from a run of this session.`,
        );
      failedIn = earlier?.result;
      if (!failedIn)
        throw new CallRefused(
          `Run ${selection.failedInRunId} has no result to re-run the failures of.`,
        );
    }
    // The name the Runner shows the run's target by; its reports name the target so too.
    const targetLabel =
      target.kind === 'embedded'
        ? `embedded bank (${mode})`
        : (target.loaded.profile.name ?? target.loaded.profile.baseUrl);
    // The same session as `workbench run`: its reports carry the same metadata. A baseline is
    // marked when a report is exported (runner.report), not while the run goes.
    const plan = planSession({
      checks: this.checks,
      catalogue: ruleCatalogue,
      target,
      selection: {
        ...(selection.areas ? { areas: selection.areas } : {}),
        ...(selection.ruleIds ? { ruleIds: selection.ruleIds } : {}),
        ...(selection.checkIds ? { ids: selection.checkIds } : {}),
        ...(selection.tags ? { tags: selection.tags } : {}),
        ...(selection.text ? { text: selection.text } : {}),
        ...(failedIn ? { failedIn } : {}),
      },
      ...(selection.failedInRunId ? { rerunFailed: `run ${selection.failedInRunId}` } : {}),
      ...(target.kind === 'profile' ? { profileFile: target.loaded.source } : {}),
      targetLabel,
      ...(environment !== undefined ? { environment } : {}),
      ...(args.concurrency ? { concurrency: args.concurrency } : {}),
      ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
      profileBaseline: false,
    });
    if (plan.checks.length === 0)
      throw new CallRefused('No check matches this selection in this mode.');

    const runId = randomUUID();
    const controller = new AbortController();
    // Re-run failed of a run of this session is a further attempt of that run (attempts.ts).
    const original = selection.failedInRunId ? this.runs.get(selection.failedInRunId) : undefined;
    const attemptOf =
      original?.result && !original.summary.attemptOf
        ? {
            runId: original.summary.runId,
            attempt: attemptsOf(original.result).length + 1,
          }
        : undefined;
    const record: RunRecord = {
      summary: {
        ...(attemptOf ? { attemptOf } : {}),
        runId,
        targetId: args.target,
        target: targetLabel,
        mode,
        ...(environment !== undefined ? { environment } : {}),
        startedAt: new Date().toISOString(),
        finished: false,
        waiting: [],
      },
      controller,
      plan,
    };
    this.runs.set(runId, record);
    const emit = (event: RunnerEvent['event']) =>
      this.events.emit('runner.event', { runId, event });
    const setWaiting = (change: (waiting: ScaWaitingView[]) => ScaWaitingView[]) => {
      record.summary = { ...record.summary, waiting: change(record.summary.waiting ?? []) };
    };
    void runSession(plan, {
      hooks: {
        identity: () => (this.identity ??= createTppIdentity()),
        // A person is asked to complete SCA: the view shows the link, a reload still sees it.
        onScaWaiting: (waiting: ScaWaiting) => {
          const view: ScaWaitingView = { ...waiting };
          setWaiting((list) => [...list.filter((w) => w.checkId !== waiting.checkId), view]);
          emit({ type: 'check:waiting', runId, checkId: waiting.checkId, waiting: view });
        },
        onScaResumed: (checkId: CheckId) => {
          setWaiting((list) => list.filter((w) => w.checkId !== checkId));
          emit({ type: 'check:resumed', runId, checkId });
        },
      },
      runId,
      signal: controller.signal,
      // The views get the engine's events as they are; evidence travels with check:end, so
      // per-item evidence events would only add traffic.
      listeners: [
        forwardingReporter('workbench', (event) => {
          if (event.type !== 'check:evidence') emit(event);
        }),
      ],
    })
      .then(({ result }) => {
        record.result = result;
        record.summary = { ...record.summary, finished: true, counts: result.counts };
        if (attemptOf && original?.result) {
          original.result = addAttempt(original.result, result);
          original.summary = {
            ...original.summary,
            counts: original.result.counts,
            attempts: attemptOf.attempt,
          };
        }
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        record.summary = {
          ...record.summary,
          finished: true,
          error: `The run could not complete: ${message}`,
        };
      })
      .finally(() => {
        delete record.controller;
        // The listener is closed with the run: nobody waits any more.
        record.summary = { ...record.summary, waiting: [] };
        this.events.emit('runner.finished', record.summary);
        // The run the attempt belongs to changed too: its latest verdicts and counts.
        if (attemptOf && original) this.events.emit('runner.finished', original.summary);
      });
    return { runId };
  }

  private async plannedTarget(args: CallArgs<'runner.start'>): Promise<PlannedTarget> {
    const embeddedMode = EMBEDDED[args.target as keyof typeof EMBEDDED];
    if (embeddedMode) {
      const known = new Set(knownFaults().map((f) => f.ruleId));
      const unknown = (args.faultProfiles ?? []).filter((id) => !known.has(id));
      if (unknown.length > 0)
        throw new CallRefused(`Unknown fault profiles: ${unknown.join(', ')}.`);
      return {
        kind: 'embedded',
        mode: embeddedMode,
        ...(args.faultProfiles?.length ? { faultProfiles: args.faultProfiles } : {}),
      };
    }
    if (args.faultProfiles?.length)
      throw new CallRefused(
        'Fault profiles break rules of the embedded banks only; a target profile names a bank of its own.',
      );
    if (!this.profiles)
      throw new CallRefused(`There is no target '${args.target}' (no target profiles here).`);
    return { kind: 'profile', loaded: await this.profiles.loadProfile(args.target) };
  }

  cancel(runId: string): RunSummaryView {
    const record = this.record(runId);
    if (!record.controller) throw new CallRefused(`Run ${runId} has already finished.`);
    record.controller.abort(new Error('cancelled by the user'));
    return record.summary;
  }

  /** The runs, newest last; a finished attempt is part of its run, not a run of its own. */
  list(): RunSummaryView[] {
    return [...this.runs.values()]
      .filter((r) => !(r.summary.attemptOf && r.summary.finished))
      .map((r) => r.summary);
  }

  result(runId: string): RunResult {
    const result = this.record(runId).result;
    if (!result) throw new CallRefused(`Run ${runId} has not finished yet.`);
    return result;
  }

  import(json: string): RunSummaryView {
    let result: RunResult;
    try {
      result = parseRunResult(json, 'the imported file');
    } catch (error) {
      throw new CallRefused((error as Error).message);
    }
    const summary = importedSummary(result);
    this.runs.set(result.runId, { summary, result });
    return summary;
  }

  /**
   * Loads the run of an evidence bundle, read-only, with its seal's verdict (bundle-import.ts):
   * a bundle that does not verify is loaded too, so a person can see what it claims, but its
   * summary says so with every reason.
   */
  importBundle(fileName: string, base64: string): RunSummaryView {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64))
      throw new CallRefused(`${fileName} did not arrive as base64; choose the file again.`);
    let imported;
    try {
      imported = readEvidenceBundle(Buffer.from(base64, 'base64'), fileName);
    } catch (error) {
      if (error instanceof BundleImportError) throw new CallRefused(error.message);
      throw error;
    }
    const { result, provenance } = imported;
    const local = this.runs.get(result.runId);
    if (local && !local.summary.bundle)
      throw new CallRefused(
        `${fileName} holds run ${result.runId}, a run of this session: it is shown already.`,
      );
    const summary: RunSummaryView = {
      ...importedSummary(result),
      bundle: { ...provenance, problems: [...provenance.problems] },
    };
    this.runs.set(result.runId, { summary, result });
    return summary;
  }

  /**
   * Keeps a reviewer's decision in the run (results/review.ts); every view is told the run's new
   * counts as when a re-run's attempt joins it.
   */
  review(args: CallArgs<'runner.review'>): RunSummaryView {
    const record = this.record(args.runId);
    if (record.summary.bundle)
      throw new CallRefused(
        `Run ${args.runId} was imported from ${record.summary.bundle.fileName}: it is read-only evidence; review a run of this session.`,
      );
    const result = this.result(args.runId);
    try {
      record.result = recordReview(result, args, new Date());
    } catch (error) {
      if (error instanceof ReviewError)
        throw new CallRefused(`Run ${args.runId}: ${error.message}.`);
      throw error;
    }
    record.summary = { ...record.summary, counts: record.result.counts };
    this.events.emit('runner.finished', record.summary);
    return record.summary;
  }

  compare(previousRunId: string, currentRunId: string) {
    return compareRuns(this.result(previousRunId), this.result(currentRunId));
  }

  report(args: CallArgs<'runner.report'>): ReportFile {
    return exportReport(args, (runId) => {
      const result = this.result(runId);
      const { plan } = this.record(runId);
      return { result, runName: runNameOf(result), ...(plan ? { plan } : {}) };
    });
  }

  private record(runId: string): RunRecord {
    const record = this.runs.get(runId);
    if (!record) throw new CallRefused(`There is no run ${runId} in this session.`);
    return record;
  }
}

/** The summary of a run read from a file: finished, with the counts it carries. */
function importedSummary(result: RunResult): RunSummaryView {
  return {
    runId: result.runId,
    target: result.target.name ?? result.target.baseUrl,
    mode: result.target.mode,
    startedAt: result.startedAt,
    finished: true,
    counts: result.counts,
  };
}
