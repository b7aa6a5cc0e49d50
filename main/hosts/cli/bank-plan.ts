/**
 * `workbench bank --plan NAME` (docs/tpp-plans.md): the plan the bank plays, its report files at
 * stop and the exit code its verdicts give. bank-command.ts wires these in.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PlanRun,
  planNamed,
  type Bank,
  type BankOptions,
  type PlanReport,
} from '../../core/bank/index.js';
import {
  PLAN_REPORT_FILES,
  TPP_REPORT_CONTENT_TYPES,
  renderPlanReport,
} from '../../core/runner/index.js';
import type { BankCommandFlags } from './bank-flags.js';
import type { CliIo } from './io.js';

/** The plan named by --plan (checked by the flags), watching `bank`'s exchanges once wired. */
export function planOf(name: string, bank: () => Bank | undefined): PlanRun {
  const plan = planNamed(name);
  if (!plan) throw new RangeError(`no plan '${name}'`);
  return new PlanRun(plan, { mode: 'sandbox', url: () => bank()?.url });
}

/** What the bank shows the plan (every exchange) and asks it (its scripted answers). */
export function planHooks(plan: PlanRun): Pick<BankOptions, 'observe' | 'script'> {
  return {
    observe: (observation) => plan.observe(observation),
    script: (request) => plan.answer(request),
  };
}

/** The formats GET /admin/plan/report serves besides JSON. */
export function renderPlanForAdmin(report: PlanReport, format: 'junit' | 'html') {
  return { contentType: TPP_REPORT_CONTENT_TYPES[format], body: renderPlanReport(report, format) };
}

/** One line of counts, for stderr at stop. */
export function planSummary(report: PlanReport): string {
  const { counts } = report;
  return `TPP plan ${report.plan.name}: ${counts.PASS} PASS, ${counts.FAIL} FAIL, ${counts.NOT_EXERCISED} NOT_EXERCISED, ${counts.INCONCLUSIVE} INCONCLUSIVE of ${counts.total} modules.`;
}

/** 1 when a module FAILed, 3 when none was judged PASS or FAIL (a plan nobody played), else 0. */
export function planExitCode(report: PlanReport): 0 | 1 | 3 {
  if (report.counts.FAIL > 0) return 1;
  return report.counts.PASS === 0 ? 3 : 0;
}

/** Writes the plan's report files; a failure is named on stderr and returns false. */
export async function writePlanReports(
  report: PlanReport,
  target: NonNullable<BankCommandFlags['report']>,
  io: CliIo,
): Promise<boolean> {
  let ok = true;
  for (const format of target.formats) {
    const file = join(target.dir, PLAN_REPORT_FILES[format]);
    try {
      await writeFile(file, renderPlanReport(report, format));
    } catch (error) {
      io.err(
        `workbench bank: cannot write the plan's ${format} report to ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
      ok = false;
    }
  }
  return ok;
}

/**
 * At stop: the plan's summary line, its report files with --report, and the exit code — the
 * verdicts' with --report (planExitCode), 1 when a file could not be written, else 0.
 */
export async function endPlan(
  plan: PlanRun,
  report: BankCommandFlags['report'],
  io: CliIo,
): Promise<{ summary: string; exitCode: 0 | 1 | 3 }> {
  const verdicts = plan.report();
  const summary = planSummary(verdicts);
  if (!report) return { summary, exitCode: 0 };
  if (!(await writePlanReports(verdicts, report, io))) return { summary, exitCode: 1 };
  return { summary, exitCode: planExitCode(verdicts) };
}
