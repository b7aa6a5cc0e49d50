/**
 * Runs the suites for the UI: the same engine, checks and reporters as `workbench run`, with the
 * events forwarded to the views (the bridges batch them). Results stay in memory for the session.
 */
import { randomUUID } from 'node:crypto';
import { CHECKS } from '../../../suites/index.js';
import { RULES, describeRule } from '../../../suites/rules/index.js';
import type { Check } from '../../core/runner/check-api/index.js';
import {
  applyBaseline,
  compareRuns,
  parseBaseline,
  parseRunResult,
  renderHtmlReport,
  renderJUnit,
  runChecks,
  selectChecks,
  serializeRunResult,
  forwardingReporter,
  type RunResult,
} from '../../core/runner/index.js';
import {
  createTppIdentity,
  embeddedTarget,
  type TppIdentity,
} from '../../core/runner/embedded-target.js';
import { knownFaults } from '../../core/bank/faults/index.js';
import { CallRefused, type Implementation } from '../dispatch.js';
import type { EventHub } from '../events.js';
import type { CallArgs, CheckView, RuleView, RunSummaryView } from '../contract.js';

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
    const checksByRule = new Map<string, string[]>();
    for (const check of this.checks) {
      for (const rule of check.rules)
        checksByRule.set(rule, [...(checksByRule.get(rule) ?? []), check.id]);
    }
    return {
      rules: RULES.map((rule) => ({
        id: rule.id,
        section: rule.section,
        statement: rule.statement,
        area: rule.area,
        testable: rule.testable,
        ...(!rule.testable ? { reason: rule.reason } : {}),
        checkIds: checksByRule.get(rule.id) ?? [],
      })),
      checks: this.checks.map((check) => ({
        id: check.id,
        title: check.title,
        area: check.area,
        rules: [...check.rules],
        tags: [...(check.tags ?? [])],
        modes: [...(check.modes ?? ['sandbox', 'production'])],
        needs: [...(check.needs ?? [])],
      })),
    };
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

  report(args: CallArgs<'runner.report'>): {
    fileName: string;
    mediaType: string;
    content: string;
  } {
    let baseline;
    if (args.baseline !== undefined) {
      try {
        baseline = parseBaseline(args.baseline, 'the baseline');
      } catch (error) {
        throw new CallRefused((error as Error).message);
      }
    }
    const result = applyBaseline(this.result(args.runId), baseline).result;
    if (args.format === 'junit')
      return { fileName: 'junit.xml', mediaType: 'application/xml', content: renderJUnit(result) };
    if (args.format === 'html')
      return {
        fileName: 'report.html',
        mediaType: 'text/html',
        content: renderHtmlReport(result, { describeRule }),
      };
    return {
      fileName: 'run-result.json',
      mediaType: 'application/json',
      content: serializeRunResult(result),
    };
  }

  private record(runId: string): RunRecord {
    const record = this.runs.get(runId);
    if (!record) throw new CallRefused(`There is no run ${runId} in this session.`);
    return record;
  }
}

/** The runner's part of the contract's implementation. */
export function runnerImplementation(runner: RunnerService): Pick<Implementation, RunnerCallName> {
  return {
    'runner.catalogue': () => runner.catalogue(),
    'runner.start': (args) => runner.start(args),
    'runner.cancel': ({ runId }) => runner.cancel(runId),
    'runner.list': () => runner.list(),
    'runner.result': ({ runId }) => runner.result(runId),
    'runner.import': ({ json }) => runner.import(json),
    'runner.compare': ({ previousRunId, currentRunId }) =>
      runner.compare(previousRunId, currentRunId),
    'runner.report': (args) => runner.report(args),
    'runner.faults': () => knownFaults(),
  };
}

type RunnerCallName = Extract<keyof Implementation, `runner.${string}`>;
