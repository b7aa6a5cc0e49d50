/**
 * The admin API's plan routes (docs/tpp-plans.md "From the app's own tests"): what a CI job calls
 * around its app's test run to start, finish and read the modules of the plan the bank plays.
 *   GET  /admin/plan                    the plan, the running module, the verdicts so far
 *   POST /admin/plan/start  {"module"}  sets the bank up, opens the module's window
 *   POST /admin/plan/finish {"module"?} closes the window and judges it
 *   GET  /admin/plan/report             the verdicts (format=json; junit and html when the host renders them)
 */
import type { BankRequest } from '../http/messages.js';
import { AdminProblem, badRequest, jsonObject, queryOf } from './answers.js';
import {
  PlanProblem,
  type PlanBankControl,
  type PlanReport,
  type PlanRun,
} from '../plans/plan-run.js';

export type PlanReportRenderer = (
  report: PlanReport,
  format: 'junit' | 'html',
) => { contentType: string; body: string };

const REPORT_FORMATS = ['json', 'junit', 'html'] as const;

export interface PlanRouteOptions {
  plan: PlanRun;
  control: PlanBankControl;
  maxBodyBytes: number;
  render?: PlanReportRenderer;
  /** A rendered report, as the admin API sends text. */
  text(contentType: string, body: string): unknown;
}

const asAdminProblem = (problem: PlanProblem) =>
  new AdminProblem(
    problem.status,
    problem.status === 409 ? 'CONFLICT' : problem.status === 404 ? 'NOT_FOUND' : 'FORMAT_ERROR',
    problem.message,
    problem.field,
  );

async function planCall<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlanProblem) throw asAdminProblem(error);
    throw error;
  }
}

export function planRoutes(options: PlanRouteOptions) {
  const { plan, control, maxBodyBytes } = options;
  const moduleOf = (request: BankRequest, required: boolean): unknown => {
    const body = jsonObject(
      request,
      maxBodyBytes,
      `a JSON object naming the module: {"module":"${plan.plan.modules[0]?.id ?? 'ID'}"}`,
    ) as Record<string, unknown>;
    const extra = Object.keys(body).filter((key) => key !== 'module');
    if (extra.length > 0) throw badRequest(extra[0]!, `unknown field '${extra[0]}': only "module"`);
    if (required && body.module === undefined)
      throw badRequest('module', `name the module: {"module":"…"}`);
    return body.module;
  };
  return {
    '/admin/plan': {
      GET: async (_request: BankRequest, url: URL) => {
        queryOf(url, []);
        return plan.view();
      },
    },
    '/admin/plan/start': {
      POST: async (request: BankRequest, url: URL) => {
        queryOf(url, []);
        const module = moduleOf(request, true);
        return planCall(() => plan.start(module, control));
      },
    },
    '/admin/plan/finish': {
      POST: async (request: BankRequest, url: URL) => {
        queryOf(url, []);
        const module = request.body.length > 0 ? moduleOf(request, false) : undefined;
        return planCall(() => plan.finish(module));
      },
    },
    '/admin/plan/report': {
      GET: async (_request: BankRequest, url: URL) => {
        const format = queryOf(url, ['format']).get('format') ?? 'json';
        if (!(REPORT_FORMATS as readonly string[]).includes(format))
          throw badRequest('format', `format must be one of ${REPORT_FORMATS.join(', ')}`);
        const report = plan.report();
        if (format === 'json') return report;
        if (!options.render)
          throw badRequest('format', `this bank's host renders no ${format} reports; ask for json`);
        const rendered = options.render(report, format as 'junit' | 'html');
        return options.text(rendered.contentType, rendered.body);
      },
    },
  };
}
