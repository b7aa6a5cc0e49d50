/**
 * Runs the suites for the UI: the same engine, checks and reporters as `workbench run`, with the
 * events forwarded to the views (the bridges batch them). Results stay in memory for the session.
 */
import { randomUUID } from 'node:crypto';
import { CHECKS } from '../../../../suites/index.js';
import type { Check } from '../../../core/runner/check-api/index.js';
import {
  compareRuns,
  parseRunResult,
  runChecks,
  selectChecks,
  forwardingReporter,
  type RunResult,
} from '../../../core/runner/index.js';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../../core/runner/embedded-target.js';
import { knownFaults } from '../../../core/bank/faults/index.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { CallArgs, CheckView, RuleView, RunSummaryView } from '../../contract.js';
import { catalogueOf } from './catalogue.js';
import { exportReport, type ReportFile } from './report-export.js';

interface RunRecord {
  summary: RunSummaryView;
  controller?: AbortController;
  result?: RunResult;
}

export class RunnerService {
  private readonly runs = new Map<string, RunRecord>();
  private identity?: Promise<TppIdentity>;

  constructor(
    private readonly events: EventHub,
    private readonly checks: readonly Check[] = CHECKS,
  ) {}

  catalogue(): { rules: RuleView[]; checks: CheckView[] } {
    return catalogueOf(this.checks);
  }

  start(args: CallArgs<'runner.start'>): { runId: string } {
    const mode = args.target === 'embedded-sandbox' ? 'sandbox' : 'production';
    const selection = args.selection ?? {};
    let failedIn: RunResult | undefined;
    if (selection.failedInRunId) {
      failedIn = this.runs.get(selection.failedInRunId)?.result;
      if (!failedIn)
        throw new CallRefused(
          `Run ${selection.failedInRunId} has no result to re-run the failures of.`,
        );
    }
    const checks = selectChecks(this.checks, {
      ...(selection.areas ? { areas: selection.areas } : {}),
      ...(selection.ruleIds ? { ruleIds: selection.ruleIds } : {}),
      ...(selection.checkIds ? { ids: selection.checkIds } : {}),
      ...(selection.tags ? { tags: selection.tags } : {}),
      ...(selection.text ? { text: selection.text } : {}),
      ...(failedIn ? { failedIn } : {}),
    }).filter((check) => !check.modes || check.modes.includes(mode));
    if (checks.length === 0) throw new CallRefused('No check matches this selection in this mode.');
    const known = new Set(knownFaults().map((f) => f.ruleId));
    const unknown = (args.faultProfiles ?? []).filter((id) => !known.has(id));
    if (unknown.length > 0) throw new CallRefused(`Unknown fault profiles: ${unknown.join(', ')}.`);

    const runId = randomUUID();
    const controller = new AbortController();
    const record: RunRecord = {
      summary: {
        runId,
        target: `embedded bank (${mode})`,
        mode,
        startedAt: new Date().toISOString(),
        finished: false,
      },
      controller,
    };
    this.runs.set(runId, record);
    this.identity ??= createTppIdentity();
    void this.identity
      .then((identity) => {
        const target = embeddedTarget({
          mode,
          identity,
          ...(args.faultProfiles ? { faultProfiles: args.faultProfiles } : {}),
        });
        return runChecks({
          runId,
          checks,
          target: target.info,
          createEnvironment: (_check, signal) => target.createEnvironment(signal),
          ...(args.concurrency ? { concurrency: args.concurrency } : {}),
          ...(args.timeoutMs ? { timeoutMs: args.timeoutMs } : {}),
          signal: controller.signal,
          // Evidence travels with check:end; per-item evidence events would only add traffic.
          reporters: [
            forwardingReporter('workbench', (event) => {
              if (event.type !== 'check:evidence')
                this.events.emit('runner.event', { runId, event });
            }),
          ],
        });
      })
      .then((result) => {
        record.result = result;
        record.summary = { ...record.summary, finished: true, counts: result.counts };
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
        this.events.emit('runner.finished', record.summary);
      });
    return { runId };
  }

  cancel(runId: string): RunSummaryView {
    const record = this.record(runId);
    if (!record.controller) throw new CallRefused(`Run ${runId} has already finished.`);
    record.controller.abort(new Error('cancelled by the user'));
    return record.summary;
  }

  list(): RunSummaryView[] {
    return [...this.runs.values()].map((r) => r.summary);
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
    const summary: RunSummaryView = {
      runId: result.runId,
      target: result.target.name ?? result.target.baseUrl,
      mode: result.target.mode,
      startedAt: result.startedAt,
      finished: true,
      counts: result.counts,
    };
    this.runs.set(result.runId, { summary, result });
    return summary;
  }

  compare(previousRunId: string, currentRunId: string) {
    return compareRuns(this.result(previousRunId), this.result(currentRunId));
  }

  report(args: CallArgs<'runner.report'>): ReportFile {
    return exportReport(args, (runId) => this.result(runId));
  }

  private record(runId: string): RunRecord {
    const record = this.runs.get(runId);
    if (!record) throw new CallRefused(`There is no run ${runId} in this session.`);
    return record;
  }
}
