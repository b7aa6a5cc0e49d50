/**
 * "Test my TPP" (docs/tpp-plans.md, "In the workbench"): the TPP test plan the embedded sandbox
 * bank plays against the tester's app. The plan run is the core's PlanRun, the one the admin API's
 * /admin/plan routes drive for `workbench bank --plan`; this service only picks the plan, hands
 * the run the bank's exchanges and maps its refusals to the contract's.
 */
import {
  PLANS,
  PlanProblem,
  PlanRun,
  planNamed,
  type PlanBankControl,
  type PlanModuleView,
} from '../../../core/bank/index.js';
import {
  PLAN_REPORT_FILES,
  TPP_REPORT_CONTENT_TYPES,
  renderPlanReport,
} from '../../../core/runner/index.js';
import { CallRefused } from '../../dispatch.js';
import type { EventHub } from '../../events.js';
import type { PlanStateView, PlanSummaryView } from '../../contract/index.js';
import type { BankService } from '../bank/bank-service.js';
import type { ReportFile } from '../runner/report-export.js';

/** The CLI's `workbench bank --plan` plays in sandbox mode; the view plays the same bank. */
const MODE = 'sandbox';

export class PlanService {
  private run?: PlanRun;

  constructor(
    private readonly banks: BankService,
    private readonly events: EventHub,
  ) {
    banks.play(MODE, {
      observe: (observation) => {
        const run = this.run;
        if (!run) return;
        run.observe(observation);
        const running = run.view().modules.find((module) => module.state === 'running');
        if (running)
          this.events.emit('plan.progress', {
            module: running.id,
            exchanges: running.exchanges ?? 0,
          });
      },
      // The modules whose situation is an answer (a 429, a 503): the same script as the CLI's.
      script: (request) => this.run?.answer(request),
    });
  }

  list(): PlanSummaryView[] {
    return PLANS.map((plan) => ({
      name: plan.name,
      title: plan.title,
      modules: plan.modules.length,
    }));
  }

  state(): PlanStateView {
    const url = this.banks.status(MODE).url;
    return { ...(this.run ? { plan: this.run.view() } : {}), ...(url ? { bankUrl: url } : {}) };
  }

  /** A new run of `name`: the verdicts of the plan played before are gone. */
  choose(name: string): PlanStateView {
    const plan = planNamed(name);
    if (!plan)
      throw new CallRefused(
        `There is no plan '${name}': one of ${PLANS.map((known) => known.name).join(', ')}.`,
      );
    const running = this.run?.view().running;
    if (running)
      throw new CallRefused(`Module ${running} is running: finish it before choosing a plan.`);
    this.run = new PlanRun(plan, { mode: MODE, url: () => this.banks.status(MODE).url });
    return this.changed();
  }

  async startModule(module: string): Promise<PlanStateView> {
    const control: PlanBankControl = this.banks.bank(MODE);
    const started = await this.played((run) => run.start(module, control));
    // Beside the exchanges in the Bank view: where the module's window opens and closes.
    this.noted(`TPP plan: module ${started.id} started; the bank is set up for it`);
    return this.changed();
  }

  async finishModule(module?: string): Promise<PlanStateView> {
    const judged = await this.played((run) => run.finish(module));
    this.noted(`TPP plan: module ${judged.id} judged ${judged.result?.status ?? ''}`.trimEnd());
    return this.changed();
  }

  report(format: 'json' | 'junit' | 'html', now = new Date()): ReportFile {
    const report = this.chosen().report(now);
    return {
      fileName: PLAN_REPORT_FILES[format],
      mediaType: TPP_REPORT_CONTENT_TYPES[format],
      content: renderPlanReport(report, format),
    };
  }

  private chosen(): PlanRun {
    if (!this.run) throw new CallRefused('No plan is chosen: choose one first.');
    return this.run;
  }

  /** A start or finish; what the plan or the bank refused is said in the view, never a crash. */
  private async played(
    action: (run: PlanRun) => PlanModuleView | Promise<PlanModuleView>,
  ): Promise<PlanModuleView> {
    const run = this.chosen();
    try {
      return await action(run);
    } catch (error) {
      if (error instanceof PlanProblem) throw new CallRefused(`${error.message}.`);
      throw new CallRefused(`The bank could not set the module up: ${(error as Error).message}`);
    }
  }

  private noted(text: string): void {
    this.banks.note(MODE, { kind: 'plan', actor: 'bank', text });
  }

  private changed(): PlanStateView {
    const state = this.state();
    this.events.emit('plan.changed', state);
    return state;
  }
}
