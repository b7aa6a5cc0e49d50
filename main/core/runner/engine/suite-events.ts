/**
 * Suite events: a suite is one area's checks. It begins when its first check begins and ends when
 * its last check ends, so under concurrency the suites of neighbouring areas may overlap.
 */
import { performance } from 'node:perf_hooks';
import type { Check } from '../check-api/index.js';
import type { ReporterMultiplexer } from './events.js';
import { countStatuses, type CheckResult } from '../../../shared/run-result.js';
import type { CheckId } from '../../../shared/rule-ids.js';

interface SuiteState {
  checkIds: CheckId[];
  results: CheckResult[];
  startedAt?: number;
}

export class SuiteTracker {
  private readonly suites = new Map<string, SuiteState>();

  constructor(
    private readonly runId: string,
    checks: readonly Check[],
    private readonly reporters: ReporterMultiplexer,
  ) {
    for (const check of checks) {
      const suite = this.suites.get(check.area) ?? { checkIds: [], results: [] };
      suite.checkIds.push(check.id);
      this.suites.set(check.area, suite);
    }
  }

  checkStarting(area: string): void {
    const suite = this.suites.get(area);
    if (!suite || suite.startedAt !== undefined) return;
    suite.startedAt = performance.now();
    this.reporters.emit({
      type: 'suite:begin',
      runId: this.runId,
      area,
      checkIds: [...suite.checkIds],
    });
  }

  checkEnded(result: CheckResult): void {
    const suite = this.suites.get(result.area);
    if (!suite) return;
    suite.results.push(result);
    if (suite.results.length < suite.checkIds.length) return;
    this.reporters.emit({
      type: 'suite:end',
      runId: this.runId,
      area: result.area,
      counts: countStatuses(suite.results),
      durationMs: performance.now() - (suite.startedAt ?? performance.now()),
    });
  }
}
